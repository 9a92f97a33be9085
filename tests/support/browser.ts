import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../packages/server/src/db/test-database.ts';
import type { RecordingClient } from './recording-client.ts';
import { REPO_ROOT, startServer, type ServerProcess } from './server-process.ts';

/** Debian's Chromium; browser tests never download a browser of their own. */
const CHROMIUM = '/usr/bin/chromium';
const CLIENT_INDEX = join(REPO_ROOT, 'packages', 'client', 'dist', 'index.html');
/** Screenshots land here; git ignores it. */
export const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
/** How long a page may take to show what a step waits for. */
export const UI_TIMEOUT_MS = 30_000;

/** Launches headless Chromium after checking it and the built client exist, with a clear message when not. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`browser tests need Debian's Chromium at ${CHROMIUM}: apt-get update && apt-get install -y chromium`);
  }
  if (!existsSync(CLIENT_INDEX)) {
    throw new Error(`browser tests need the built client at ${CLIENT_INDEX}: run pnpm --filter @veiltable/client build`);
  }
  await mkdir(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

/** A phone-sized page (390×844, touch). */
export function phonePage(browser: Browser): Promise<Page> {
  return browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
}

/**
 * Starts Chromium and a real server for the file (on a fresh Postgres database, or on embedded PGlite) and stops
 * them, with every socket the file tracks, when it ends.
 */
export function browserStack(opts: { database: 'postgres' | 'pglite' }): { readonly url: string; readonly browser: Browser; sockets: RecordingClient[] } {
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const sockets: RecordingClient[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
    if (opts.database === 'postgres') db = await createTestDatabase();
    server = await startServer(db ? { databaseUrl: db.url } : {});
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });
  return {
    get url() {
      if (!server) throw new Error('server not started');
      return server.url;
    },
    get browser() {
      if (!browser) throw new Error('browser not launched');
      return browser;
    },
    sockets,
  };
}
