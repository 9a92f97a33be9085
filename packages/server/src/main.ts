import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { sqlStore } from './db/sql-store.ts';
import { ensureDemoRoom, formatDemoLinks } from './rooms/demo-room.ts';

/** Starts the server: database, app, listen, demo room; closes everything in order on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    // PGlite gets a folder of its own; DATA_DIR also holds the demo room's links.
    dataDir: join(config.dataDir, 'pglite'),
  });
  const store = sqlStore(database.db);
  // Known only once listening when PORT=0; links are built per request, after that.
  let publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const { app, rooms } = buildApp({ store, publicUrl: () => publicUrl, clientDir: config.clientDir });

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
  const port = (app.server.address() as AddressInfo).port;
  publicUrl = config.publicUrl ?? `http://localhost:${port}`;
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const host = wildcard ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Veiltable listening on http://${host}:${port}`);

  if (config.demo) {
    const demo = await ensureDemoRoom({ store, rooms, dataDir: config.dataDir, publicUrl });
    console.log(formatDemoLinks(demo));
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
