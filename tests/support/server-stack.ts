import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../packages/server/src/db/test-database.ts';
import type { RecordingClient } from './recording-client.ts';
import { startServer, type ServerProcess } from './server-process.ts';

/** `databaseUrl`: the server's Postgres database, for tests that read what it stored (undefined on PGlite). */
export type ServerStack = { readonly url: string; readonly server: ServerProcess; readonly databaseUrl: string | undefined; sockets: RecordingClient[] };

/**
 * Starts a real server process for the test file (on a fresh Postgres database, or on embedded PGlite) and stops it,
 * with every socket the file tracks in `sockets`, when the file ends.
 */
export function serverStack(opts: { database: 'postgres' | 'pglite' }): ServerStack {
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let server: ServerProcess | undefined;
  const sockets: RecordingClient[] = [];
  beforeAll(async () => {
    if (opts.database === 'postgres') db = await createTestDatabase();
    server = await startServer(db ? { databaseUrl: db.url } : {});
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
    await db?.drop();
  });
  return {
    get url() {
      return this.server.url;
    },
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
    get databaseUrl() {
      return db?.url;
    },
    sockets,
  };
}
