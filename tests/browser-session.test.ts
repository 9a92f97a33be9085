import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { testImage } from '../packages/server/src/testing/test-image.ts';
import { ARTIFACTS, browserStack, laptopPage, UI_TIMEOUT_MS, waitForCount, withPages } from './support/browser.ts';
import { tapJumpBar, whoIs } from './support/jump-bar.ts';
import { frameSource, recordFrames, recordHttp, type HttpRecord } from './support/page-traffic.ts';
import { auditFrames, plantText, type FrameSource, type Plant, type ViewerKey } from './support/secret-audit.ts';
import { compose, fromEnd, lineWith, say, seqsShown, tapTimelineTabs, timeline } from './support/timeline-page.ts';

// Issue 13, "done when": in each of the four room types a GM on a laptop makes the room on the home page and invites
// three phones and a spectator through the invite panel; everyone chats (main, 雑談, whispers both ways) and rolls
// BCDice commands in the chat line; a player gives a character a portrait and a secret face and speaks as it; every
// page taps every tab; a phone reloads mid-session, opens at the newest line and carries on. Every frame and HTTP
// response each page received is searched for the planted secrets (the secret roll is shown to all only after that),
// and each step is shot at 390×844 in ko and ja.

const stack = browserStack({ database: 'postgres' });

const SHOTS = join(ARTIFACTS, 'session');
const LANGS = ['ko', 'ja'] as const;
const STEPS = ['invited', 'chat', 'rolls', 'portrait', 'tabs', 'reload'] as const;
type Step = (typeof STEPS)[number];

const GAMES = [
  { game: 'free-table', tag: 'ft' },
  { game: 'call-of-t', tag: 'cot' },
  { game: 'grail-war', tag: 'gw' },
  { game: 'dungeon-2d6', tag: 'd6' },
] as const;

/** Rolls typed in the chat line at the table, by the player at that index, and the start of BCDice's text for each. */
const PUBLIC_ROLLS = [
  { by: 1, command: '2d6', text: /^🎲 \(2D6\) ＞ \d{1,2}\[[1-6],[1-6]\] ＞ \d{1,2}\b/ },
  // CCB is the Cthulhu system's: the GM picked it first.
  { by: 2, command: 'CCB<=50', text: /^🎲 \(1D100<=50\) ＞ \d{1,3} ＞ \S+/ },
  { by: 1, command: 'D66', text: /^🎲 \(D66\) ＞ [1-6]{2}\b/ },
  { by: 2, command: 'choice[north,south,east]', text: /^🎲 \(choice\[north,south,east\]\) ＞ (north|south|east)\b/ },
] as const;

/** What each page received, recorded from before it opened its link. */
class Traffic {
  readonly #pages = new Map<Page, { frames: string[]; http: HttpRecord }>();
  readonly watch = (page: Page): void => void this.#pages.set(page, { frames: recordFrames(page), http: recordHttp(page) });

  /** Each viewer's WebSocket frames and HTTP texts as the audit reads them, once every response body is read. */
  async sources(viewers: ReadonlyMap<ViewerKey, Page>): Promise<Map<ViewerKey, FrameSource[]>> {
    const sources = new Map<ViewerKey, FrameSource[]>();
    for (const [key, page] of viewers) {
      const got = this.#pages.get(page);
      if (!got) throw new Error(`the ${key} page was not recorded`);
      await got.http.settled();
      sources.set(key, [frameSource(`${key} page (WebSocket)`, got.frames), frameSource(`${key} page (HTTP)`, got.http.texts)]);
    }
    return sources;
  }
}

/** Opens every closed <details> around an element, as a GM taps a folded part of the panel open. */
async function unfold(page: Page, testid: string): Promise<void> {
  const target = page.getByTestId(testid);
  await target.waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
  const closed = page.locator('details:not([open])', { has: target });
  while ((await closed.count()) > 0) await closed.first().locator(':scope > summary').click();
  await target.waitFor({ timeout: UI_TIMEOUT_MS });
}

async function setLang(page: Page, lang: string): Promise<void> {
  await page.getByTestId('lang-select').selectOption(lang);
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
}

/** Shoots the phone's screen in Korean and in Japanese, switched with the page's own switcher and back; `at` is scrolled into view for the shot. */
async function shoot(page: Page, game: string, step: Step, at?: Locator): Promise<void> {
  const was = (await page.locator('html').getAttribute('lang')) ?? 'en';
  for (const lang of LANGS) {
    await setLang(page, lang);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${game} ${step} in ${lang}: fits the phone`).toBeLessThanOrEqual(390);
    await at?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `${game}-${step}-${lang}.png`) });
  }
  await setLang(page, was);
}

/** Waits until an image has loaded (a broken or blocked one has no natural size); the portrait hash it shows. */
async function portraitOf(img: Locator): Promise<string> {
  await img.waitFor({ timeout: UI_TIMEOUT_MS });
  await expect.poll(() => img.evaluate((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0), { timeout: UI_TIMEOUT_MS }).toBe(true);
  const src = (await img.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/api\/portraits\/[^/]+$/);
  return src.split('/').at(-1)!;
}

/** True when the element lies wholly inside the scrolled list's visible box. */
async function shownIn(list: Locator, element: Locator): Promise<boolean> {
  const [outer, inner] = [await list.boundingBox(), await element.boundingBox()];
  return !!outer && !!inner && inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('browser · a whole session in every room type', () => {
  beforeAll(async () => {
    await rm(SHOTS, { recursive: true, force: true });
    await mkdir(SHOTS, { recursive: true });
  });

  test.each(GAMES)('$game: invite from the panel, chat, roll, speak as a portrait, tap every tab, reload; no frame leaks', async ({ game, tag }) => {
    const traffic = new Traffic();
    const errors: string[] = [];
    const gm = await laptopPage(stack.browser);
    gm.on('pageerror', (e) => errors.push(e.message));
    traffic.watch(gm);
    try {
      // The GM makes the room on the home page, adds three seats in the invite panel and reads the links there.
      await gm.goto(stack.url);
      await gm.getByTestId('room-title').fill(`Session ${tag}`);
      await gm.getByTestId('room-game').selectOption(game);
      await gm.getByTestId('room-create').click();
      await gm.waitForURL(/\/r\/[A-Za-z0-9_-]+$/, { timeout: UI_TIMEOUT_MS });
      expect((await whoIs(gm)).role).toBe('gm');
      await unfold(gm, 'invite-panel');
      await gm.getByTestId('invite-add-input').fill('3');
      await gm.getByTestId('invite-add-submit').click();
      const seatLink = '[data-testid="invite-row"] [data-testid="seat-link"]';
      await waitForCount(gm, seatLink, 3);
      const seats = await gm.locator('[data-testid="invite-row"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-seat') ?? ''));
      const names = await gm.locator('[data-testid="invite-row"] strong').allInnerTexts();
      const links = await gm.locator(seatLink).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      await expect.poll(() => gm.getByTestId('spectator-link').inputValue(), { timeout: UI_TIMEOUT_MS }).toMatch(/\/r\//);
      const spectatorLink = await gm.getByTestId('spectator-link').inputValue();
      const [s1, s2, s3] = seats as [string, string, string];
      const watch = traffic.watch;

      await withPages(
        stack.browser,
        `session-${game}`,
        [{ url: links[0]!, watch }, { url: links[1]!, watch }, { url: links[2]!, watch }, { url: spectatorLink, watch }],
        async ([p1, p2, p3, spectator]) => {
          const players = [p1, p2, p3] as const;
          const viewers = new Map<ViewerKey, Page>([['gm', gm], [s1, p1], [s2, p2], [s3, p3], ['spectator', spectator]]);
          const everyone = [...viewers.keys()];
          const plants: Plant[] = [];
          const plant = (label: string, before: ViewerKey[]) => {
            const text = plantText(`${tag}-${label}`);
            plants.push({ label: `${game} ${label}`, text, before });
            return text;
          };
          for (const [i, p] of players.entries()) {
            expect((await whoIs(p)).role).toBe('player');
            expect(await p.getByTestId('role').innerText()).toContain(names[i]);
          }
          expect((await whoIs(spectator)).role).toBe('spectator');
          await shoot(p1, game, 'invited');

          // The GM reads dice in a system that has CCB.
          await unfold(gm, 'dice-system');
          const system = gm.getByTestId('dice-system');
          expect(await system.inputValue()).not.toBe('Cthulhu');
          await system.selectOption('Cthulhu');
          await expect.poll(async () => (await system.isEnabled()) && (await system.inputValue()), { timeout: UI_TIMEOUT_MS }).toBe('Cthulhu');

          // Table talk: main, 雑談, a whisper to the GM, one from the GM to a seat. The main line is the control:
          // every viewer must have received it.
          const hall = plant('main', everyone);
          await say(p1, hall);
          const snacks = `${tag}: snacks are here`;
          await say(p2, snacks, { channel: 'other' });
          const creak = `${tag}: the door creaks`;
          await say(gm, creak);
          const toGm = plant('to-gm', ['gm', s1]);
          await say(p1, toGm, { to: 'gm' });
          const toSeat = plant('to-seat', ['gm', s2]);
          await say(gm, toSeat, { to: s2 });
          await lineWith(gm, toGm).getByTestId('tl-to').waitFor({ timeout: UI_TIMEOUT_MS });
          await lineWith(p2, toSeat).getByTestId('tl-to').waitFor({ timeout: UI_TIMEOUT_MS });
          for (const p of [p1, p3, spectator]) await lineWith(p, creak).waitFor({ timeout: UI_TIMEOUT_MS });
          for (const p of [p3, spectator]) expect(await lineWith(p, toGm).count() + (await lineWith(p, toSeat).count())).toBe(0);
          await shoot(p2, game, 'chat', lineWith(p2, toSeat));

          // Dice in the chat line. A secret roll first: its comment travels in the same result as its faces and total,
          // so where the comment is absent, so are they.
          const hidden = plant('secret-roll', ['gm', s1]);
          await compose(p1, `S2D6 ${hidden}`);
          for (const p of [p1, gm]) {
            const roll = lineWith(p, hidden).getByTestId('tl-roll');
            await roll.waitFor({ timeout: UI_TIMEOUT_MS });
            expect(await roll.innerText()).toMatch(/^🎲 \(2D6\) ＞ \d{1,2}\[[1-6],[1-6]\] ＞ \d{1,2}\b/);
          }
          for (const [n, roll] of PUBLIC_ROLLS.entries()) {
            const comment = `${tag}-roll-${n + 1}`;
            await compose(players[roll.by]!, `${roll.command} ${comment}`);
            for (const p of [spectator, gm]) {
              const shown = lineWith(p, comment);
              await shown.getByTestId('tl-roll').waitFor({ timeout: UI_TIMEOUT_MS });
              expect(await shown.getAttribute('data-kind')).toBe('roll');
              expect(await shown.getByTestId('tl-roll').innerText(), `${roll.command} on the ${p === gm ? 'GM' : 'spectator'} page`).toMatch(roll.text);
            }
          }
          // The others were told a secret roll was made, and nothing of it.
          for (const p of [p2, p3, spectator]) {
            await waitForCount(p, '[data-testid="tl-line"][data-kind="roll"] [data-testid="tl-secret"]', 1);
            expect(await p.content()).not.toContain(hidden);
          }
          await shoot(p3, game, 'rolls', lineWith(p3, `${tag}-roll-${PUBLIC_ROLLS.length}`));

          // A portrait, a secret face (true name, true portrait), and a line spoken as the character.
          await p1.locator('nav.room-jump button[data-section="cast"]').tap();
          const mine = p1.locator('[data-testid="characters-panel"] article.character').first();
          await mine.waitFor({ timeout: UI_TIMEOUT_MS });
          const id = ((await mine.getAttribute('data-testid')) ?? '').replace(/^character-/, '');
          await mine.getByTestId('portrait-file').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: await testImage('png', 400, 400, 11) });
          const face = await portraitOf(mine.getByTestId('portrait-image'));
          await mine.getByTestId('secret-portrait-file').setInputFiles({ name: 'true-face.png', mimeType: 'image/png', buffer: await testImage('png', 400, 400, 12) });
          const trueFace = await portraitOf(mine.getByTestId('secret-portrait-image'));
          expect(trueFace).not.toBe(face);
          plants.push({ label: `${game} public portrait`, text: face, before: everyone });
          plants.push({ label: `${game} secret portrait`, text: trueFace, before: ['gm', s1] });
          const NAME = 'Lady of the Tower';
          const trueName = plant('true-name', ['gm', s1]);
          await mine.getByTestId('character-name').fill(NAME);
          await mine.getByTestId('character-secret-name').fill(trueName);
          await mine.getByTestId('character-save').click();
          // The GM's panel holds the true face; another player's lists the public one.
          const atGm = gm.getByTestId(`character-${id}`);
          await expect.poll(() => atGm.getByTestId('character-secret-name').inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(trueName);
          await portraitOf(atGm.getByTestId('secret-portrait-image'));
          await p2.getByTestId('cast-others').getByText(NAME).waitFor({ timeout: UI_TIMEOUT_MS });

          await p1.getByTestId(`speak-as-${id}`).check();
          const greeting = `${tag}: good evening, everyone`;
          await say(p1, greeting);
          for (const p of [p2, spectator]) {
            const line = lineWith(p, greeting);
            await line.waitFor({ timeout: UI_TIMEOUT_MS });
            expect(await line.getByTestId('speaker').innerText()).toContain(NAME);
            expect(await portraitOf(line.getByTestId('speaker-portrait'))).toBe(face);
          }
          // The character's changes are lines of their own, in words (the characters' events once showed their type).
          expect(await timeline(p2).innerText()).not.toContain('cast.changed');
          await shoot(p2, game, 'portrait', lineWith(p2, greeting));

          // Every phone taps every tab of its jump bar, and every page every tab of its timeline; 雑談 shows only the 雑談 line.
          // The laptop shows every section side by side: its jump bar is the phone's alone.
          expect(await gm.locator('nav.room-jump').isVisible()).toBe(false);
          expect(await tapTimelineTabs(gm)).toEqual(['all', 'main', 'other', 'whisper']);
          for (const p of [...players, spectator]) {
            expect(await tapJumpBar(p)).toEqual(expect.arrayContaining(['timeline', 'cast']));
            expect(await tapTimelineTabs(p)).toEqual(['all', 'main', 'other', 'whisper']);
          }
          await spectator.locator('[data-testid="tl-tab"][data-tab="other"]').click();
          await lineWith(spectator, snacks).waitFor({ timeout: UI_TIMEOUT_MS });
          expect(await lineWith(spectator, creak).count()).toBe(0);
          await shoot(spectator, game, 'tabs', spectator.getByTestId('timeline-section'));
          await spectator.locator('[data-testid="tl-tab"][data-tab="all"]').click();

          // A phone reloads mid-session: it opens at its newest line, shown without a jump, and carries on.
          const before = `${tag}: one moment, reloading`;
          await say(gm, before);
          await lineWith(p3, before).waitFor({ timeout: UI_TIMEOUT_MS });
          const newest = (await seqsShown(p3)).at(-1);
          await p3.reload();
          expect((await whoIs(p3)).role).toBe('player');
          await expect.poll(async () => (await seqsShown(p3)).at(-1), { timeout: UI_TIMEOUT_MS }).toBe(newest);
          await expect.poll(() => fromEnd(p3), { timeout: UI_TIMEOUT_MS }).toBeLessThan(48);
          expect(await shownIn(timeline(p3), lineWith(p3, before))).toBe(true);
          expect(await p3.getByTestId('tl-new').count()).toBe(0);
          const back = `${tag}: back at the table`;
          await say(p3, back);
          await lineWith(spectator, back).waitFor({ timeout: UI_TIMEOUT_MS });
          await shoot(p3, game, 'reload', lineWith(p3, back));

          // Every frame and HTTP response of every page: each secret reached its readers, and no one else.
          const report = auditFrames(await traffic.sources(viewers), plants);
          expect(report.leaks).toEqual([]);
          expect(report.missing).toEqual([]);

          // Until now: the roller shows the secret roll to everyone, and every page reads its result.
          const result = await lineWith(p1, hidden).getByTestId('tl-roll').innerText();
          await lineWith(p1, hidden).getByTestId('tl-reveal').click();
          for (const p of [p2, p3, spectator]) {
            const roll = lineWith(p, hidden).getByTestId('tl-roll');
            await roll.waitFor({ timeout: UI_TIMEOUT_MS });
            expect(await roll.innerText()).toBe(result);
          }
        },
      );
      expect(errors).toEqual([]);
    } catch (e) {
      await gm.screenshot({ path: join(ARTIFACTS, `session-${game}-failure-gm.png`), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await gm.close();
    }

    // The shots are kept: a PNG of a 390×844 screen (at twice its pixels) per step and language.
    for (const step of STEPS) {
      for (const lang of LANGS) {
        const png = await readFile(join(SHOTS, `${game}-${step}-${lang}.png`));
        expect(png.subarray(0, 8).equals(PNG_SIGNATURE), `${game}-${step}-${lang}.png is a PNG`).toBe(true);
        expect([png.readUInt32BE(16), png.readUInt32BE(20)], `${game}-${step}-${lang}.png`).toEqual([390 * 2, 844 * 2]);
      }
    }
  }, 180_000);
});
