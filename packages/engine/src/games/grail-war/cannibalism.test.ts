import { expect, test } from 'vitest';
import { cannibalismLoss } from './concealment.ts';

test.each<[string, number, number, 'day' | 'night', number]>([
  ['TV-SAN-01 / GW-SAN-03 "The first person costs 0": act 1, n = 1', 1, 1, 'night', 0],
  ['TV-SAN-01 / GW-SAN-03 "each further person eaten at once costs 1 more": act 1, n = 2', 1, 2, 'night', 1],
  ['TV-SAN-01 act 1, n = 3 → 0 + 1 + 2', 1, 3, 'night', 3],
  ['TV-SAN-01 / GW-SAN-03 "Each further act raises the base by 2": act 2, n = 1', 2, 1, 'night', 2],
  ['TV-SAN-01 act 2, n = 2 → 2 + 3', 2, 2, 'night', 5],
  ['TV-SAN-01 act 3, n = 1', 3, 1, 'night', 4],
  ['TV-SAN-01 act 3, n = 2 → 4 + 5', 3, 2, 'night', 9],
  ['TV-SAN-01 / GW-SAN-04 "Day scenes: all the losses above ×2": Day, act 2, n = 2', 2, 2, 'day', 10],
])('%s', (_, act, people, scene, loss) => {
  expect(cannibalismLoss(act, people, scene)).toBe(loss);
});
