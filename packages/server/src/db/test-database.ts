import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** The server tests connect to, as a user allowed to create databases. */
export const TEST_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const redact = (url: string): string => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

const admin = () => postgres(TEST_ADMIN_URL, { max: 1, connect_timeout: 5, onnotice: () => {} });

/**
 * Creates an empty database `vt_test_<hex>` on the test server so each suite has its own, and returns its
 * URL with a `drop()` that removes it. Throws (never skips) when the server is unreachable: CI starts one.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vt_test_${randomBytes(6).toString('hex')}`;
  const sql = admin();
  try {
    await sql.unsafe(`create database ${name}`);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new Error(
      `Postgres tests need a server: could not create a database through ${redact(TEST_ADMIN_URL)} (${reason}). ` +
        'Start Postgres or point TEST_DATABASE_URL at one.',
      { cause: e },
    );
  } finally {
    await sql.end({ timeout: 5 });
  }

  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const sql = admin();
      try {
        // FORCE ends sessions a failed test may have left open, so the drop cannot hang or fail on them.
        await sql.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
  };
}
