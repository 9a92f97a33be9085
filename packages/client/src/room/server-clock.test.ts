import { describe, expect, test } from 'vitest';
import { secondsLeft, ServerClock } from './server-clock.svelte.ts';

describe('ServerClock', () => {
  test('a time that came unasked sets the offset as if read on arrival', () => {
    const clock = new ServerClock();
    clock.sample(10_000, 7_000);
    expect(clock.offset).toBe(3_000);
    expect(clock.now(8_000)).toBe(11_000);
  });

  test('an answer counts as read halfway through its round trip, and the newest sample wins', () => {
    const clock = new ServerClock();
    clock.sample(10_000, 7_000);
    clock.sample(50_500, 40_600, 40_000);
    expect(clock.offset).toBe(10_200);
  });
});

describe('secondsLeft (D6-WIN-11)', () => {
  test.each([
    ['a whole number of seconds', 60_000, 30_000, 30],
    ['a part second rounds up, so 0 shows only once the time is up', 60_000, 59_001, 1],
    ['exactly at the deadline', 60_000, 60_000, 0],
    ['past the deadline', 60_000, 75_000, 0],
  ])('%s', (_name, deadline, now, left) => {
    expect(secondsLeft(deadline, now)).toBe(left);
  });
});

describe('ServerClock pings', () => {
  test('the pong of the ping asked refines the offset once; any other pong is ignored', () => {
    const clock = new ServerClock();
    clock.sample(10_000, 7_000);
    clock.asking('t1', 8_000);
    clock.answered('t2', 99_999, 8_400);
    expect(clock.offset).toBe(3_000);
    clock.answered('t1', 11_300, 8_400);
    expect(clock.offset).toBe(3_100);
    clock.answered('t1', 50_000, 9_000);
    expect(clock.offset).toBe(3_100);
  });
});
