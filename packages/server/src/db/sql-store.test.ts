import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { DatabaseHandle } from './connect.ts';
import { openDatabase } from './connect.ts';
import { migrate } from './migrate.ts';
import { sqlStore } from './sql-store.ts';
import type { LogEntry, Store } from './store.ts';
import { VersionConflict } from './store.ts';
import { createTestDatabase } from './test-database.ts';

// The contract checks values round-trip; these check what actually lands in the database, so that a value
// encoded twice and decoded twice (which would still round-trip) is caught too.
const backends: [string, () => Promise<{ handle: DatabaseHandle; drop(): Promise<void> }>][] = [
  ['PGlite', async () => ({ handle: await openDatabase({ dataDir: 'memory://' }), drop: async () => {} })],
  [
    'Postgres server',
    async () => {
      const testDb = await createTestDatabase();
      return { handle: await openDatabase({ databaseUrl: testDb.url, dataDir: 'unused' }), drop: testDb.drop };
    },
  ],
];

const room = (id: string) => ({ id, game: 'free-table', title: 't', createdAt: '2025-01-01T00:00:00.000Z' });
const at = (seq: number, text: string): LogEntry => ({
  seq,
  actor: { role: 'gm' },
  command: { text },
  events: [{ text }],
  at: '2025-01-01T00:00:02.000Z',
});

describe.each(backends)('sql store on %s', (_name, open) => {
  let handle: DatabaseHandle;
  let store: Store;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    ({ handle, drop } = await open());
    store = sqlStore(handle.db);
  });
  afterAll(async () => {
    await store?.close();
    await drop();
  });

  test('objects are stored as jsonb objects and strings as jsonb strings, queryable in SQL', async () => {
    await store.createRoom(room('obj'), { name: '김철수', seats: ['s1'] });
    await store.createRoom(room('str'), '{"name":"not an object"}');
    await store.append('obj', { seq: 1, actor: { role: 'player', seat: 's1' }, command: 'ダイス', events: [], at: '2025-01-01T00:00:01.000Z' });

    const snaps = await handle.db
      .selectFrom('room_snapshots')
      .select(['room_id', sql<string>`jsonb_typeof(state)`.as('type'), sql<string | null>`state->>'name'`.as('name')])
      .orderBy('room_id')
      .execute();
    expect(snaps).toEqual([
      { room_id: 'obj', type: 'object', name: '김철수' },
      { room_id: 'str', type: 'string', name: null },
    ]);

    const ev = await handle.db
      .selectFrom('room_events')
      .select([
        sql<string>`jsonb_typeof(command)`.as('command'),
        sql<string>`actor->>'seat'`.as('seat'),
        sql<string>`jsonb_typeof(events)`.as('events'),
      ])
      .executeTakeFirstOrThrow();
    expect(ev).toEqual({ command: 'string', seat: 's1', events: 'array' });
  });

  test('migrating an up-to-date database applies nothing', async () => {
    expect(await migrate(handle.db)).toEqual([]);
  });

  test('appending to a room that does not exist is refused', async () => {
    await expect(
      store.append('no-such-room', { seq: 1, actor: { role: 'gm' }, command: {}, events: [], at: '2025-01-01T00:00:00.000Z' }),
    ).rejects.toThrow();
  });

  test('appends of many rooms made at once share statements, and each room gets its own outcome', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `many-${i}`);
    for (const id of ids) await store.createRoom(room(id), {});
    await store.append('many-3', at(1, 'already there'));
    const statements = vi.spyOn(handle.db, 'executeQuery');
    try {
      const results = await Promise.allSettled([
        ...ids.map((id) => store.appendBatch(id, [at(1, `${id} one`), at(2, `${id} two`)])),
        store.append('no-such-room-either', at(1, 'lost')),
      ]);
      const outcome = results.map((r) => (r.status === 'fulfilled' ? 'landed' : r.reason instanceof VersionConflict ? 'conflict' : 'error'));
      expect(outcome).toEqual([...ids.map((id) => (id === 'many-3' ? 'conflict' : 'landed')), 'error']);
      // One statement for the first rooms, at most a second for those that came while it was in flight; then the
      // refused one again room by room. Far fewer than one per room either way.
      expect(statements.mock.calls.length).toBeLessThanOrEqual(2 + ids.length + 1);
    } finally {
      statements.mockRestore();
    }
    for (const id of ids) {
      const log = await store.readLog(id, 0);
      if (id === 'many-3') expect(log.map((e) => e.command)).toEqual([{ text: 'already there' }]);
      else expect(log.map((e) => e.command)).toEqual([{ text: `${id} one` }, { text: `${id} two` }]);
    }
  });

  test('appends made at once without a failing room go out in one or two statements', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `together-${i}`);
    for (const id of ids) await store.createRoom(room(id), {});
    const statements = vi.spyOn(handle.db, 'executeQuery');
    try {
      await Promise.all(ids.map((id) => store.append(id, at(1, id))));
      expect(statements.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(statements.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      statements.mockRestore();
    }
    for (const id of ids) expect(await store.latestSeq(id)).toBe(1);
  });
});

// Postgres only: PGlite's one session could not hold another writer's transaction open beside the statement.
describe('sql store on the Postgres server: writers racing for a room', () => {
  let handle: DatabaseHandle;
  let store: Store;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const testDb = await createTestDatabase();
    drop = testDb.drop;
    handle = await openDatabase({ databaseUrl: testDb.url, dataDir: 'unused' });
    store = sqlStore(handle.db);
  });
  afterAll(async () => {
    await store?.close();
    await drop();
  });

  // A writer that inserted the room's next row and has not committed yet: the statement that checks the log's end
  // cannot see the row, inserts its own, and waits on the primary key, so the whole statement fails once the writer
  // commits.
  test('a statement of several rooms that fails on one raced room is tried room by room: that room conflicts, the rest land', async () => {
    const ids = ['held', 'by-0', 'by-1', 'by-2'];
    for (const id of ids) await store.createRoom(room(id), {});
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const holding = new Promise<void>((resolve) => (inserted = resolve));
    const writer = handle.db.transaction().execute(async (tx) => {
      await sql`insert into room_events (room_id, seq, actor, command, events, at)
        values ('held', 1, '{"role":"gm"}', '{"text":"other writer"}', '[]', now())`.execute(tx);
      inserted();
      await gate;
    });
    await holding;
    const statements = vi.spyOn(handle.db, 'executeQuery');
    try {
      const appends = Promise.allSettled(ids.map((id) => store.append(id, at(1, `${id} mine`))));
      // Let the statement reach the database and wait on the held row, then let the other writer commit.
      await new Promise((resolve) => setTimeout(resolve, 300));
      commit();
      await writer;
      const outcome = (await appends).map((r) => (r.status === 'fulfilled' ? 'landed' : r.reason instanceof VersionConflict ? 'conflict' : String(r.reason)));
      expect(outcome).toEqual(['conflict', 'landed', 'landed', 'landed']);
      // The shared statement, then one per room.
      expect(statements.mock.calls.length).toBe(1 + ids.length);
    } finally {
      commit();
      statements.mockRestore();
    }
    expect((await store.readLog('held', 0)).map((e) => e.command)).toEqual([{ text: 'other writer' }]);
    for (const id of ids.slice(1)) expect((await store.readLog(id, 0)).map((e) => e.command)).toEqual([{ text: `${id} mine` }]);
    });
});
