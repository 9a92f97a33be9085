import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { testImage } from '../packages/server/src/testing/test-image.ts';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, withPages } from './support/browser.ts';
import { tableRoom } from './support/table-room.ts';

// Characters on phones: a player uploads a portrait for its character, names it and speaks as it; another player's
// phone shows the line under that name with that portrait, and so do the frames its socket receives.

const stack = browserStack({ database: 'pglite' });

const byId = (id: string) => `[data-testid="${id}"]`;

/** True once the image has loaded (a broken or blocked image has no natural size). */
const loaded = (page: Page, selector: string) =>
  page.waitForFunction((sel) => {
    const img = document.querySelector(sel);
    return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
  }, selector, { timeout: UI_TIMEOUT_MS });

describe('browser: characters', () => {
  test('a player uploads a portrait, names a character and speaks as it; another player sees both on the line', async () => {
    const { room, seats: [s1], gm, players: [watcher] } = await tableRoom(stack, 'Masks at the ball', ['Aiko', 'Bruno'], { online: [1] });
    const png = await testImage('png', 600, 400, 7);

    await withPages(stack.browser, 'browser-characters', [{ url: room.seats[0]!.url }, { url: room.seats[1]!.url }], async ([aiko, bruno]) => {
      await aiko.locator('nav.room-jump button[data-section="cast"]').click();
      const mine = aiko.locator(byId(`character-${s1}.c1`));
      await mine.waitFor({ timeout: UI_TIMEOUT_MS });
      // The panel fits the phone.
      expect(await aiko.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The portrait: uploaded, stored resized, shown in the panel.
      await mine.locator(byId('portrait-file')).setInputFiles({ name: 'aiko.png', mimeType: 'image/png', buffer: png });
      await gm.waitFor(() => gm.current().cast.some((c) => c.id === `${s1}.c1` && c.portrait !== undefined), 'gm: the portrait is set');
      const hash = gm.current().cast.find((c) => c.id === `${s1}.c1`)!.portrait!;
      await loaded(aiko, `${byId(`character-${s1}.c1`)} ${byId('portrait-image')}`);
      expect(await mine.locator(byId('portrait-image')).getAttribute('src')).toBe(`/api/portraits/${hash}`);
      expect(await mine.locator(byId('portrait-image')).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(256);

      // A name and a colour, saved.
      await mine.locator(byId('character-name')).fill('Lady Aiko of the Tower');
      await mine.locator(byId('character-color')).fill('#2b8a3e');
      await mine.locator(byId('character-save')).click();
      await gm.waitFor(() => gm.current().cast.some((c) => c.name === 'Lady Aiko of the Tower'), 'gm: the new name');
      await aiko.screenshot({ path: join(ARTIFACTS, 'browser-characters-1-panel.png'), fullPage: true });

      // Speaking: as the character chosen in the panel.
      await aiko.locator(byId(`speak-as-${s1}.c1`)).check();
      await aiko.locator(byId('composer-input')).fill('Good evening, everyone.');
      await aiko.locator(byId('composer-send')).click();

      // Bruno's socket receives the line with the speaker's face as it was when spoken.
      await watcher.waitFor(() => watcher.feedItems().some((f) => f.kind === 'chat' && f.text === 'Good evening, everyone.'), 'bruno: the line');
      const line = watcher.feedItems().find((f) => f.kind === 'chat' && f.text === 'Good evening, everyone.');
      expect(line?.kind === 'chat' && line.speaker).toEqual({ name: 'Lady Aiko of the Tower', color: '#2b8a3e', portrait: hash });
      expect(watcher.frames.some((f) => f.text.includes('Lady Aiko of the Tower') && f.text.includes(hash))).toBe(true);

      // Bruno's phone shows it: the name in its colour, the portrait beside it, loaded from the server.
      const shown = bruno.locator(byId('tl-line'), { hasText: 'Good evening, everyone.' });
      await shown.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await shown.locator(byId('speaker')).innerText()).toContain('Lady Aiko of the Tower');
      expect(await shown.locator('.name').evaluate((b) => getComputedStyle(b).color)).toBe('rgb(43, 138, 62)');
      await loaded(bruno, `${byId('tl-line')} ${byId('speaker-portrait')}`);
      expect(await shown.locator(byId('speaker-portrait')).getAttribute('src')).toBe(`/api/portraits/${hash}`);
      // Bruno's panel lists Aiko's character among the others, with its portrait.
      await bruno.locator('nav.room-jump button[data-section="cast"]').click();
      await loaded(bruno, `${byId('cast-others')} ${byId('speaker-portrait')}`);
      await bruno.screenshot({ path: join(ARTIFACTS, 'browser-characters-2-line.png'), fullPage: true });
    });
  }, 120_000);

  test('an upload the server refuses shows its reason in the reader\'s language', async () => {
    const { room, seats: [s1] } = await tableRoom(stack, 'Refusals', ['Aiko'], { online: [] });
    await withPages(stack.browser, 'browser-characters-refused', [{ url: room.seats[0]!.url }], async ([aiko]) => {
      await aiko.locator('nav.room-jump button[data-section="cast"]').click();
      const mine = aiko.locator(byId(`character-${s1}.c1`));
      // A file that claims to be a PNG but is not an image: the server answers NOT_AN_IMAGE.
      await mine.locator(byId('portrait-file')).setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
      const error = mine.locator(byId('portrait-error'));
      await error.waitFor({ timeout: UI_TIMEOUT_MS });
      const text = await error.innerText();
      expect(text).not.toContain('NOT_AN_IMAGE');
      expect(text.length).toBeGreaterThan(5);
      expect(await mine.locator(byId('portrait-image')).count()).toBe(0);
    });
  }, 60_000);
});
