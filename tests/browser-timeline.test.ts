import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { VIEWER_COMMANDS } from '../packages/server/src/socket/connection-limits.ts';
import { cotCharacter, cotSetupFor } from './support/cot-table.ts';
import { createRoom, type TestRoom } from './support/http-api.ts';
import { ARTIFACTS, browserStack, laptopPage, phonePage, UI_TIMEOUT_MS, waitOnline } from './support/browser.ts';
import { RecordingClient } from './support/recording-client.ts';
import { auditFrames, plantText, type Plant } from './support/secret-audit.ts';
import { recordFrames } from './support/page-traffic.ts';
import { commit } from './support/session.ts';
import { fromEnd, lineWith, say, seqsShown, timeline } from './support/timeline-page.ts';

// Issue 13 (the whole session in the log, one timeline per viewer): a GM and two players chat in main and 雑談,
// whisper to the GM and roll in secret, at a free table and at a Call of <T> table. A player who reloads after 230
// lines opens at the newest line, pages back to the first one, and is offered "new messages" while scrolled up.
// Every frame each page and socket received is searched for the whisper and the hidden roll.

const stack = browserStack({ database: 'postgres' });

async function sockets(room: TestRoom, labels: string): Promise<{ gm: RecordingClient; p1: RecordingClient; p2: RecordingClient; spectator: RecordingClient }> {
  const gm = new RecordingClient(stack.url, room.gmToken, `${labels}-gm`);
  const p1 = new RecordingClient(stack.url, room.seats[0]!.token, `${labels}-p1`);
  const p2 = new RecordingClient(stack.url, room.seats[1]!.token, `${labels}-p2`);
  const spectator = new RecordingClient(stack.url, room.spectatorToken, `${labels}-spectator`);
  stack.sockets.push(gm, p1, p2, spectator);
  await Promise.all([gm, p1, p2, spectator].map((c) => c.connect()));
  return { gm, p1, p2, spectator };
}

/**
 * The table talk both rooms go through on three pages: main and 雑談 lines, a whisper to the GM, and a roll Aiko makes
 * for the GM only; returns the planted whisper and roll.
 */
async function talk(pages: { gm: Page; aiko: Page; bruno: Page }, aikoSocket: RecordingClient, tag: string): Promise<Plant[]> {
  const { gm, aiko, bruno } = pages;
  const whisper = plantText(`${tag}-whisper`);
  const hidden = plantText(`${tag}-roll`);
  await say(aiko, `${tag}: we enter the hall`);
  await say(bruno, `${tag}: snacks are here`, { channel: 'other' });
  await lineWith(aiko, `${tag}: snacks are here`).waitFor({ timeout: UI_TIMEOUT_MS });
  await say(gm, `${tag}: the door creaks`);

  // 雑談 lines show under 雑談 and not under メイン; both show under All.
  await bruno.locator('[data-testid="tl-tab"][data-tab="main"]').click();
  await lineWith(bruno, `${tag}: the door creaks`).waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await lineWith(bruno, `${tag}: snacks are here`).count()).toBe(0);
  await bruno.locator('[data-testid="tl-tab"][data-tab="other"]').click();
  await lineWith(bruno, `${tag}: snacks are here`).waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await lineWith(bruno, `${tag}: the door creaks`).count()).toBe(0);
  await bruno.locator('[data-testid="tl-tab"][data-tab="all"]').click();

  // A whisper to the GM: marked with its audience on the two pages that read it, under Whispers too.
  await say(aiko, whisper, { to: 'gm' });
  await lineWith(gm, whisper).getByTestId('tl-to').waitFor({ timeout: UI_TIMEOUT_MS });
  await gm.locator('[data-testid="tl-tab"][data-tab="whisper"]').click();
  await lineWith(gm, whisper).waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await lineWith(gm, `${tag}: the door creaks`).count()).toBe(0);
  await gm.locator('[data-testid="tl-tab"][data-tab="all"]').click();

  // A roll for the GM's eyes: Aiko and the GM read its result, Bruno that a roll was made; Aiko may show it.
  await commit(aikoSocket, { type: 'roll', expr: `1D100<=60 ${hidden}`, visibility: 'gm' });
  const aikoRoll = lineWith(aiko, hidden);
  await aikoRoll.getByTestId('tl-roll').waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await aikoRoll.getByTestId('tl-roll').innerText()).toMatch(/\(1D100<=60\) ＞ \d+/);
  await aikoRoll.getByTestId('tl-reveal').waitFor({ timeout: UI_TIMEOUT_MS });
  await lineWith(gm, hidden).getByTestId('tl-roll').waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await lineWith(gm, hidden).getByTestId('tl-reveal').count()).toBe(0);
  const secret = timeline(bruno).locator('[data-testid="tl-line"][data-kind="roll"]').last();
  await secret.getByTestId('tl-secret').waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await secret.getByTestId('tl-reveal').count()).toBe(0);

  // Every line carries its time.
  for (const p of [gm, aiko, bruno]) {
    const times = await timeline(p).locator('[data-testid="tl-line"] [data-testid="tl-time"]').allInnerTexts();
    expect(times.length).toBeGreaterThan(0);
    for (const t of times) expect(t).toMatch(/\d{1,2}.\d{2}/);
  }
  return [
    { label: `${tag} whisper`, text: whisper, before: ['gm', 's1'] },
    { label: `${tag} hidden roll`, text: hidden, before: ['gm', 's1'] },
  ];
}

/** Fails on any planted text in a frame of a page whose viewer may not read it. */
function auditPages(pages: Record<string, string[]>, plants: readonly Plant[]): string[] {
  const leaks: string[] = [];
  for (const plant of plants) {
    for (const [viewer, frames] of Object.entries(pages)) {
      const holding = frames.filter((f) => f.includes(plant.text)).length;
      if (plant.before.includes(viewer)) {
        if (holding === 0) leaks.push(`${plant.label} never reached the ${viewer} page, though it may read it`);
      } else if (holding > 0) leaks.push(`${plant.label} reached the ${viewer} page in ${holding} frame(s)`);
    }
  }
  return leaks;
}

describe('browser · one timeline per viewer', () => {
  test('free table: main and 雑談, a whisper, a hidden roll; a reload after 230 lines opens at the newest, pages to the first, and offers new messages', async () => {
    const room = await createRoom(stack.url, 'Timeline', ['Aiko', 'Bruno']);
    const live = await sockets(room, 'ft');
    const gm = await laptopPage(stack.browser);
    const aiko = await phonePage(stack.browser);
    const bruno = await phonePage(stack.browser);
    const frames = { gm: recordFrames(gm), s1: recordFrames(aiko), s2: recordFrames(bruno) };
    const errors: string[] = [];
    for (const p of [gm, aiko, bruno]) p.on('pageerror', (e) => errors.push(e.message));
    try {
      await gm.goto(room.gmUrl);
      await aiko.goto(room.seats[0]!.url);
      await bruno.goto(room.seats[1]!.url);
      for (const p of [gm, aiko, bruno]) await waitOnline(p);
      const plants = await talk({ gm, aiko, bruno }, live.p1, 'ft');

      // A free-table action is a readable line.
      await commit(live.gm, { type: 'deck.create', deck: { kind: 'standard', jokers: false } });
      await timeline(bruno).locator('[data-testid="tl-event"][data-type="deck.created"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await timeline(bruno).locator('[data-testid="tl-event"][data-type="deck.created"]').innerText()).toContain('52');

      // 230 more lines from three sockets; Bruno's page follows them to the newest. Each viewer may send 20 commands a
      // second after a burst of 40 (VIEWER_COMMANDS): the lines are paced under that, so a fast server refuses none.
      const sent = await Promise.all(
        [live.gm, live.p1, live.p2].map(async (c, k) => {
          for (let n = 0; n < 80; n++) {
            await c.run({ type: 'chat.send', to: { kind: 'all' }, channel: n % 4 === 0 ? 'other' : 'main', text: `bulk ${k}-${n}` });
            await new Promise((r) => setTimeout(r, 1000 / VIEWER_COMMANDS.perSecond + 5));
          }
        }),
      );
      expect(sent).toHaveLength(3);
      await live.p2.waitForSeq(live.gm.lastSeq!);
      const newest = live.p2.lastSeq!;
      await expect.poll(async () => (await seqsShown(bruno)).at(-1), { timeout: UI_TIMEOUT_MS }).toBe(newest);
      expect(await fromEnd(bruno)).toBeLessThan(48);

      // A reload opens at the newest line, with one page of the 230.
      await bruno.reload();
      await waitOnline(bruno);
      await expect.poll(async () => (await seqsShown(bruno)).at(-1), { timeout: UI_TIMEOUT_MS }).toBe(newest);
      await expect.poll(() => fromEnd(bruno), { timeout: UI_TIMEOUT_MS }).toBeLessThan(48);
      expect((await seqsShown(bruno)).length).toBeLessThan(250);
      await bruno.getByTestId('tl-older').waitFor({ timeout: UI_TIMEOUT_MS });
      await bruno.screenshot({ path: join(ARTIFACTS, 'browser-timeline-reload.png'), fullPage: true });

      // Scrolling to the top pages the older lines in, to the session's first line, each once.
      for (let round = 0; round < 20 && (await bruno.getByTestId('tl-start').count()) === 0; round++) {
        await timeline(bruno).evaluate((el) => el.scrollTo({ top: 0 }));
        await bruno.waitForTimeout(250);
      }
      await bruno.getByTestId('tl-start').waitFor({ timeout: UI_TIMEOUT_MS });
      const all = await seqsShown(bruno);
      expect(all[0]).toBe(1);
      expect(all.at(-1)).toBe(newest);
      const expected = live.p2.messages.flatMap((m) => (m.type === 'welcome' || m.type === 'update' ? (m.type === 'welcome' ? m.lines : (m.lines ?? [])) : []));
      expect(new Set(all).size).toBe(new Set(expected.map((l) => l.seq)).size);
      expect(all).toEqual([...all].sort((a, b) => a - b));
      expect(await lineWith(bruno, 'ft: we enter the hall').count()).toBe(1);

      // Scrolled up, a new line does not move the list: a "new messages" button jumps to it.
      await timeline(bruno).evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
      await bruno.waitForTimeout(200);
      await live.p1.run({ type: 'chat.send', to: { kind: 'all' }, channel: 'main', text: 'while you were reading' });
      await bruno.getByTestId('tl-new').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await fromEnd(bruno)).toBeGreaterThan(48);
      await bruno.getByTestId('tl-new').click();
      await expect.poll(() => fromEnd(bruno), { timeout: UI_TIMEOUT_MS }).toBeLessThan(48);
      await lineWith(bruno, 'while you were reading').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await bruno.getByTestId('tl-new').count()).toBe(0);

      // The phone's layout holds at 390 px in every language, with no raw key.
      for (const lang of ['ko', 'ja', 'en'] as const) {
        await bruno.getByTestId('lang-select').selectOption(lang);
        await bruno.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
        const text = await bruno.getByTestId('timeline-section').innerText();
        expect(text, `${lang}: no key shows raw`).not.toMatch(/\b(tl|line)\.[a-zA-Z]/);
        expect(await bruno.evaluate(() => document.documentElement.scrollWidth), `${lang}: fits the phone`).toBeLessThanOrEqual(390);
      }
      expect(await bruno.locator('[data-testid="tl-tab"][data-tab="other"]').innerText()).toBe('Off-topic');

      const audit = auditFrames(new Map([['gm', [live.gm]], ['s1', [live.p1]], ['s2', [live.p2]], ['spectator', [live.spectator]]]), plants);
      expect(audit.leaks).toEqual([]);
      expect(audit.missing).toEqual([]);
      expect(auditPages(frames, plants)).toEqual([]);
      expect(errors).toEqual([]);
    } catch (e) {
      for (const [i, p] of [gm, aiko, bruno].entries()) await p.screenshot({ path: join(ARTIFACTS, `browser-timeline-failure-${i + 1}.png`), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      for (const p of [gm, aiko, bruno]) await p.close();
    }
  }, 240_000);

  test('Call of <T>: the same timeline and composer, main and 雑談, a whisper to the GM and a hidden roll kept to their readers', async () => {
    const room = await createRoom(stack.url, 'Timeline CoT', ['Aiko', 'Bruno'], 'call-of-t');
    const live = await sockets(room, 'cot');
    await commit(live.gm, { type: 'cot.setup', setup: cotSetupFor(room.seats.map((s) => cotCharacter(s.name, s.seat))) });
    const gm = await laptopPage(stack.browser);
    const aiko = await phonePage(stack.browser);
    const bruno = await phonePage(stack.browser);
    const frames = { gm: recordFrames(gm), s1: recordFrames(aiko), s2: recordFrames(bruno) };
    const errors: string[] = [];
    for (const p of [gm, aiko, bruno]) p.on('pageerror', (e) => errors.push(e.message));
    try {
      await gm.goto(room.gmUrl);
      await aiko.goto(room.seats[0]!.url);
      await bruno.goto(room.seats[1]!.url);
      for (const p of [gm, aiko, bruno]) await waitOnline(p);
      // The timeline has its own tab in the jump bar.
      await aiko.locator('nav [data-section="timeline"]').click();
      await aiko.getByTestId('timeline-section').waitFor({ timeout: UI_TIMEOUT_MS });
      const plants = await talk({ gm, aiko, bruno }, live.p1, 'cot');
      // The game's own events show as lines too, each as a sentence of the game's (none as a generic table action).
      expect(await timeline(bruno).locator('[data-testid="tl-event"]').count()).toBeGreaterThan(0);
      expect(await timeline(bruno).locator('[data-testid="tl-event"]').allInnerTexts()).not.toContainEqual(expect.stringMatching(/Table action|cot\./));
      expect(await aiko.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await aiko.screenshot({ path: join(ARTIFACTS, 'browser-timeline-cot.png'), fullPage: true });

      const audit = auditFrames(new Map([['gm', [live.gm]], ['s1', [live.p1]], ['s2', [live.p2]], ['spectator', [live.spectator]]]), plants);
      expect(audit.leaks).toEqual([]);
      expect(audit.missing).toEqual([]);
      expect(auditPages(frames, plants)).toEqual([]);
      expect(errors).toEqual([]);
    } catch (e) {
      for (const [i, p] of [gm, aiko, bruno].entries()) await p.screenshot({ path: join(ARTIFACTS, `browser-timeline-cot-failure-${i + 1}.png`), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      for (const p of [gm, aiko, bruno]) await p.close();
    }
  }, 120_000);
});
