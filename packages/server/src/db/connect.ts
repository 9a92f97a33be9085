import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import { migrate } from './migrate.ts';
import type { Database } from './schema.ts';
import type { WaitOptions } from './wait-for-database.ts';
import { waitForDatabase } from './wait-for-database.ts';

export type DatabaseKind = 'postgres' | 'pglite';
export type DatabaseHandle = { db: Kysely<Database>; kind: DatabaseKind; close(): Promise<void> };

export type OpenDatabaseOptions = {
  /** A Postgres server URL. Without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  /** Wait for a Postgres server that does not answer yet (without it: one attempt). */
  wait?: WaitOptions;
};

const POOL_SIZE = 10;
/** The server's sessions are named, so an operator (or a test) can tell them apart in pg_stat_activity. */
export const APPLICATION_NAME = 'veiltable';
/** No statement of the server needs more; one that does is stuck (a lock, a lost client) and is cancelled. */
export const STATEMENT_TIMEOUT_MS = 5_000;

/** Opens Postgres (with a URL) or PGlite (without), runs pending migrations, and hands back the Kysely instance. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { db, kind } = opts.databaseUrl ? openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir);
  try {
    if (kind === 'postgres') await waitForDatabase(db, opts.wait ?? { maxWaitMs: 0, log: () => {} });
    await migrate(db);
  } catch (e) {
    await db.destroy().catch(() => undefined);
    throw e;
  }
  return { db, kind, close: () => db.destroy() };
}

/** postgres.js settings of the server's pool (the driver tests use them too). */
export function postgresOptions(applicationName = APPLICATION_NAME): postgres.Options<Record<string, never>> {
  return {
    max: POOL_SIZE,
    // The migrator's "create table if not exists" would otherwise print a NOTICE on every start.
    onnotice: () => {},
    connect_timeout: 5,
    // Seconds before reconnecting after the n-th failed connection: the default grows to 20 s after a few resets,
    // which a room would spend answering STORE_UNAVAILABLE although the database is back.
    backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, 2),
    connection: {
      application_name: applicationName,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      // A transaction whose client vanished would otherwise hold its locks until the connection is noticed dead.
      idle_in_transaction_session_timeout: 2 * STATEMENT_TIMEOUT_MS,
    },
  };
}

function openPostgres(url: string): { db: Kysely<Database>; kind: DatabaseKind } {
  const client = postgres(url, postgresOptions());
  return { db: new Kysely<Database>({ dialect: new PostgresJSDialect({ postgres: client }) }), kind: 'postgres' };
}

async function openPglite(dataDir: string): Promise<{ db: Kysely<Database>; kind: DatabaseKind }> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  // PGlite has a single session; kysely's PGlite adapter serializes every query and transaction on it.
  return { db: new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }), kind: 'pglite' };
}
