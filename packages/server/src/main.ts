import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { sqlStore } from './db/sql-store.ts';
import { ensureDemoRoom, formatDemoLinks } from './rooms/demo-room.ts';

/** Set once the server listens: an event loop that empties before then means start-up stalled on a lost promise. */
let started = false;

/** Starts the server: database, app, listen, demo room; closes everything in order on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    // PGlite gets a folder of its own; DATA_DIR also holds the demo room's links.
    dataDir: join(config.dataDir, 'pglite'),
    wait: { maxWaitMs: config.databaseWaitMs, log: (line) => console.error(`Veiltable: ${line}`) },
  });
  const store = sqlStore(database.db);
  // Known only once listening when PORT=0; links are built per request, after that.
  let publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const { app, rooms } = buildApp({
    store,
    publicUrl: () => publicUrl,
    clientDir: config.clientDir,
    logLevel: config.logLevel,
    roomsPerMinute: config.roomsPerMinute,
    roomIdleMs: config.roomIdleMs,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    try {
      await app.close();
      await store.close();
      await database.close().catch(() => undefined);
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  started = true;
  const port = (app.server.address() as AddressInfo).port;
  publicUrl = config.publicUrl ?? `http://localhost:${port}`;
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const host = wildcard ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Veiltable listening on http://${host}:${port}`);

  if (config.demo) {
    const demo = await ensureDemoRoom({ store, rooms, dataDir: config.dataDir, publicUrl });
    // The links open the room as its GM and players: they go to a terminal someone is watching, never to a log
    // (CI, docker compose, systemd), where anyone who can read the log could join as the GM.
    if (process.stdout.isTTY) console.log(formatDemoLinks(demo));
    else console.log(`Demo table ready; its links are in ${demo.file} (readable only by this user).`);
  }
}

process.once('beforeExit', () => {
  if (started) return;
  console.error('Veiltable could not start: start-up stopped waiting for the database without an answer.');
  process.exitCode = 1;
});

main().catch((e: unknown) => {
  console.error(`Veiltable could not start: ${describe(e)}`);
  process.exit(1);
});

/** An error and its causes, one line each, for an operator reading the start-up output. */
function describe(e: unknown): string {
  const lines: string[] = [];
  let cause: unknown = e;
  while (cause !== undefined && lines.length < 5) {
    lines.push(cause instanceof Error ? cause.message : String(cause));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return lines.join('\n  caused by: ');
}
