import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { REPO_ROOT } from './server-process.ts';

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
