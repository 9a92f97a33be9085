import { games } from '@veiltable/engine/games';
import { verifyRecord } from '@veiltable/engine/record';
import type { SessionRecord } from '@veiltable/protocol';
import { sessionRecord } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../db/connect.ts';
import { memoryStore } from '../db/memory-store.ts';
import { sqlStore } from '../db/sql-store.ts';
import type { Store } from '../db/store.ts';
import { BATCH, playedRoom, SEQ, SESSION } from '../testing/recorded-session.ts';
import { recordEntries, roomRecord } from './room-record.ts';

const STORES: [string, () => Promise<Store>][] = [
  ['memory', async () => memoryStore()],
  ['PGlite', async () => sqlStore((await openDatabase({ dataDir: 'memory://' })).db)],
];

describe.each(STORES)('a room record from the %s store', (_, makeStore) => {
  test('holds the seed the welcome committed to and every committed command, and verifies; a die changed fails at its seq', async () => {
    const store = await makeStore();
    const { rooms, room, welcome } = await playedRoom(store);
    const record = (await roomRecord(store, room.id))!;
    // Written to a file and read back, as the open edition will be.
    const parsed: SessionRecord = sessionRecord.parse(JSON.parse(JSON.stringify(record)));
    expect(parsed.commitment).toEqual(welcome.room.rng);
    expect(parsed.seed).toBe((room.state as { rng: { seed: string } }).rng.seed);
    expect(parsed.entries.map((e) => e.seq)).toEqual(Array.from({ length: SESSION.length + BATCH }, (_, i) => i + 1));
    expect(verifyRecord(parsed, games)).toMatchObject({ ok: true, entries: SESSION.length + BATCH });

    const seen = (parsed.entries[SEQ.roll - 1]!.events[0] as { parts: { seen: { item: { result: { dice: { values: number[] }[] } } } }[] }).parts[0]!.seen;
    const values = seen.item.result.dice[0]!.values;
    values[0] = (values[0]! % 6) + 1;
    expect(verifyRecord(parsed, games)).toMatchObject({ ok: false, failure: { kind: 'events', seq: SEQ.roll, event: 'roll' } });
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
