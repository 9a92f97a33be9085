import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { CotView } from '@veiltable/protocol/games/call-of-t';
import { auditCot } from './support/cot-audit.ts';
import { CotPageDriver, timelineEvents, type CotSeatPage } from './support/cot-pages.ts';
import { cotEvents } from './support/cot-table.ts';
import { createRoom } from './support/http-api.ts';
import { ARTIFACTS, browserStack, phonePage, UI_TIMEOUT_MS } from './support/browser.ts';
import { RecordingClient } from './support/recording-client.ts';

// Issue 3, item 4: a whole expedition through the pages alone. The GM sets up and answers every step its console
// shows; three players on 390×844 phones declare, lock in, decide where the party goes, commit their own characters
// to the steps the party plays together and record their fatigue; a spectator watches. Fourteen cycles later the
// night comes. Sockets beside the pages only watch: they tell the test what the room waits for and record every frame
// for the secrecy audit. The dice are the server's own, so the GM's answers are generic: whatever step the console
// shows is answered from the console (see cot-pages.ts).

const stack = browserStack({ database: 'postgres' });
const MAX_CYCLES = 14;

describe('browser · Call of <T> · fourteen cycles', () => {
  test('GM, three phones and a spectator play from the setup to the night, every step through the UI', async () => {
    const url = stack.url;
    const room = await createRoom(url, 'Fourteen hours', ['Aiko', 'Bruno', 'Chiharu'], 'call-of-t');
    const gm = new RecordingClient(url, room.gmToken, 'gm');
    const watchers = room.seats.map((s, i) => new RecordingClient(url, s.token, `p${i + 1}`));
    const spectator = new RecordingClient(url, room.spectatorToken, 'spectator');
    stack.sockets.push(gm, ...watchers, spectator);
    await Promise.all([gm, ...watchers, spectator].map((c) => c.connect()));

    const gmPage = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const phones = await Promise.all(room.seats.map(() => phonePage(stack.browser)));
    const watchPage = await phonePage(stack.browser);
    const pages = [gmPage, ...phones, watchPage];
    const pageErrors: string[] = [];
    for (const p of pages) p.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await Promise.all([
        gmPage.goto(room.gmUrl),
        ...phones.map((p, i) => p.goto(room.seats[i]!.url)),
        watchPage.goto(room.spectatorUrl),
      ]);
      for (const p of pages) await p.locator('[data-testid="connection-status"][data-status="online"]').waitFor({ timeout: UI_TIMEOUT_MS });

      // COT-SET-01: the GM starts the expedition from the setup form as it stands (one character per seat, two cards each).
      const setupDriver = new CotPageDriver(gm, gmPage, []);
      await gmPage.getByTestId('cot-setup').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await setupDriver.act(gmPage, 'setup', () => gmPage.getByTestId('cot-setup-start').click())).toBeNull();
      expect(gm.currentCot()).toMatchObject({ cycle: 1, phase: { kind: 'investigation' } });
      const seats: CotSeatPage[] = room.seats.map((s, i) => ({
        page: phones[i]!,
        socket: watchers[i]!,
        seat: s.seat,
        character: gm.currentCot().characters.find((c) => c.seat === s.seat)!.id,
      }));
      const driver = new CotPageDriver(gm, gmPage, seats);

      const cyclesSeen: number[] = [];
      let checkedHands = 0;
      while (driver.truth().phase.kind !== 'night') {
        const v = driver.truth();
        if (v.phase.kind === 'investigation') await driver.investigate(v);
        else if (v.phase.kind === 'time' && v.phase.step === 'decision') await driver.decide(v);
        else if (v.phase.kind === 'cycleEnd') {
          cyclesSeen.push(v.cycle);
          checkedHands += await checkSecrets(driver, v, seats, watchPage, spectator);
          await driver.endCycle(v);
        } else if (v.phase.kind === 'time' || v.phase.kind === 'event') await driver.answerGm(v);
        else throw new Error(`the game stopped in ${v.phase.kind}`);
      }

      // COT-MOD-13, COT-END-03: every cycle came to its end once, in order, and the fifteenth never began.
      expect(cyclesSeen).toEqual(Array.from({ length: MAX_CYCLES }, (_, i) => i + 1));
      expect(checkedHands).toBeGreaterThan(0);
      for (const p of pages) {
        await driver.synced(p);
        await timelineEvents(p, 'cot.phase', 'Night · 夜').first().waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
      }
      await gmPage.screenshot({ path: join(ARTIFACTS, 'browser-cot-cycles-gm-night.png'), fullPage: true });
      await phones[0]!.screenshot({ path: join(ARTIFACTS, 'browser-cot-cycles-phone-night.png'), fullPage: true });
      await watchPage.screenshot({ path: join(ARTIFACTS, 'browser-cot-cycles-spectator-night.png'), fullPage: true });

      // COT-HID-01..08 over every frame the players' and the spectator's sockets received, their logs included.
      await Promise.all([...watchers, spectator].map((c) => c.waitForSeq(gm.lastSeq!)));
      const audit = auditCot(gm, [...watchers, spectator]);
      expect(audit.leaks).toEqual([]);
      expect(audit.checked.hiddenHandCards).toBeGreaterThan(0);
      expect(pageErrors).toEqual([]);
    } catch (e) {
      await Promise.all(pages.map((p, i) => p.screenshot({ path: join(ARTIFACTS, `browser-cot-cycles-failure-${i}.png`), fullPage: true }).catch(() => {})));
      throw e;
    } finally {
      await Promise.all(pages.map((p) => p.close()));
    }
  }, 300_000);
});

/**
 * At a cycle end every page shows the cycle; each phone holds exactly its own hand and its own knowledge (COT-HID-01,
 * COT-HID-04) and no id of a card in another hand; the spectator's page shows no hand at all; each page's timeline
 * shows the card moves its own socket was told and this cycle's end (COT-HID-08). Returns how many cards in other hands were
 * looked for.
 */
async function checkSecrets(driver: CotPageDriver, v: CotView, seats: readonly CotSeatPage[], watchPage: Page, spectator: RecordingClient): Promise<number> {
  const all: [Page, RecordingClient][] = [...seats.map((s) => [s.page, s.socket] as [Page, RecordingClient]), [watchPage, spectator]];
  for (const [page, socket] of all) {
    await driver.synced(page);
    await socket.waitForSeq(driver.seq);
  }
  let checked = 0;
  for (const s of seats) {
    const own = s.socket.currentCot();
    expect(Object.keys(own.hands)).toEqual([s.character]);
    const shownHand = await s.page.locator('[data-testid="cot-hand"] [data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    expect(shownHand.sort()).toEqual((own.hands[s.character] ?? []).map((c) => c.id).sort());
    const shownFacts = await s.page.locator('[data-testid="cot-facts"] [data-fact]').evaluateAll((els) => els.map((e) => e.getAttribute('data-fact')));
    expect(shownFacts.sort()).toEqual(own.facts.map((f) => f.id).sort());
    const html = await s.page.content();
    for (const [character, cards] of Object.entries(v.hands)) {
      if (character === s.character) continue;
      for (const c of cards) {
        checked++;
        expect(html.includes(c.id), `${s.seat}'s page shows ${c.id} of ${character}`).toBe(false);
      }
    }
    for (const f of v.facts.filter((x) => !(x.holders ?? []).includes(s.seat))) expect(html.includes(`data-fact="${f.id}"`)).toBe(false);
  }
  expect(await watchPage.getByTestId('cot-hand').count()).toBe(0);
  const watched = await watchPage.content();
  for (const c of Object.values(v.hands).flat()) expect(watched.includes(c.id)).toBe(false);
  for (const [page, socket] of all) {
    // The page's timeline holds every line from its first one on, as the socket beside it read them.
    const first = Number(await page.locator('[data-testid="timeline"] [data-testid="tl-line"]').first().getAttribute('data-seq'));
    const moves = cotEvents(socket, 'cot.card').filter((e) => e.seq >= first).length;
    expect(moves).toBeGreaterThan(0);
    await expect.poll(() => timelineEvents(page, 'cot.card').count(), { timeout: UI_TIMEOUT_MS }).toBe(moves);
    await timelineEvents(page, 'cot.phase', `Cycle ${v.cycle}: Cycle end`).waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
  }
  return checked;
}
