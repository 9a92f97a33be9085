import { describe, expect, test } from 'vitest';
import { freeTable } from '@veiltable/engine/games/free-table';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { RoomRegistry } from './room-registry.ts';

const GM = { role: 'gm' } as const;

test('create seeds the game from a fresh 64-hex seed and stores the seq-0 snapshot', async () => {
  const store = memoryStore();
  const seeds: string[] = [];
  const spyGame = { ...freeTable, setup: (seed: string) => (seeds.push(seed), freeTable.setup(seed)) };
  const rooms = new RoomRegistry({ store, games: { 'free-table': spyGame } });
  const a = await rooms.create({ title: 'A', game: 'free-table' });
  const b = await rooms.create({ title: 'B', game: 'free-table' });
  expect(seeds).toHaveLength(2);
  expect(seeds.every((s) => /^[0-9a-f]{64}$/.test(s))).toBe(true);
  expect(seeds[0]).not.toBe(seeds[1]);
  expect(a.id).not.toBe(b.id);
  expect(await store.getRoom(a.id)).toMatchObject({ title: 'A', game: 'free-table' });
  expect((await store.latestSnapshot(a.id))?.seq).toBe(0);
  expect(await rooms.get(a.id)).toBe(a);
});

test('concurrent gets of an unloaded room share one load and one Room', async () => {
  const store = memoryStore();
  const id = (await new RoomRegistry({ store, games: { 'free-table': freeTable } }).create({ title: 'T', game: 'free-table' })).id;
  let snapshotReads = 0;
  const counting: Store = {
    ...store,
    latestSnapshot: (roomId) => {
      snapshotReads++;
      return store.latestSnapshot(roomId);
    },
  };
  const rooms = new RoomRegistry({ store: counting, games: { 'free-table': freeTable } });
  const got = await Promise.all(Array.from({ length: 10 }, () => rooms.get(id)));
  expect(new Set(got).size).toBe(1);
  expect(got[0]?.id).toBe(id);
  expect(snapshotReads).toBe(1);
});

test('unknown and malformed ids give undefined, and are not cached', async () => {
  const store = memoryStore();
  const rooms = new RoomRegistry({ store, games: { 'free-table': freeTable } });
  expect(await rooms.get('AAAAAAAAAAAAAAAA')).toBeUndefined();
  expect(await rooms.get('../etc/passwd')).toBeUndefined();
  await store.createRoom({ id: 'AAAAAAAAAAAAAAAA', game: 'free-table', title: 'Late', createdAt: 'x' }, freeTable.setup('1'.repeat(64)));
  expect((await rooms.get('AAAAAAAAAAAAAAAA'))?.title).toBe('Late');
});

test('a room with the real free table reloads in another registry to the same state', async () => {
  const store = memoryStore();
  const rooms = new RoomRegistry({ store, games: { 'free-table': freeTable }, snapshotEvery: 4 });
  const room = await rooms.create({ title: 'T', game: 'free-table' });
  const commands = [
    { type: 'seat.add', name: 'Aki' },
    { type: 'seat.add', name: 'Bora' },
    { type: 'deck.create', deck: { kind: 'standard', jokers: true } },
    { type: 'deck.shuffle' },
    { type: 'deck.deal', seat: 's1', count: 5 },
    { type: 'deck.deal', seat: 's2', count: 5 },
    { type: 'decl.open', prompt: 'Which?', kind: 'card' },
  ];
  for (const c of commands) expect((await room.submit(c, GM)).ok).toBe(true);
  const fresh = await new RoomRegistry({ store, games: { 'free-table': freeTable } }).get(room.id);
  expect(fresh?.seq).toBe(7);
  expect(fresh?.state).toEqual(room.state);
  expect((await store.latestSnapshot(room.id))?.seq).toBe(4);
});

describe('idle rooms', () => {
  const IDLE = 60_000;
  function setup() {
    const store = memoryStore();
    let now = 1_000_000;
    const rooms = new RoomRegistry({ store, games: { 'free-table': freeTable }, idleMs: IDLE, now: () => now });
    return { store, rooms, advance: (ms: number) => (now += ms) };
  }
  const conn = (id: string) => ({ id, viewer: GM, send: () => {} });

  test('a room with no connection is stored and unloaded after idleMs, and loads again on demand in the same state', async () => {
    const { store, rooms, advance } = setup();
    const room = await rooms.create({ title: 'T', game: 'free-table' });
    for (const name of ['Aki', 'Bora']) expect((await room.submit({ type: 'seat.add', name }, GM)).ok).toBe(true);
    advance(IDLE - 1);
    expect(await rooms.unloadIdle()).toEqual([]);
    advance(1);
    expect(await rooms.unloadIdle()).toEqual([room.id]);
    expect(rooms.stats()).toEqual({ loaded: 0, connections: 0, queued: 0, stalledMs: 0 });
    // close() stored the live state: the reload replays nothing.
    expect((await store.latestSnapshot(room.id))?.seq).toBe(2);
    const again = await rooms.get(room.id);
    expect(again).not.toBe(room);
    expect([again?.seq, again?.state]).toEqual([2, room.state]);
    expect(rooms.stats().loaded).toBe(1);
  });

  test('a connection or a recent get keeps a room loaded', async () => {
    const { rooms, advance } = setup();
    const watched = await rooms.create({ title: 'Watched', game: 'free-table' });
    const asked = await rooms.create({ title: 'Asked', game: 'free-table' });
    await watched.attach(conn('c1'));
    advance(IDLE - 10);
    await rooms.get(asked.id);
    advance(IDLE - 10);
    expect(await rooms.unloadIdle()).toEqual([]);
    expect(rooms.stats()).toMatchObject({ loaded: 2, connections: 1 });
    // Idle from the moment it was last seen with a connection.
    watched.detach('c1');
    advance(20);
    expect(await rooms.unloadIdle()).toEqual([asked.id]);
    advance(IDLE);
    expect(await rooms.unloadIdle()).toEqual([watched.id]);
  });

  test('without idleMs rooms stay loaded', async () => {
    const rooms = new RoomRegistry({ store: memoryStore(), games: { 'free-table': freeTable } });
    await rooms.create({ title: 'T', game: 'free-table' });
    expect(await rooms.unloadIdle()).toEqual([]);
    expect(rooms.stats().loaded).toBe(1);
  });
});
