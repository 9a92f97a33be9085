import { describe, expect, test } from 'vitest';
import type { GameTimer } from '@veiltable/engine';
import { FakeClock } from '../testing/fake-clock.ts';
import { RoomTimers } from './room-timers.ts';

type Cmd = { type: string; window: string };
/** The fake clock's first reading: any fixed epoch time works, as long as deadlines are counted from it. */
const T0 = 1_700_000_000_000;
const timer = (key: string, deadline: number): GameTimer<Cmd> => ({ key, deadline, command: { type: 'window.timeout', window: key } });

function setup(start = T0) {
  const clock = new FakeClock(start);
  const fired: string[] = [];
  const timers = new RoomTimers<Cmd>(clock, (t) => fired.push(`${t.key}@${clock.now() - T0}`));
  return { clock, fired, timers };
}

describe('RoomTimers', () => {
  test('a listed timer fires once at its deadline, not before', () => {
    const { clock, fired, timers } = setup();
    timers.sync([timer('w1', T0 + 30_000)]);
    clock.advance(29_999);
    expect(fired).toEqual([]);
    clock.advance(1);
    expect(fired).toEqual(['w1@30000']);
    clock.advance(60_000);
    expect(fired).toEqual(['w1@30000']);
  });

  test('listing a timer again with the same deadline does not restart it', () => {
    const { clock, fired, timers } = setup();
    timers.sync([timer('w1', T0 + 10_000)]);
    clock.advance(6_000);
    timers.sync([timer('w1', T0 + 10_000)]);
    clock.advance(4_000);
    expect(fired).toEqual(['w1@10000']);
  });

  test('a key listed with a new deadline is re-armed for it', () => {
    const { clock, fired, timers } = setup();
    timers.sync([timer('w1', T0 + 10_000)]);
    clock.advance(6_000);
    timers.sync([timer('w1', T0 + 66_000)]);
    clock.advance(59_999);
    expect(fired).toEqual([]);
    clock.advance(1);
    expect(fired).toEqual(['w1@66000']);
    expect(clock.count).toBe(0);
  });

  test('D6-WIN-11 synced after a restart, a timer fires for what is left of its span', () => {
    // The first process armed it at T0 with 60 s to go; the second loads the room 50 s later.
    const { clock, fired, timers } = setup(T0 + 50_000);
    timers.sync([timer('w1', T0 + 60_000)]);
    clock.advance(9_999);
    expect(fired).toEqual([]);
    clock.advance(1);
    expect(fired).toEqual(['w1@60000']);
  });

  test('D6-WIN-11 a deadline that passed while nobody was running fires at once', () => {
    const { clock, fired, timers } = setup(T0 + 90_000);
    timers.sync([timer('w1', T0 + 60_000), timer('w2', T0 + 120_000)]);
    clock.advance(0);
    expect(fired).toEqual(['w1@90000']);
    expect(timers.pending).toEqual(['w2']);
  });

  test('a timer that drops out of the list is cancelled', () => {
    const { clock, fired, timers } = setup();
    timers.sync([timer('w1', T0 + 10_000), timer('w2', T0 + 20_000)]);
    timers.sync([timer('w2', T0 + 20_000)]);
    expect(timers.pending).toEqual(['w2']);
    clock.advance(30_000);
    expect(fired).toEqual(['w2@20000']);
    expect(clock.count).toBe(0);
  });

  test('a fired key still listed is not armed again until it leaves the list or its deadline changes', () => {
    const { clock, fired, timers } = setup();
    timers.sync([timer('w1', T0 + 5_000)]);
    clock.advance(5_000);
    // The timer's command was refused, so the state still lists it: no loop.
    timers.sync([timer('w1', T0 + 5_000)]);
    clock.advance(50_000);
    expect(fired).toEqual(['w1@5000']);
    timers.sync([timer('w1', T0 + 60_000)]);
    clock.advance(5_000);
    expect(fired).toEqual(['w1@5000', 'w1@60000']);
    timers.sync([]);
    timers.sync([timer('w1', T0 + 70_000)]);
    clock.advance(10_000);
    expect(fired).toEqual(['w1@5000', 'w1@60000', 'w1@70000']);
  });

  test('stop cancels everything and ignores later syncs', () => {
    const { clock, fired, timers } = setup();
    timers.sync([timer('w1', T0 + 5_000), timer('w2', T0 + 6_000)]);
    timers.stop();
    timers.sync([timer('w3', T0 + 1_000)]);
    clock.advance(10_000);
    expect(fired).toEqual([]);
    expect(clock.count).toBe(0);
  });
});
