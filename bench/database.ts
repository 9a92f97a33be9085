import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

/** Where one bench run keeps its data, and how to throw it away afterwards. */
export type BenchDatabase = {
  kind: 'postgres' | 'pglite';
  /** Environment for the Veiltable server: DATABASE_URL, or DATA_DIR for the embedded PGlite. */
  serverEnv: Record<string, string>;
  /** The database URL for the bare-commit baseline (postgres only). */
  url?: string;
  drop(): Promise<void>;
};

/** A fresh Postgres database vt_bench_<hex> on the admin URL's server; dropped (forcefully) by `drop()`. */
export async function freshPostgres(adminUrl: string): Promise<BenchDatabase> {
  const name = `vt_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    serverEnv: { DATABASE_URL: url.href },
    url: url.href,
    async drop() {
      const again = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await again.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}

/** A fresh PGlite data folder in the temp dir, as the server would keep under DATA_DIR. */
export async function freshPglite(): Promise<BenchDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'vt-bench-data-'));
  return { kind: 'pglite', serverEnv: { DATA_DIR: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
}
