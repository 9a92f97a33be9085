import { describe, expect, test } from 'vitest';
import { d6View } from './view.ts';

const windows = d6View.shape.windows;
const window = (over: Record<string, unknown>) => ({ id: 'w1', kind: 'react', status: 'open', eligible: ['ch1'], passed: [], link: null, ...over });

describe('d6View windows', () => {
  test.each([
    ['D6-WIN-11 a deadline and a minimum span as ms since the epoch', { deadline: 1_700_000_030_000, minSpanEnds: 1_700_000_003_000 }, true],
    ['D6-WIN-11 no timeout (null)', { deadline: null, minSpanEnds: null }, true],
    ['D6-WIN-11 the clock withheld from a viewer who may not act (absent)', {}, true],
    ['D6-WIN-11 a deadline that is not a whole millisecond', { deadline: 1.5 }, false],
    ['D6-WIN-13 a minimum span given as text', { minSpanEnds: 'soon' }, false],
  ] as const)('%s', (_name, over, accepted) => {
    expect(windows.safeParse([window(over)]).success).toBe(accepted);
  });
});
