import { describe, expect, test } from 'vitest';
import type { GameTimer } from '@veiltable/engine';
import { FakeClock } from '../testing/fake-clock.ts';
import { RoomTimers } from './room-timers.ts';

type Cmd = { type: string; window: string };
const timer = (key: string, seconds: number): GameTimer<Cmd> => ({ key, seconds, command: { type: 'window.timeout', window: key } });

function setup() {
  const clock = new FakeClock();
  const fired: string[] = [];
  const timers = new RoomTimers<Cmd>(clock, (t) => fired.push(`${t.key}@${clock.now}`));
  return { clock, fired, timers };
}

describe('RoomTimers', () => {
  test('a listed timer fires once after its span, not before', () => {
    const { clock, fired, timers } = setup();
    timers.sync([timer('w1', 30)]);
    clock.advance(29_999);
    expect(fired).toEqual([]);
    clock.advance(1);
    expect(fired).toEqual(['w1@30000']);
    clock.advance(60_000);
    expect(fired).toEqual(['w1@30000']);
  });

  test('listing a timer again does not restart it', () => {
    const { clock, fired, timers } = setup();
    timers.sync([timer('w1', 10)]);
    clock.advance(6_000);
    timers.sync([timer('w1', 10)]);
    clock.advance(4_000);
    expect(fired).toEqual(['w1@10000']);
  });

  test('a timer that drops out of the list is cancelled', () => {
    const { clock, fired, timers } = setup();
    timers.sync([timer('w1', 10), timer('w2', 20)]);
    timers.sync([timer('w2', 20)]);
    expect(timers.pending).toEqual(['w2']);
    clock.advance(30_000);
    expect(fired).toEqual(['w2@20000']);
    expect(clock.count).toBe(0);
  });

  test('a fired key still listed is not armed again until it leaves the list', () => {
    const { clock, fired, timers } = setup();
    timers.sync([timer('w1', 5)]);
    clock.advance(5_000);
    // The timer's command was refused, so the state still lists it: no loop.
    timers.sync([timer('w1', 5)]);
    clock.advance(50_000);
    expect(fired).toEqual(['w1@5000']);
    timers.sync([]);
    timers.sync([timer('w1', 5)]);
    clock.advance(5_000);
    expect(fired).toEqual(['w1@5000', 'w1@60000']);
  });

  test('stop cancels everything and ignores later syncs', () => {
    const { clock, fired, timers } = setup();
    timers.sync([timer('w1', 5), timer('w2', 6)]);
    timers.stop();
    timers.sync([timer('w3', 1)]);
    clock.advance(10_000);
    expect(fired).toEqual([]);
    expect(clock.count).toBe(0);
  });
});
