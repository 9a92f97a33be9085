import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from './connect.ts';
import { memoryStore } from './memory-store.ts';
import { sqlStore } from './sql-store.ts';
import { storeContract } from './store-contract.ts';
import { createTestDatabase } from './test-database.ts';

storeContract('memory', async () => ({ store: memoryStore(), cleanup: async () => {} }));

storeContract('PGlite in memory', async () => {
  const { db, kind } = await openDatabase({ dataDir: 'memory://' });
  expect(kind).toBe('pglite');
  const store = sqlStore(db);
  return { store, cleanup: () => store.close() };
});

storeContract('PGlite on disk', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'vt-pglite-'));
  const { db } = await openDatabase({ dataDir: join(dir, 'data') });
  const store = sqlStore(db);
  return {
    store,
    async cleanup() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

storeContract('Postgres server', async () => {
  const testDb = await createTestDatabase();
  const { db, kind } = await openDatabase({ databaseUrl: testDb.url, dataDir: 'unused' });
  expect(kind).toBe('postgres');
  const store = sqlStore(db);
  return {
    store,
    async cleanup() {
      await store.close();
      await testDb.drop();
    },
  };
});

describe('PGlite on disk survives a restart', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  // Two cold starts of PGlite on disk, the first one running every migration: slow on a busy machine.
  test('close, reopen the same folder: room, log, snapshot and tokens are still there', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vt-pglite-reopen-'));
    dirs.push(dir);
    const dataDir = join(dir, 'nested', 'data');
    const room = { id: 'r-reopen', game: 'free-table', title: '再開', createdAt: '2025-02-03T04:05:06.789Z' };
    const entry = { seq: 1, actor: { role: 'gm' } as const, command: { say: '안녕' }, events: [{ said: '안녕' }], at: '2025-02-03T04:05:07.000Z' };
    const token = { hash: 'h-reopen', roomId: room.id, role: 'player' as const, seat: 's1', revoked: false, sealed: 'v1.sealed' };

    const first = sqlStore((await openDatabase({ dataDir })).db);
    await first.createRoom(room, { phase: 'setup' });
    await first.append(room.id, entry);
    await first.saveSnapshot(room.id, 1, { phase: 'play' });
    await first.putToken(token);
    await first.close();

    // Reopening runs the migrator again; it must find nothing to do rather than fail on existing tables.
    const second = sqlStore((await openDatabase({ dataDir })).db);
    try {
      expect(await second.getRoom(room.id)).toEqual(room);
      expect(await second.readLog(room.id, 0)).toEqual([entry]);
      expect(await second.latestSeq(room.id)).toBe(1);
      expect(await second.latestSnapshot(room.id)).toEqual({ seq: 1, state: { phase: 'play' } });
      expect(await second.findToken(token.hash)).toEqual(token);
      await second.append(room.id, { ...entry, seq: 2 });
      expect(await second.latestSeq(room.id)).toBe(2);
    } finally {
      await second.close();
    }
  }, 90_000);
});
