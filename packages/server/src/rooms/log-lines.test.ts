import { describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import { memoryStore } from '../db/memory-store.ts';
import type { LogEntry, Store } from '../db/store.ts';
import { linesFor, readLinesBefore } from './log-lines.ts';

const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
const SPEC: Viewer = { role: 'spectator' };
const at = '2026-12-01T21:00:00.000Z';

const entry = (seq: number, events: unknown[]): LogEntry => ({ seq, actor: GM, command: { type: 'x' }, events, at });
const toAll = (n: number) => ({ type: 'said', parts: [{ to: { gm: true, spectators: true, anySeat: true }, seen: { type: 'said', n } }] });
const toGm = (n: number) => ({ type: 'hidden.from.players', parts: [{ to: { gm: true }, seen: { type: 'secret', n } }, { to: { anySeat: true }, seen: null }] });

describe('linesFor', () => {
  test.each([
    ['the GM reads both events, each with its index', GM, [{ i: 0, seen: { type: 'said', n: 1 } }, { i: 1, seen: { type: 'secret', n: 2 } }]],
    ['a seat reads the first; a part that tells it nothing gives no line', S1, [{ i: 0, seen: { type: 'said', n: 1 } }]],
    ['a spectator, admitted by no part of the second, reads the first', SPEC, [{ i: 0, seen: { type: 'said', n: 1 } }]],
  ])('%s', (_name, viewer, expected) => {
    const lines = linesFor([entry(3, [toAll(1), toGm(2)])], viewer);
    expect(lines).toEqual(expected.map((l) => ({ seq: 3, at: Date.parse(at), ...l })));
    // Only what the viewer's part said: never the stored event's type.
    expect(JSON.stringify(lines)).not.toContain('hidden.from.players');
  });

  test('entries logged before the envelope of parts give no lines', () => {
    expect(linesFor([entry(1, [{ type: 'said', text: 'old form' }]), entry(2, [toAll(2)])], GM).map((l) => l.seq)).toEqual([2]);
  });
});

/** The store's own backwards read of room r. */
const readOf = (store: Store) => (before: number, limit: number) => store.readLogBefore('r', before, limit);

describe('readLinesBefore', () => {
  test('skips entries a viewer reads nothing of, across scan chunks, and says whether older lines remain', async () => {
    const store = memoryStore();
    await store.createRoom({ id: 'r', game: 'g', title: 't', createdAt: at }, {});
    // 450 entries: every 50th is public, the rest only the GM reads.
    await store.appendBatch('r', Array.from({ length: 450 }, (_, k) => entry(k + 1, [(k + 1) % 50 === 0 ? toAll(k + 1) : toGm(k + 1)])));
    const page = await readLinesBefore(readOf(store), S1, 451, 5);
    expect(page.lines.map((l) => l.seq)).toEqual([250, 300, 350, 400, 450]);
    expect(page.more).toBe(true);
    const rest = await readLinesBefore(readOf(store), S1, page.lines[0]!.seq, 5);
    expect({ seqs: rest.lines.map((l) => l.seq), more: rest.more }).toEqual({ seqs: [50, 100, 150, 200], more: false });
    expect((await readLinesBefore(readOf(store), GM, 451, 200)).lines).toHaveLength(200);
  });
});
