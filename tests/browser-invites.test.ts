import { join } from 'node:path';
import jsqr from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, waitForCount, waitOnline } from './support/browser.ts';

// Issue 13, item 6: a two-minute GM setup. On a 390 px phone the GM creates a room from the home page, adds three
// seats in one go, copies one invitation with every link, and finds the same links on a second device that has only
// the GM link (and a seat added there shows up on the phone); each player link seats its player, and each QR code
// reads back as its link.

const stack = browserStack({ database: 'pglite' });

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

/** A fresh browser profile (its own storage), phone-sized, in a language; every page error is collected. */
async function phone(browser: Browser, locale: string, errors: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, locale });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return { context, page };
}

/** The seat links and the spectator link the invite panel shows, in seat order. */
async function shownLinks(page: Page): Promise<{ seats: string[]; spectator: string }> {
  const seats = await page.locator('[data-testid="invite-row"] [data-testid="seat-link"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const spectator = await page.locator('[data-testid="spectator-link"]').inputValue();
  return { seats, spectator };
}

/** Reads the QR code of a row the way a phone camera would: from its pixels on screen. */
async function readQr(page: Page, row: string): Promise<{ decoded: string | undefined; dataUrl: string | null }> {
  const scope = page.locator(row);
  await scope.locator('summary').click();
  const qr = scope.locator('[data-testid="invite-qr"]');
  await qr.waitFor({ timeout: UI_TIMEOUT_MS });
  const png = PNG.sync.read(await qr.screenshot());
  // jsqr is CommonJS whose exports also carry its function as `default`: the one name that types and runs alike.
  const read = jsqr.default(new Uint8ClampedArray(png.data), png.width, png.height);
  return { decoded: read?.data, dataUrl: await qr.getAttribute('data-url') };
}

type Case = { game: string; locale: string; title: string; names: string[]; heading: string; extra: string };

const CASES: Case[] = [
  { game: 'free-table', locale: 'ko-KR', title: '달빛 여관', names: ['플레이어 1', '플레이어 2', '플레이어 3'], heading: 'Veiltable 「달빛 여관」 초대장입니다.', extra: '김다나' },
  { game: 'call-of-t', locale: 'ja-JP', title: '遺跡の夜', names: ['プレイヤー1', 'プレイヤー2', 'プレイヤー3'], heading: 'Veiltable「遺跡の夜」への招待です。', extra: '山田' },
];

describe('browser · invitations', () => {
  test.each(CASES)('$game: three seats at once, copy all, the same links on a second GM device, each link seats its player', async (c) => {
    const browser = stack.browser;
    const errors: string[] = [];
    const contexts: BrowserContext[] = [];
    const open = async (locale: string) => {
      const opened = await phone(browser, locale, errors);
      contexts.push(opened.context);
      return opened.page;
    };
    const pages: Page[] = [];
    try {
      // The GM's phone: the home page, a room of the game.
      const gm = await open(c.locale);
      pages.push(gm);
      await gm.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
      // A phone's share sheet, as Chromium on Linux has none: it records what it was handed.
      await gm.context().addInitScript(() => {
        const shared: ShareData[] = [];
        Object.assign(window, { shared });
        Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void shared.push(data) });
      });
      await gm.goto(stack.url);
      await gm.getByTestId('room-title').fill(c.title);
      await gm.getByTestId('room-game').selectOption(c.game);
      await gm.getByTestId('room-create').click();
      // The room's page; its token may already have left the address bar by the time the page has loaded.
      await gm.waitForURL(/\/r\/[A-Za-z0-9_-]+(#|$)/, { timeout: UI_TIMEOUT_MS });
      await waitOnline(gm);
      // The page took the token out of its address bar and kept it for the tab: the GM's link is rebuilt from it.
      const roomPath = new URL(gm.url()).pathname;
      expect(gm.url()).not.toContain('#t=');
      const kept = await gm.evaluate((id) => sessionStorage.getItem(`veiltable.token.${id}`), roomPath.split('/')[2]!);
      expect(kept).toBeTruthy();
      const gmUrl = `${stack.url}${roomPath}#t=${kept}`;

      // Three seats in one go: the number 3.
      await gm.getByTestId('invite-add-input').fill('3');
      await gm.getByTestId('invite-add-submit').click();
      await waitForCount(gm, '[data-testid="invite-row"] [data-testid="seat-link"]', 3);
      const rowNames = await gm.locator('[data-testid="invite-row"] strong').allInnerTexts();
      expect(rowNames).toEqual(c.names);
      const links = await shownLinks(gm);
      expect(new Set(links.seats).size).toBe(3);
      for (const url of [...links.seats, links.spectator]) expect(url.startsWith(`${stack.url}/r/`)).toBe(true);

      // Copy all: one message, in the GM's language, with every seat's name and link and the spectator link.
      await gm.getByTestId('invite-copy-all').click();
      const copied = await gm.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await gm.getByTestId('invite-message').inputValue());
      const lines = copied.split('\n');
      expect(lines[0]!.startsWith(c.heading)).toBe(true);
      for (const [i, name] of c.names.entries()) expect(lines[i + 1]).toMatch(new RegExp(`^${name}[:：] ?${escape(links.seats[i]!)}$`));
      expect(lines[4]).toContain(links.spectator);
      expect(lines).toHaveLength(5);
      // The share sheet gets the same message, and one seat's line from its row.
      await gm.getByTestId('invite-share-all').click();
      await gm.locator('[data-testid="invite-row"]').nth(1).getByTestId('seat-share').click();
      const shared = await gm.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
      expect(shared).toEqual([
        { title: c.title, text: copied },
        { title: c.title, text: lines[2] },
      ]);
      // Nothing sticks out of a 390 px screen.
      expect(await gm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await gm.screenshot({ path: join(ARTIFACTS, `browser-invites-${c.game}-gm.png`), fullPage: true });

      // Each QR code reads back as its link.
      for (const [i, seat] of (await gm.locator('[data-testid="invite-row"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-seat')))).entries()) {
        const qr = await readQr(gm, `[data-testid="invite-row"][data-seat="${seat}"]`);
        expect(qr).toEqual({ decoded: links.seats[i], dataUrl: links.seats[i] });
      }
      const spectatorQr = await readQr(gm, '[data-testid="invite-spectator"]');
      expect(spectatorQr).toEqual({ decoded: links.spectator, dataUrl: links.spectator });

      // A second device with nothing but the GM link shows the same links, and replaces none of them.
      const laptop = await open('en-US');
      pages.push(laptop);
      await laptop.goto(gmUrl);
      await waitOnline(laptop);
      await waitForCount(laptop, '[data-testid="invite-row"] [data-testid="seat-link"]', 3);
      expect(await shownLinks(laptop)).toEqual(links);
      // A seat added there, by name, shows up on the phone with its link.
      await laptop.getByTestId('invite-add-input').fill(c.extra);
      await laptop.getByTestId('invite-add-submit').click();
      await waitForCount(laptop, '[data-testid="invite-row"] [data-testid="seat-link"]', 4);
      await waitForCount(gm, '[data-testid="invite-row"] [data-testid="seat-link"]', 4);
      const after = await shownLinks(gm);
      expect(after).toEqual(await shownLinks(laptop));
      expect(after.seats.slice(0, 3)).toEqual(links.seats);
      expect(await gm.locator('[data-testid="invite-row"] strong').last().innerText()).toBe(c.extra);

      // Each player link, in a profile of its own, seats that player.
      for (const [i, url] of links.seats.entries()) {
        const player = await open(c.locale);
        pages.push(player);
        await player.goto(url);
        await waitOnline(player);
        await player.locator('.room[data-role="player"]').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await player.getByTestId('role').innerText()).toContain(c.names[i]);
        expect(await player.getByTestId('invite-panel').count()).toBe(0);
      }
      expect(errors).toEqual([]);
    } catch (e) {
      for (const [i, page] of pages.entries()) await page.screenshot({ path: join(ARTIFACTS, `browser-invites-${c.game}-failure-${i + 1}.png`), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      for (const context of contexts) await context.close();
    }
  }, 120_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
