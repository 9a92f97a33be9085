import { createServer, connect, type Server, type Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../packages/server/src/db/test-database.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';

// Start-up against a Postgres server that is not there yet, and one that drops the server's session mid-migration.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const s of servers) await s.stop();
  await db?.drop();
});

/** A port that forwards to the test Postgres once `open()` is called; until then nothing listens on it. */
async function lateDatabase(): Promise<{ port: number; open(): Promise<void>; close(): Promise<void> }> {
  const probe = createServer();
  const port = await new Promise<number>((r) => probe.listen(0, '127.0.0.1', () => r((probe.address() as { port: number }).port)));
  await new Promise<void>((r) => probe.close(() => r()));
  const target = new URL(db.url);
  let proxy: Server | undefined;
  const sockets = new Set<Socket>();
  return {
    port,
    open: () =>
      new Promise<void>((resolve) => {
        proxy = createServer((client) => {
          const upstream = connect(Number(target.port), target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', () => undefined).on('close', () => sockets.delete(s));
          }
          client.pipe(upstream).pipe(client);
        });
        proxy.listen(port, '127.0.0.1', () => resolve());
      }),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
    },
  };
}

describe('start-up', () => {
  test('waits for a database that is not up yet, with a message per attempt, and starts once it answers', async () => {
    const late = await lateDatabase();
    const url = new URL(db.url);
    url.port = String(late.port);
    let output = '';
    let opened = false;
    try {
      const server = await startServer({
        databaseUrl: url.toString(),
        onOutput: (text) => {
          output += text;
          // Open the database once the server has said twice that it is waiting.
          if (!opened && (output.match(/database check \d+ failed/g) ?? []).length >= 2) {
            opened = true;
            void late.open();
          }
        },
      });
      servers.push(server);
      expect(server.output()).toMatch(/database check 1 failed after [\d.]+ s: .*ECONNREFUSED.*; trying again in [\d.]+ s/);
      expect(server.output()).toMatch(/database check 2 failed/);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      await server.stop();
    } finally {
      await late.close();
    }
  }, 120_000);

  test('a session terminated during migration exits non-zero with a message', async () => {
    // Hold the migrator's advisory lock (kysely's PostgresAdapter), so the server's migration waits on it.
    const holder = postgres(db.url, { max: 1, onnotice: () => {} });
    const reserved = await holder.reserve();
    const admin = postgres(db.url, { max: 1, onnotice: () => {} });
    await reserved`select pg_advisory_lock(3853314791062309107)`;
    let terminated = 0;
    const killer = setInterval(() => {
      void admin`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = current_database() and application_name = 'veiltable' and wait_event_type = 'Lock'`.then((rows) => {
        terminated += rows.length;
      });
    }, 50);
    try {
      const failure = await startServer({ databaseUrl: db.url }).then(
        (server) => {
          servers.push(server);
          return 'started';
        },
        (e: unknown) => String(e),
      );
      expect(terminated).toBeGreaterThan(0);
      expect(failure).toMatch(/exited early \(code 1,/);
      expect(failure).toMatch(/Veiltable could not start: database migration failed/);
      expect(failure).toMatch(/caused by: .*(CONNECTION_CLOSED|terminating connection due to administrator command)/);
    } finally {
      clearInterval(killer);
      reserved.release();
      await holder.end({ timeout: 5 });
      await admin.end({ timeout: 5 });
    }
  }, 120_000);
});
