import { describe, expect, test } from 'vitest';
import type { ServerMessage, Viewer } from '@veiltable/protocol';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { FakeClock } from '../testing/fake-clock.ts';
import type { PhasedView } from '../testing/phased-game.ts';
import { phasedGame } from '../testing/phased-game.ts';
import { RecordingPort } from '../testing/recording-port.ts';
import { Room } from './room.ts';

// Issue 14, item 6: a spectator feed "delayed on the server by a GM-set amount (seconds to minutes, or one phase
// behind): the delayed spectator's socket receives nothing before the delay has passed". One phase behind: while
// the table is in a phase, spectators see it as it stood when the phase before ended.

const GM: Viewer = { role: 'gm' };
const SPEC: Viewer = { role: 'spectator' };
const T0 = Date.UTC(2026, 0, 1, 20, 0, 0);

type Step = { type: 'reveal'; text: string } | { type: 'next' };

/** A phased room on a fake clock, snapshotting every 3 commits so phases straddle snapshots. */
async function setup(store: Store = memoryStore(), clock = new FakeClock(T0), create = true) {
  const port = new RecordingPort();
  if (create) await store.createRoom({ id: 'r', game: 'phased', title: 'Stream', createdAt: new Date(T0).toISOString() }, phasedGame.setup('6'.repeat(64)));
  const room = new Room({ id: 'r', game: phasedGame, store, port, timerHost: clock, snapshotEvery: 3 });
  await room.load();
  const run = async (steps: readonly Step[]) => {
    for (const step of steps) {
      const r = await room.submit(step, GM);
      if (!r.ok) throw new Error(r.error.code);
      clock.advance(60_000); // time alone releases nothing
    }
    await room.kick(() => false, 'NONE');
  };
  const shown = (id = 'spec') => (port.of(id).replica.view as PhasedView | undefined)?.shown;
  return { room, store, port, clock, run, shown };
}

const reveal = (text: string): Step => ({ type: 'reveal', text });
const NEXT: Step = { type: 'next' };

/** Every frame a connection received, as sent. */
const frames = (port: RecordingPort, id: string): ServerMessage[] => port.of(id).got;

describe('spectators one phase behind (issue 14 item 6)', () => {
  // Each row: the commands played after the last, what the delayed spectator is shown then, and its seq.
  const script: [string, Step[], string[], number][] = [
    ['phase 1 plays: spectators see the table as created', [reveal('p1-a'), reveal('p1-b')], [], 0],
    ['phase 2 begins: phase 1 is released whole, the entry that began phase 2 is not', [NEXT], ['p1-a', 'p1-b'], 2],
    ['phase 2 plays: nothing of it is shown', [reveal('p2-a'), reveal('p2-b'), reveal('p2-c')], ['p1-a', 'p1-b'], 2],
    ['phase 3 begins: spectators catch up to the end of phase 2', [NEXT, reveal('p3-a')], ['p1-a', 'p1-b', 'p2-a', 'p2-b', 'p2-c'], 6],
    ['two phases begin at once: the one between them is released too', [NEXT, NEXT], ['p1-a', 'p1-b', 'p2-a', 'p2-b', 'p2-c', 'p3-a'], 9],
  ];

  test('each phase reaches delayed spectators only once the next begins; the GM sees it at once', async () => {
    const t = await setup();
    expect(await t.room.setSpectatorDelay('phase')).toBe(true);
    await t.room.attach({ id: 'spec', viewer: SPEC });
    await t.room.attach({ id: 'gm', viewer: GM });
    const live: string[] = [];
    for (const [name, steps, expected, seq] of script) {
      await t.run(steps);
      for (const s of steps) if (s.type === 'reveal') live.push(s.text);
      expect([name, t.shown()]).toEqual([name, expected]);
      expect([name, t.room.seqFor(SPEC)]).toEqual([name, seq]);
      expect([name, t.shown('gm')]).toEqual([name, live]);
      // What the table shows now and spectators may not yet see is in no frame their socket ever received.
      const wire = JSON.stringify(frames(t.port, 'spec'));
      for (const text of live.filter((x) => !expected.includes(x))) expect([name, text, wire.includes(text)]).toEqual([name, text, false]);
    }
    // The check can fail: the GM's frames carry the current phase's values.
    expect(JSON.stringify(frames(t.port, 'gm'))).toContain('p3-a');
    const welcome = frames(t.port, 'spec')[0]!;
    expect(welcome.type === 'welcome' && [welcome.room.spectatorDelay, welcome.room.phased]).toEqual(['phase', true]);
  });

  test('a spectator joining mid-phase is welcomed at the end of the phase before, and pages and kicks say no more', async () => {
    const t = await setup();
    await t.room.setSpectatorDelay('phase');
    await t.run([reveal('p1-a'), NEXT, reveal('p2-secret'), reveal('p2-more')]);
    await t.room.attach({ id: 'spec', viewer: SPEC });
    await t.run([]);
    const welcome = frames(t.port, 'spec')[0]!;
    expect(welcome.type === 'welcome' && [welcome.seq, welcome.lines.map((l) => l.seq)]).toEqual([1, [1]]);
    expect(t.shown()).toEqual(['p1-a']);
    expect((await t.room.logPage(SPEC, 99, 50)).lines.map((l) => l.seq)).toEqual([1]);
    expect((await t.room.logPage(GM, 99, 50)).lines.map((l) => l.seq)).toEqual([1, 2, 3, 4]);
    await t.room.kick((c) => c.viewer.role === 'spectator', 'TOKEN_REVOKED');
    expect(frames(t.port, 'spec').at(-1)).toEqual({ type: 'kicked', code: 'TOKEN_REVOKED', seq: 1 });
    expect(JSON.stringify(frames(t.port, 'spec'))).not.toContain('p2-secret');
  });

  // Snapshots every 3 commits: the current phase began before the latest snapshot, so the feed must look further back.
  test.each([
    ['a crash (nothing saved on the way out)', (room: Room) => Promise.resolve(room.dispose())],
    ['a graceful stop (a snapshot inside the current phase)', (room: Room) => room.close()],
  ])('after %s the restarted room rebuilds the same feed from the log', async (_name, stop) => {
    const store = memoryStore();
    const clock = new FakeClock(T0);
    const t = await setup(store, clock);
    await t.room.setSpectatorDelay('phase');
    await t.room.attach({ id: 'spec', viewer: SPEC });
    await t.run([reveal('p1-a'), NEXT, reveal('p2-a'), reveal('p2-b'), reveal('p2-c'), NEXT, reveal('p3-a'), reveal('p3-b'), reveal('p3-c'), reveal('p3-d')]);
    const before = { seq: t.room.seqFor(SPEC), shown: t.shown() };
    expect(before).toEqual({ seq: 5, shown: ['p1-a', 'p2-a', 'p2-b', 'p2-c'] });
    await stop(t.room);
    const again = await setup(store, clock, false);
    expect(again.room.spectatorDelay).toBe('phase');
    await again.room.attach({ id: 'spec', viewer: SPEC });
    await again.run([]);
    expect({ seq: again.room.seqFor(SPEC), shown: again.shown() }).toEqual(before);
    expect(JSON.stringify(frames(again.port, 'spec'))).not.toContain('p3-');
    await again.run([NEXT]);
    expect(again.shown()).toEqual(['p1-a', 'p2-a', 'p2-b', 'p2-c', 'p3-a', 'p3-b', 'p3-c', 'p3-d']);
  });

  test('still in the first phase after a restart: spectators see the table as created', async () => {
    const store = memoryStore();
    const t = await setup(store);
    await t.room.setSpectatorDelay('phase');
    await t.run([reveal('p1-a'), reveal('p1-b'), reveal('p1-c'), reveal('p1-d'), reveal('p1-e')]);
    await t.room.close();
    const again = await setup(store, t.clock, false);
    await again.room.attach({ id: 'spec', viewer: SPEC });
    await again.run([]);
    expect([again.room.seqFor(SPEC), again.shown()]).toEqual([0, []]);
  });

  test('switching between a time, a phase and live welcomes spectators again as each shows the table', async () => {
    const t = await setup();
    await t.room.attach({ id: 'spec', viewer: SPEC });
    await t.run([reveal('p1-a'), NEXT, reveal('p2-a')]);
    expect(t.shown()).toEqual(['p1-a', 'p2-a']);
    await t.room.setSpectatorDelay('phase');
    await t.run([]);
    expect(frames(t.port, 'spec').at(-1)).toMatchObject({ type: 'welcome', seq: 1, room: { spectatorDelay: 'phase' } });
    expect(t.shown()).toEqual(['p1-a']);
    await t.room.setSpectatorDelay(0);
    await t.run([]);
    expect(t.shown()).toEqual(['p1-a', 'p2-a']);
    expect(t.room.connectionCount).toBe(1);
  });
});
