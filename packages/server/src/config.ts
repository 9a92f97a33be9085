import { resolve } from 'node:path';

export type Config = {
  port: number;
  host: string;
  /** A Postgres server; without it the embedded PGlite keeps its files in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Base of handed-out links; undefined means http://localhost:<the port actually bound>. */
  publicUrl: string | undefined;
  demo: boolean;
  clientDir: string;
};

/** The repository root, so relative defaults do not depend on the directory the server was started from. */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** Reads the environment: PORT, HOST, DATABASE_URL, DATA_DIR, PUBLIC_URL, DEMO. Throws on values it cannot use. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = Number(env.PORT ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0..65535, got "${env.PORT}"`);
  const publicUrl = nonEmpty(env.PUBLIC_URL)?.replace(/\/+$/, '');
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(publicUrl)) {
    throw new Error(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
  }
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: resolve(REPO_ROOT, nonEmpty(env.DATA_DIR) ?? 'data'),
    publicUrl,
    demo: !['0', 'false', 'off', 'no'].includes((env.DEMO ?? '').trim().toLowerCase()),
    clientDir: resolve(REPO_ROOT, 'packages/client/dist'),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}
