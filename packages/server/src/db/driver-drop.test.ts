import { Kysely, sql } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { postgresOptions } from './connect.ts';
import { createTestDatabase } from './test-database.ts';

// The postgres.js driver, as patched (patches/postgres@3.4.9.patch), when the server ends a backend under it
// (pg_terminate_backend: what a pooler, a failover or an operator does). Unpatched, a write queued for the dead
// socket throws from a setImmediate and kills the process, and a reserved connection that closed goes back to the
// pool without a socket, where every later query on it fails or never settles. The pools here have the server's
// settings (postgresOptions), under names of their own.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: postgres.Sql;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = postgres(db.url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await admin?.end({ timeout: 5 });
  await db?.drop();
});

/** Ends every backend of the test database opened under `name`. */
const terminate = (name: string) =>
  admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${name}`;

/** Resolves with the outcome, or 'hung' when the promise has not settled in time. */
async function settled<T>(p: Promise<T>, ms = 5_000): Promise<'ok' | 'failed' | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((r) => (timer = setTimeout(() => r('hung'), ms)));
  try {
    return await Promise.race([p.then(() => 'ok' as const, () => 'failed' as const), hung]);
  } finally {
    clearTimeout(timer);
  }
}

describe('postgres.js when its backend is terminated', () => {
  test('a reserved connection whose backend died fails its queries, and the pool then reconnects', async () => {
    const client = postgres(db.url, { ...postgresOptions('vt-reserved'), max: 2 });
    try {
      const reserved = await client.reserve();
      await reserved`select 1`;
      await terminate('vt-reserved');
      // The first query meets the closed socket; the second is written to a connection that has none.
      expect(await settled(reserved`select 1`)).toBe('failed');
      expect(await settled(reserved`select 1`)).toBe('failed');
      reserved.release();
      for (let i = 0; i < 4; i++) expect(await settled(client`select 1`)).toBe('ok');
      const again = await client.reserve();
      expect(await settled(again`select 1`)).toBe('ok');
      again.release();
    } finally {
      await client.end({ timeout: 5 });
    }
  });

  test('through kysely, repeated drops under load: every query settles, and afterwards every query succeeds', async () => {
    const client = postgres(db.url, { ...postgresOptions('vt-kysely'), max: 4 });
    const kysely = new Kysely<unknown>({ dialect: new PostgresJSDialect({ postgres: client }) });
    try {
      const outcomes = { ok: 0, failed: 0, hung: 0 };
      for (let round = 0; round < 15; round++) {
        const load = Array.from({ length: 16 }, (_, i) => settled(sql`select pg_sleep(0.005), ${i}::int as i`.execute(kysely)));
        await new Promise((r) => setTimeout(r, 3));
        await terminate('vt-kysely');
        for (const outcome of await Promise.all(load)) outcomes[outcome]++;
      }
      expect(outcomes.hung, JSON.stringify(outcomes)).toBe(0);
      const after = await Promise.all(Array.from({ length: 20 }, () => settled(sql`select 1`.execute(kysely))));
      expect(after.filter((o) => o !== 'ok')).toEqual([]);
    } finally {
      await kysely.destroy();
    }
  });
});
