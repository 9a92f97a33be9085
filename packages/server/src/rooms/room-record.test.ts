import { games } from '@veiltable/engine/games';
import { verifyRecord } from '@veiltable/engine/record';
import type { ServerMessage, SessionRecord, Viewer } from '@veiltable/protocol';
import { sessionRecord } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../db/connect.ts';
import { memoryStore } from '../db/memory-store.ts';
import { sqlStore } from '../db/sql-store.ts';
import type { Store } from '../db/store.ts';
import { RecordingPort } from '../testing/recording-port.ts';
import { recordEntries, roomRecord } from './room-record.ts';
import { RoomRegistry } from './room-registry.ts';

const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
const S2: Viewer = { role: 'player', seat: 's2' };

const STORES: [string, () => Promise<Store>][] = [
  ['memory', async () => memoryStore()],
  ['PGlite', async () => sqlStore((await openDatabase({ dataDir: 'memory://' })).db)],
];

/** A free-table evening: seats, dice of each visibility, a sealed declaration revealed, a shuffled deck dealt. */
const SESSION: [Viewer, unknown][] = [
  [GM, { type: 'seat.add', name: 'Ann' }],
  [GM, { type: 'seat.add', name: 'Bo' }],
  [S1, { type: 'roll', expr: '2d6' }],
  [GM, { type: 'roll', expr: '1d100', visibility: 'gm' }],
  [GM, { type: 'decl.open', prompt: 'Where?', kind: 'text' }],
  [S1, { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'north' } }],
  [S2, { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'south' } }],
  [GM, { type: 'deck.create', deck: { kind: 'standard' } }],
  [GM, { type: 'deck.shuffle' }],
  [GM, { type: 'deck.deal', seat: 's2', count: 5 }],
];

/** A room of the real games that ran SESSION (plus three rolls sent at once, committed as one batch). */
async function playedRoom(store: Store) {
  const port = new RecordingPort();
  const rooms = new RoomRegistry({ store, games, port: () => port, snapshotEvery: 4 });
  const room = await rooms.create({ title: 'Record', game: 'free-table' });
  for (const [actor, command] of SESSION) expect((await room.submit(command, actor)).ok).toBe(true);
  // A refusal commits nothing, so the record has no entry for it.
  expect((await room.submit({ type: 'seat.add', name: 'Cy' }, S1)).ok).toBe(false);
  const batch = await Promise.all([S1, S2, GM].map((actor) => room.submit({ type: 'roll', expr: '3d6' }, actor)));
  expect(batch.every((r) => r.ok)).toBe(true);
  await room.attach({ id: 'c1', viewer: S1 });
  const welcome = port.of('c1').got.find((m): m is Extract<ServerMessage, { type: 'welcome' }> => m.type === 'welcome')!;
  return { rooms, room, welcome };
}

describe.each(STORES)('a room record from the %s store', (_, makeStore) => {
  test('holds the seed the welcome committed to and every committed command, and verifies; a die changed fails at its seq', async () => {
    const store = await makeStore();
    const { rooms, room, welcome } = await playedRoom(store);
    const record = (await roomRecord(store, room.id))!;
    // Written to a file and read back, as the open edition will be.
    const parsed: SessionRecord = sessionRecord.parse(JSON.parse(JSON.stringify(record)));
    expect(parsed.commitment).toEqual(welcome.room.rng);
    expect(parsed.seed).toBe((room.state as { rng: { seed: string } }).rng.seed);
    expect(parsed.entries.map((e) => e.seq)).toEqual(Array.from({ length: SESSION.length + 3 }, (_, i) => i + 1));
    expect(verifyRecord(parsed, games)).toMatchObject({ ok: true, entries: SESSION.length + 3 });

    const seen = (parsed.entries[2]!.events[0] as { parts: { seen: { item: { result: { dice: { values: number[] }[] } } } }[] }).parts[0]!.seen;
    const values = seen.item.result.dice[0]!.values;
    values[0] = (values[0]! % 6) + 1;
    expect(verifyRecord(parsed, games)).toMatchObject({ ok: false, failure: { kind: 'events', seq: 3, event: 'roll' } });
    await rooms.close();
    await store.close();
  });
});

test('entries stream a chunk at a time, in order, with nothing left out at the chunk edges', async () => {
  const store = memoryStore();
  const { rooms, room } = await playedRoom(store);
  const all = (await roomRecord(store, room.id))!.entries;
  for (const chunk of [1, 2, 5, all.length, all.length + 1]) {
    const streamed = [];
    for await (const entry of recordEntries(store, room.id, chunk)) streamed.push(entry);
    expect(streamed).toEqual(all);
  }
  await rooms.close();
});

test('no record for a room that does not exist', async () => {
  expect(await roomRecord(memoryStore(), 'nosuchroom000000')).toBeUndefined();
});
