import { expect, test } from 'vitest';
import { TokenBucket } from './rate-limit.ts';

test('a full bucket allows its burst, then refills at the given rate, never above the burst', () => {
  let t = 0;
  const bucket = new TokenBucket({ burst: 3, perSecond: 2, now: () => t });
  expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  t = 499;
  expect(bucket.take()).toBe(false);
  t = 500;
  expect(bucket.take()).toBe(true);
  expect(bucket.take()).toBe(false);
  t = 60_000;
  expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
});
