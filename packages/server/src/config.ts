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
  /** How long start-up waits for a Postgres server that does not answer yet. */
  databaseWaitMs: number;
  /** Rooms one client address may create per minute. */
  roomsPerMinute: number;
  /** How long a room with no connection stays loaded before it is stored and unloaded. */
  roomIdleMs: number;
  /** pino's level for the request log ('silent' turns it off). */
  logLevel: string;
};

/** The repository root, so relative defaults do not depend on the directory the server was started from. */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Reads the environment: PORT, HOST, DATABASE_URL, DATA_DIR, PUBLIC_URL, DEMO, DATABASE_WAIT, ROOMS_PER_MINUTE,
 * ROOM_IDLE_SECONDS, LOG_LEVEL. Throws on values it cannot use.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = Number(env.PORT ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0..65535, got "${env.PORT}"`);
  const publicUrl = nonEmpty(env.PUBLIC_URL)?.replace(/\/+$/, '');
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(publicUrl)) {
    throw new Error(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
  }
  const logLevel = nonEmpty(env.LOG_LEVEL)?.toLowerCase() ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: resolve(REPO_ROOT, nonEmpty(env.DATA_DIR) ?? 'data'),
    publicUrl,
    demo: !['0', 'false', 'off', 'no'].includes((env.DEMO ?? '').trim().toLowerCase()),
    clientDir: resolve(REPO_ROOT, 'packages/client/dist'),
    databaseWaitMs: 1000 * count(env, 'DATABASE_WAIT', 60),
    roomsPerMinute: count(env, 'ROOMS_PER_MINUTE', 10),
    roomIdleMs: 1000 * count(env, 'ROOM_IDLE_SECONDS', 600),
    logLevel,
  };
}

/** A whole number >= 0 from the environment, or its default. */
function count(env: Record<string, string | undefined>, key: string, fallback: number): number {
  const raw = nonEmpty(env[key]);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${key} must be a whole number >= 0, got "${raw}"`);
  return n;
}

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}
