import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import { migrate } from './migrate.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'postgres' | 'pglite';
export type DatabaseHandle = { db: Kysely<Database>; kind: DatabaseKind; close(): Promise<void> };

export type OpenDatabaseOptions = {
  /** A Postgres server URL. Without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `memory://` keeps everything in memory (tests). */
  dataDir: string;
};

const POOL_SIZE = 10;

/** Opens Postgres (with a URL) or PGlite (without), runs pending migrations, and hands back the Kysely instance. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { db, kind } = opts.databaseUrl ? openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir);
  try {
    await migrate(db);
  } catch (e) {
    await db.destroy();
    throw e;
  }
  return { db, kind, close: () => db.destroy() };
}

function openPostgres(url: string): { db: Kysely<Database>; kind: DatabaseKind } {
  const client = postgres(url, {
    max: POOL_SIZE,
    // The migrator's "create table if not exists" would otherwise print a NOTICE on every start.
    onnotice: () => {},
  });
  return { db: new Kysely<Database>({ dialect: new PostgresJSDialect({ postgres: client }) }), kind: 'postgres' };
}

async function openPglite(dataDir: string): Promise<{ db: Kysely<Database>; kind: DatabaseKind }> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  // PGlite has a single session; kysely's PGlite adapter serializes every query and transaction on it.
  return { db: new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }), kind: 'pglite' };
}
