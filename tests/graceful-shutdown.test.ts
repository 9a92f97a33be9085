import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../packages/server/src/db/connect.ts';
import { sqlStore } from '../packages/server/src/db/sql-store.ts';
import { createTestDatabase } from '../packages/server/src/db/test-database.ts';
import { createRoom } from './support/http-api.ts';
import { RecordingClient } from './support/recording-client.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';

// A server stopped with SIGTERM stores every loaded room's live state as a snapshot, so the next start (perhaps a
// later version of the rules) replays nothing; a SIGKILL leaves the log to be replayed (see crash-safety).

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: ServerProcess;
const sockets: RecordingClient[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startServer({ databaseUrl: db.url });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
  await db?.drop();
});

describe('graceful shutdown', () => {
  test('SIGTERM stores each room at its last acknowledged seq; the restarted server starts from there', async () => {
    const rooms = await Promise.all(['Tea', 'Storm'].map((title) => createRoom(server.url, title, ['Aiko'])));
    const gms = rooms.map((room, i) => new RecordingClient(server.url, room.gmToken, `gm${i}`));
    sockets.push(...gms);
    await Promise.all(gms.map((c) => c.connect()));
    const acked: number[] = [];
    for (const [i, gm] of gms.entries()) {
      let seq = 0;
      for (let n = 0; n <= i + 2; n++) seq = await gm.run({ type: 'chat.send', to: { kind: 'all' }, text: `line ${n}` });
      acked.push(seq);
    }

    await server.kill('SIGTERM');
    const handle = await openDatabase({ databaseUrl: db.url, dataDir: 'unused' });
    const store = sqlStore(handle.db);
    try {
      for (const [i, room] of rooms.entries()) {
        expect(acked[i]).toBeGreaterThan(0);
        expect((await store.latestSnapshot(room.roomId))?.seq).toBe(acked[i]);
        expect(await store.latestSeq(room.roomId)).toBe(acked[i]);
      }
    } finally {
      await store.close();
    }

    await server.restart();
    const back = new RecordingClient(server.url, rooms[1]!.gmToken, 'gm1-back');
    sockets.push(back);
    await back.connect();
    expect(back.lastSeq).toBe(acked[1]);
  });
});
