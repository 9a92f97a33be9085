import { games } from '@veiltable/engine/games';
import type { ExportViewStep, ServerMessage, Viewer } from '@veiltable/protocol';
import { exportDocument, sameJson, ViewReplica } from '@veiltable/protocol';
import { beforeAll, describe, expect, test } from 'vitest';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { RecordingPort } from '../testing/recording-port.ts';
import { SEQ, SESSION } from '../testing/recorded-session.ts';
import { ReplayMismatch } from './replay.ts';
import { RoomRegistry } from './room-registry.ts';
import { exportHead, exportJson, exportLines, exportViews } from './viewer-export.ts';

// Issue 14, item 5: an export carries the viewer's view at every step, so a page can replay the session as that
// viewer saw it. The views are replayed from the room's first snapshot; here they are checked against the live
// room's own state, kept after every command as it ran.

const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
const S2: Viewer = { role: 'player', seat: 's2' };
const SPECTATOR: Viewer = { role: 'spectator' };
const game = games['free-table']!;
const NOW = new Date('2026-12-02T06:00:00Z');

/** SESSION, with table talk (no view changes), a GM's note (the GM's view alone) and a character's secret face. */
const PLAYED: [Viewer, unknown][] = [
  ...SESSION,
  [S1, { type: 'chat.send', to: { kind: 'all' }, text: 'evening' }],
  [GM, { type: 'note.add', text: 'the butler did it' }],
  [S1, { type: 'chat.send', to: { kind: 'gm' }, text: 'psst' }],
  [S2, { type: 'cast.set', character: 's2.c1', name: 'Masked', secret: { name: 'Lady Ash' } }],
  [GM, { type: 'chat.send', to: { kind: 'all' }, text: 'S2D6 hidden' }],
  [GM, { type: 'deck.deal', seat: 's1', count: 2 }],
];

type Played = { store: Store; roomId: string; lastSeq: number; states: unknown[] };
let played: Played;

/** The room after PLAYED, one command at a time (snapshots every 4 seqs), with its live state at every seq. */
beforeAll(async () => {
  const store = memoryStore();
  const rooms = new RoomRegistry({ store, games, port: () => new RecordingPort(), snapshotEvery: 4 });
  const room = await rooms.create({ title: 'Replay', game: 'free-table' });
  const states = [room.state];
  for (const [actor, command] of PLAYED) {
    const done = await room.submit(command, actor);
    if (!done.ok) throw new Error(`${JSON.stringify(command)} refused: ${done.error.code}`);
    states[room.seq] = room.state;
  }
  await rooms.close();
  played = { store, roomId: room.id, lastSeq: room.seq, states };
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The views of the viewer's export file, read back from its text and replayed: the view held at every seq. */
async function replayed(viewer: Viewer): Promise<{ steps: ExportViewStep[]; at: unknown[] }> {
  const { store, roomId, lastSeq } = played;
  const head = (await exportHead(store, roomId, viewer, { lang: 'en', tz: 'UTC' }, NOW))!;
  const lines = exportLines(store, roomId, viewer, lastSeq);
  const text = (await collect(exportJson(head, lines, exportViews(store, game, roomId, viewer, lastSeq, NOW, 3)))).join('');
  const file = JSON.parse(text) as { views: ExportViewStep[] };
  exportDocument.parse(file);
  const replica = new ViewReplica();
  const at: unknown[] = [];
  for (const step of file.views) {
    expect(replica.receive({ type: 'update', ...step } as ServerMessage), `the step at seq ${step.seq}`).toBe('changed');
    at[step.seq] = JSON.parse(JSON.stringify(replica.view));
  }
  // A seq without a step holds the view of the step before it.
  for (let seq = 1; seq <= lastSeq; seq++) if (!(seq in at)) at[seq] = at[seq - 1];
  return { steps: file.views, at };
}

const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe.each([
  ['the GM', GM],
  ['seat s1', S1],
  ['seat s2, dealt cards', S2],
  ['a spectator', SPECTATOR],
] as const)('the views in the export of %s', (_name, viewer) => {
  test('replayed in order through a ViewReplica, are its view of the live room at every seq', async () => {
    const { at } = await replayed(viewer);
    expect(at.length).toBe(played.lastSeq + 1);
    for (let seq = 0; seq <= played.lastSeq; seq++) {
      expect({ seq, view: at[seq] }).toEqual({ seq, view: asJson(game.view(played.states[seq], viewer)) });
    }
  });

  test('have a step at seq 0 and then only at a seq whose entry changed its view', async () => {
    const { steps } = await replayed(viewer);
    const changed = [0];
    for (let seq = 1; seq <= played.lastSeq; seq++) {
      if (!sameJson(asJson(game.view(played.states[seq - 1], viewer)), asJson(game.view(played.states[seq], viewer)))) changed.push(seq);
    }
    expect(steps.map((s) => s.seq)).toEqual(changed);
    // The talk at the table changes no view: those seqs cost nothing.
    expect(changed.length).toBeLessThan(played.lastSeq);
    expect(steps.slice(1).every((s, k) => 'patch' in s && s.patch.base === steps[k]!.seq)).toBe(true);
  });
});

test('a seq changes the views of some viewers only: the GM\'s note is a step of the GM\'s export alone', async () => {
  const note = PLAYED.findIndex(([, c]) => (c as { type: string }).type === 'note.add') + 1;
  const seqs = async (viewer: Viewer) => (await replayed(viewer)).steps.map((s) => s.seq);
  expect(await seqs(GM)).toContain(note);
  for (const viewer of [S1, S2, SPECTATOR]) expect(await seqs(viewer)).not.toContain(note);
});

test('the views are the same whatever the chunk the log is read in', async () => {
  const { store, roomId, lastSeq } = played;
  const whole = await collect(exportViews(store, game, roomId, GM, lastSeq, NOW));
  for (const chunk of [1, 4, lastSeq, lastSeq + 1]) expect(await collect(exportViews(store, game, roomId, GM, lastSeq, NOW, chunk))).toEqual(whole);
});

test('a log the rules now replay otherwise stops the views at that seq: no view the room never had is written', async () => {
  const { store, roomId, lastSeq } = played;
  // The die s1 rolled, changed in the log: replaying the roll draws the real one, which disagrees.
  const tampered: Store = {
    ...store,
    readLog: async (id, after, limit) =>
      (await store.readLog(id, after, limit)).map((e) => (e.seq === SEQ.roll ? { ...e, events: JSON.parse(JSON.stringify(e.events).replace(/"values":\[(\d)/, (_m, d: string) => `"values":[${(Number(d) % 6) + 1}`)) } : e)),
  };
  const steps: ExportViewStep[] = [];
  const run = async () => {
    for await (const step of exportViews(tampered, game, roomId, GM, lastSeq, NOW)) steps.push(step);
  };
  await expect(run()).rejects.toBeInstanceOf(ReplayMismatch);
  expect(steps.length).toBeGreaterThan(0);
  expect(steps.every((s) => s.seq < SEQ.roll)).toBe(true);
});

test('a long replay gives the event loop turns: the other rooms, and the export\'s own socket, are not held up to its end', async () => {
  const store = memoryStore();
  const rooms = new RoomRegistry({ store, games, port: () => new RecordingPort() });
  const room = await rooms.create({ title: 'Long', game: 'free-table' });
  expect((await room.submit({ type: 'seat.add', name: 'Ann' }, GM)).ok).toBe(true);
  for (let n = 0; n < 300; n++) expect((await room.submit({ type: 'chat.send', to: { kind: 'all' }, text: `line ${n}` }, S1)).ok).toBe(true);
  await rooms.close();
  // The memory store answers without a turn of the loop, as an embedded one does: only the replay's own turns count.
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const start = turns;
  await collect(exportViews(store, game, room.id, S1, room.seq, NOW));
  ticking = false;
  expect(turns - start).toBeGreaterThanOrEqual(4);
});
