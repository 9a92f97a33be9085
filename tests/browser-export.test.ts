import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { exportDocument } from '@veiltable/protocol';
import { testImage } from '../packages/server/src/testing/test-image.ts';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, waitOnline } from './support/browser.ts';
import { createRoom } from './support/http-api.ts';
import { uploadPortrait } from './support/portraits.ts';
import { RecordingClient } from './support/recording-client.ts';
import { switchLanguage } from './support/screen-text.ts';
import { plantText } from './support/secret-audit.ts';
import { commit } from './support/session.ts';

// Issue 14, item 3, on a 390 px phone in Tokyo reading Japanese: a player taps Export, saves the HTML page and the
// JSON file, and each file is checked: the player's own lines and none of the GM's secrets, the timeline's tabs in
// Japanese working without a server, times in the phone's zone, the speaker's portrait inlined.

const stack = browserStack({ database: 'pglite' });
const TZ = 'Asia/Tokyo';
const PUBLIC_LINES = 120;

async function download(page: Page, button: 'export-html' | 'export-json'): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: UI_TIMEOUT_MS }), page.getByTestId(button).click()]);
  const path = join(ARTIFACTS, `export-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

describe('export on a phone', () => {
  test('a player saves its HTML page and JSON file: its own lines, tabs that work offline, Tokyo times, inlined portrait', async () => {
    const room = await createRoom(stack.url, 'Export night', ['Aiko', 'Bruno']);
    const gm = new RecordingClient(stack.url, room.gmToken, 'gm');
    const aiko = new RecordingClient(stack.url, room.seats[0]!.token, 'aiko');
    const bruno = new RecordingClient(stack.url, room.seats[1]!.token, 'bruno');
    stack.sockets.push(gm, aiko, bruno);
    await Promise.all([gm.connect(), aiko.connect(), bruno.connect()]);

    const mine = plantText('AIKO-TO-GM');
    const notMine = plantText('GM-TO-BRUNO');
    const gmRoll = plantText('GM-SECRET-ROLL');
    const face = await uploadPortrait(stack.url, room.roomId, room.seats[0]!.token, await testImage('png', 120, 120, 5));
    await commit(aiko, { type: 'cast.set', character: 's1.c1', name: 'Lady Aiko', portrait: face });
    await commit(aiko, { type: 'chat.send', to: { kind: 'all' }, text: 'I am the Lady', as: 's1.c1' });
    await commit(aiko, { type: 'chat.send', to: { kind: 'all' }, channel: 'other', text: 'snacks are here' });
    await commit(aiko, { type: 'chat.send', to: { kind: 'gm' }, text: mine });
    await commit(gm, { type: 'chat.send', to: { kind: 'seat', seat: 's2' }, text: notMine });
    await commit(gm, { type: 'chat.send', to: { kind: 'all' }, text: `S2D6 ${gmRoll}` });
    // A longer evening, from three sockets (each socket's lines are rate-limited).
    await Promise.all(
      [gm, aiko, bruno].map(async (c, k) => {
        for (let n = k + 1; n <= PUBLIC_LINES; n += 3) await c.run({ type: 'chat.send', to: { kind: 'all' }, text: `night line ${n}` });
      }),
    );
    await aiko.waitForSeq(Math.max(gm.lastSeq!, bruno.lastSeq!));

    const page = await stack.browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, timezoneId: TZ });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    try {
      await page.goto(room.seats[0]!.url);
      await waitOnline(page);
      await switchLanguage(page, 'ja', UI_TIMEOUT_MS);
      await page.getByTestId('export-open').click();
      expect(await page.getByTestId('export-open').textContent()).toBe('ログ出力');
      const html = await download(page, 'export-html');
      await expect.poll(() => page.getByTestId('export-notice').textContent(), { timeout: UI_TIMEOUT_MS }).toContain(html.name);
      const json = await download(page, 'export-json');

      // The JSON is the server's: Aiko's timeline, line for line, in her zone and language.
      const doc = exportDocument.parse(JSON.parse(json.text));
      await aiko.readOlderLines();
      expect(doc.lines).toEqual(aiko.lines());
      expect({ tz: doc.tz, lang: doc.lang, viewer: doc.viewer }).toEqual({ tz: TZ, lang: 'ja', viewer: { role: 'player', seat: 's1' } });
      expect(json.name).toMatch(/^Export night-\d{4}-\d{2}-\d{2}-s1\.json$/);
      expect(html.name).toBe(json.name.replace(/\.json$/, '.html'));

      // The page holds what Aiko was sent and nothing of the GM's secrets.
      for (const [file, text] of [['html', html.text], ['json', json.text]] as const) {
        expect({ file, mine: text.includes(mine), notMine: text.includes(notMine), gmRoll: text.includes(gmRoll) }).toEqual({ file, mine: true, notMine: false, gmRoll: false });
      }
      expect(html.text).toContain(`night line ${PUBLIC_LINES}`);
      expect(html.text).not.toMatch(/<script|<link /);
      // The portrait is in the file itself, not fetched from the table.
      expect(html.text).toMatch(/<img src="data:image\/(png|webp|jpeg);base64,/);
      expect(html.text).not.toContain(`/api/portraits/${face}`);
      // Every time reads in Tokyo's zone, as the phone's timeline does.
      const clock = new Intl.DateTimeFormat('ja', { timeZone: TZ, month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });
      const times = [...html.text.matchAll(/<time datetime="([^"]+)">([^<]+)<\/time>/g)];
      expect(times.length).toBe(doc.lines.length);
      for (const [, iso, shown] of times) expect(shown).toBe(clock.format(new Date(iso!)));

      // Opened on its own, offline, on the phone: the tabs filter with no script and no server, and nothing overflows.
      const offline = await stack.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled: false, offline: true });
      try {
        await offline.setContent(html.text);
        const visible = () => offline.locator('li.line').evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);
        expect(await offline.locator('nav label').allTextContents()).toEqual(['すべて', 'メイン', '雑談', '秘話']);
        expect(await visible()).toBe(doc.lines.length);
        await offline.locator('label[for="tab-whisper"]').click();
        const whispers = await offline.locator('li.line.whisper').count();
        expect(whispers).toBeGreaterThan(0);
        expect(await visible()).toBe(whispers);
        expect(await offline.locator('li.line.whisper', { hasText: mine }).isVisible()).toBe(true);
        await offline.locator('label[for="tab-other"]').click();
        expect(await offline.locator('li.line', { hasText: 'snacks are here' }).isVisible()).toBe(true);
        expect(await visible()).toBe(1);
        expect(await offline.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await offline.screenshot({ path: join(ARTIFACTS, 'export-page-phone.png') });
      } finally {
        await offline.close();
      }
      expect(errors).toEqual([]);
    } catch (e) {
      await page.screenshot({ path: join(ARTIFACTS, 'export-failure.png'), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await page.close();
    }
  }, 120_000);
});
