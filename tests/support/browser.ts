import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { REPO_ROOT } from './server-process.ts';
import { serverStack, type ServerStack } from './server-stack.ts';

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

/** A laptop-sized page (1280×800), as a GM at a desk would use. */
export function laptopPage(browser: Browser): Promise<Page> {
  return browser.newPage({ viewport: { width: 1280, height: 800 } });
}

/** Waits until a page's connection badge says it is online in its room. */
export async function waitOnline(page: Page): Promise<void> {
  await page.locator('[data-testid="connection-status"][data-status="online"]').waitFor({ timeout: UI_TIMEOUT_MS });
}

/** Waits until exactly `count` elements match the selector. */
export async function waitForCount(page: Page, selector: string, count: number): Promise<void> {
  try {
    await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n, [selector, count] as const, {
      timeout: UI_TIMEOUT_MS,
    });
  } catch {
    const found = await page.locator(selector).count();
    throw new Error(`expected ${count} × ${selector}, found ${found}`);
  }
}

/** A link a page opens: a phone's unless `laptop`; `watch` is handed the page before it opens the link (to record its traffic). */
export type PageLink = { url: string; laptop?: boolean; watch?: (page: Page) => void };

/**
 * Opens a page per link, each online in its room, and runs `body` with them; an uncaught error or a CSP violation
 * on any page fails the test once `body` is done. On a failure each page's screenshot is saved as `<name>-failure-<n>.png`. The pages
 * are closed in any case.
 */
export async function withPages<const L extends readonly PageLink[]>(
  browser: Browser,
  name: string,
  links: L,
  body: (pages: { [K in keyof L]: Page }) => Promise<void>,
): Promise<void> {
  const pages: Page[] = [];
  const errors: string[] = [];
  try {
    for (const link of links) {
      const page = await (link.laptop ? laptopPage(browser) : phonePage(browser));
      page.on('pageerror', (e) => errors.push(e.message));
      // The server's Content-Security-Policy must let the built client do everything it does.
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
      });
      pages.push(page);
      link.watch?.(page);
      await page.goto(link.url);
    }
    for (const page of pages) await waitOnline(page);
    await body(pages as { [K in keyof L]: Page });
    expect(errors).toEqual([]);
  } catch (e) {
    for (const [i, page] of pages.entries()) await page.screenshot({ path: join(ARTIFACTS, `${name}-failure-${i + 1}.png`), fullPage: true }).catch(() => {});
    throw e;
  } finally {
    for (const page of pages) await page.close();
  }
}

/** Chromium and a real server for the file (see serverStack), both stopped when the file ends. */
export function browserStack(opts: { database: 'postgres' | 'pglite' }): ServerStack & { readonly browser: Browser } {
  const stack = serverStack(opts);
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get url() {
      return stack.url;
    },
    get server() {
      return stack.server;
    },
    get databaseUrl() {
      return stack.databaseUrl;
    },
    get browser() {
      if (!browser) throw new Error('browser not launched');
      return browser;
    },
    sockets: stack.sockets,
  };
}
