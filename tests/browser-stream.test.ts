import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, waitOnline } from './support/browser.ts';
import { createRoom } from './support/http-api.ts';
import { RecordingClient } from './support/recording-client.ts';

// Issue 14, item 6: "A spectator feed for streaming (OBS browser source friendly: a clean layout, large type,
// transparent background option), delayed on the server by a GM-set amount". The GM sets the delay in the GM tools
// and copies the stream layout's link; the spectator page opened with it at a broadcast's 1280×720 and on a
// 390×844 phone shows the table with no controls, large type, a transparent page, and the delay; a chat line
// reaches it only after the delay.

const stack = browserStack({ database: 'pglite' });
const DELAY_S = 3;
const LINE = 'The bell tolls thrice';

/** What the stream layout looks like on a page: visible controls, the root's font size and background, the badge. */
function layoutOf(page: Page) {
  return page.evaluate(() => {
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
    return {
      controls: Array.from(document.querySelectorAll('button, input, select, textarea')).filter(visible).length,
      fontSize: getComputedStyle(document.documentElement).fontSize,
      background: [document.documentElement, document.body].map((el) => getComputedStyle(el).backgroundColor),
      badge: document.querySelector('[data-testid="spectator-delay-badge"]')?.textContent?.trim() ?? null,
    };
  });
}

describe('browser · stream layout of a delayed spectator', () => {
  test('the GM sets a delay and takes the stream link; the stream page shows the delayed table, large and clean', async () => {
    const browser = stack.browser;
    const errors: string[] = [];
    const room = await createRoom(stack.url, '配信卓', ['Aiko']);
    const gmSocket = new RecordingClient(stack.url, room.gmToken, 'gm');
    stack.sockets.push(gmSocket);
    await gmSocket.connect();

    const gm = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' });
    gm.on('pageerror', (e) => errors.push(e.message));
    const pages: Page[] = [gm];
    try {
      await gm.goto(`${stack.url}/r/${room.roomId}#t=${room.gmToken}`);
      await waitOnline(gm);
      const control = gm.getByTestId('spectator-delay');
      await control.scrollIntoViewIfNeeded();
      await expect.poll(() => gm.getByTestId('spectator-delay-now').textContent()).toContain('リアルタイム');
      await gm.getByTestId('spectator-delay-input').fill(String(DELAY_S));
      await gm.getByTestId('spectator-delay-save').click();
      await expect.poll(() => gm.getByTestId('spectator-delay-now').textContent(), { timeout: UI_TIMEOUT_MS }).toContain(`${DELAY_S} 秒遅れ`);
      await control.locator('summary').click();
      await control.locator('input[type="checkbox"]').check();
      const streamUrl = await gm.getByTestId('stream-link').inputValue();
      expect(streamUrl).toMatch(/\?stream=1&bg=transparent#t=/);

      for (const [name, viewport] of [
        ['1280x720', { width: 1280, height: 720 }],
        ['390x844', { width: 390, height: 844 }],
      ] as const) {
        const page = await browser.newPage({ viewport, locale: 'ja-JP' });
        page.on('pageerror', (e) => errors.push(e.message));
        pages.push(page);
        await page.goto(streamUrl);
        await page.getByTestId('spectator-delay-badge').waitFor({ timeout: UI_TIMEOUT_MS });
        const text = `${LINE} (${name})`;
        const acked = await gmSocket.run({ type: 'chat.send', to: { kind: 'all' }, text });
        expect(acked).toBeGreaterThan(0);
        const sent = Date.now();
        const line = page.getByTestId('tl-line').filter({ hasText: text });
        await line.waitFor({ timeout: UI_TIMEOUT_MS });
        // The server holds the line back for the delay (measured from after its ack, so a little under it).
        expect(Date.now() - sent).toBeGreaterThan(DELAY_S * 1000 - 500);
        expect(await layoutOf(page)).toEqual({ controls: 0, fontSize: '24px', background: ['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)'], badge: `${DELAY_S}秒遅れ` });
        // As a browser source composites it: what is transparent shows the scene behind.
        await page.screenshot({ path: join(ARTIFACTS, `stream-layout-${name}.png`), omitBackground: true });
      }
      expect(errors).toEqual([]);
    } catch (e) {
      for (const [i, page] of pages.entries()) await page.screenshot({ path: join(ARTIFACTS, `stream-failure-${i + 1}.png`), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      for (const page of pages) await page.close();
    }
  });

  test('on a phone the GM of a Call of <T> room puts spectators one phase behind; their page says so in words', async () => {
    const browser = stack.browser;
    const errors: string[] = [];
    const room = await createRoom(stack.url, '배신 탐사', ['Aiko'], 'call-of-t');
    const gm = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'ko-KR' });
    gm.on('pageerror', (e) => errors.push(e.message));
    const pages: Page[] = [gm];
    try {
      await gm.goto(`${stack.url}/r/${room.roomId}#t=${room.gmToken}`);
      await waitOnline(gm);
      const control = gm.getByTestId('spectator-delay');
      await control.scrollIntoViewIfNeeded();
      await gm.getByTestId('spectator-delay-mode-phase').check();
      // One phase behind takes no number: the seconds field goes away.
      expect(await gm.getByTestId('spectator-delay-input').count()).toBe(0);
      await gm.getByTestId('spectator-delay-save').click();
      await expect.poll(() => gm.getByTestId('spectator-delay-now').textContent(), { timeout: UI_TIMEOUT_MS }).toContain('이전 페이즈가 끝난 시점');
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await gm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await gm.screenshot({ path: join(ARTIFACTS, 'stream-phase-delay-gm-390.png') });

      const spectator = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'ko-KR' });
      spectator.on('pageerror', (e) => errors.push(e.message));
      pages.push(spectator);
      await spectator.goto(`${stack.url}/r/${room.roomId}#t=${room.spectatorToken}`);
      await spectator.getByTestId('spectator-delay-badge').waitFor({ timeout: UI_TIMEOUT_MS });
      expect((await spectator.getByTestId('spectator-delay-badge').textContent())?.trim()).toBe('한 페이즈 지연');
      expect(errors).toEqual([]);
    } catch (e) {
      for (const [i, page] of pages.entries()) await page.screenshot({ path: join(ARTIFACTS, `stream-phase-failure-${i + 1}.png`), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      for (const page of pages) await page.close();
    }
  });
});
