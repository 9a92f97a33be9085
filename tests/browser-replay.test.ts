import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, waitOnline } from './support/browser.ts';
import { plantText } from './support/secret-audit.ts';
import { switchLanguage } from './support/screen-text.ts';
import { commit, newestDecl, revealSeqOf } from './support/session.ts';
import { tableRoom } from './support/table-room.ts';

// Issue 14, item 5: "A replay: step or play through a session (from an export file or the room), as any viewer the
// file allows, with the table drawn as it was at each step." A short free table on a 390 px phone: Aiko opens the
// replay from her room, and the table at each step shows what she saw then, not what came later (Bruno's sealed
// answer before the reveal, a line said after it); then a phase jump, a play at 8× to the end, and the same export
// loaded as a file on /replay.

const stack = browserStack({ database: 'pglite' });
const SHOTS = join(ARTIFACTS, 'replay');
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

/** The step the replay shows: its index and the room seq it is at. */
async function shown(page: Page): Promise<{ step: number; seq: number }> {
  const table = page.getByTestId('replay-table');
  return { step: Number(await table.getAttribute('data-step')), seq: Number(await table.getAttribute('data-seq')) };
}

const text = (page: Page) => page.locator('body').innerText();

/** Everything a replay page asked the network for, and whether it opened a socket. */
function traffic(page: Page): { urls: string[]; sockets: string[] } {
  const seen = { urls: [] as string[], sockets: [] as string[] };
  page.on('request', (r) => void seen.urls.push(r.url()));
  page.on('websocket', (ws) => void seen.sockets.push(ws.url()));
  return seen;
}

describe('the replay page on a phone', () => {
  test('a player replays the room: each step as it was, a phase jump, 8× to the end, then the export as a file', async () => {
    await mkdir(SHOTS, { recursive: true });
    const { room, seats: [s1, s2], gm, players: [aiko, bruno] } = await tableRoom(stack, 'Replay night', ['Aiko', 'Bruno'], { online: [0, 1] });
    const sealed = plantText('BRUNO-PICKS-RED');
    const later = plantText('SAID-AFTER-REVEAL');
    await commit(gm, { type: 'chat.send', to: { kind: 'all' }, text: 'The inn is quiet tonight' });
    await commit(gm, { type: 'decl.open', prompt: 'Which door?', kind: 'text', seats: [s1, s2] });
    const decl = newestDecl(gm).id;
    await commit(aiko, { type: 'decl.answer', decl, answer: { kind: 'text', text: 'The blue door' } });
    // The last answer reveals every answer at once: no GM reveal is needed.
    await commit(bruno, { type: 'decl.answer', decl, answer: { kind: 'text', text: sealed } });
    const { seq: lastSeq } = await commit(gm, { type: 'chat.send', to: { kind: 'all' }, text: later });
    await aiko.waitForSeq(lastSeq);
    const revealSeq = revealSeqOf(aiko, decl)!;
    expect(revealSeq).toBeGreaterThan(0);

    // One phone, its tabs in one context: the room's, the replay it opens, the replay of the saved file.
    const context = await stack.browser.newContext(PHONE);
    const errors: string[] = [];
    context.on('page', (page) => void page.on('pageerror', (e) => errors.push(e.message)));
    const browserPage = await context.newPage();
    const pages: Page[] = [browserPage];
    try {
      // The room's "replay" control, next to the export, opens the replay in a tab of its own.
      await browserPage.goto(room.seats[0]!.url);
      await waitOnline(browserPage);
      await browserPage.getByTestId('export-open').click();
      const href = await browserPage.getByTestId('replay-open').getAttribute('href');
      expect(href).toBe(`/r/${room.roomId}/replay#t=${encodeURIComponent(room.seats[0]!.token)}`);
      const [popup] = await Promise.all([context.waitForEvent('page'), browserPage.getByTestId('replay-open').click()]);
      pages.push(popup);
      await popup.getByTestId('replay-table').waitFor({ timeout: UI_TIMEOUT_MS });
      await popup.close();

      // The same link in a page that records what it asks for: it reads the export, and opens no socket.
      const replay = await context.newPage();
      pages.push(replay);
      const seen = traffic(replay);
      await replay.goto(new URL(href!, stack.url).href);
      await replay.getByTestId('replay-table').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await shown(replay)).toEqual({ step: 0, seq: 0 });
      expect(await replay.getByTestId('role').textContent()).toContain('Aiko');

      // Jump to phase: the declaration opened, then revealed.
      const phases = replay.getByTestId('replay-phases');
      expect(await phases.locator('option:not([disabled])').allTextContents()).toEqual(['Declaration 1 · open', 'Declaration 1 · revealed']);
      await phases.selectOption({ label: 'Declaration 1 · open' });
      const opened = await shown(replay);
      expect(opened.seq).toBeGreaterThan(0);
      expect(opened.seq).toBeLessThan(revealSeq);
      await replay.getByTestId('decl').first().waitFor({ timeout: UI_TIMEOUT_MS });

      // Step by step with the keyboard up to the reveal: Bruno's answer is absent at every step before it.
      await replay.locator('h1').click();
      while ((await shown(replay)).seq < revealSeq) {
        expect(await text(replay)).not.toContain(sealed);
        expect(await text(replay)).not.toContain(later);
        const before = (await shown(replay)).step;
        await replay.keyboard.press('ArrowRight');
        await expect.poll(async () => (await shown(replay)).step, { timeout: UI_TIMEOUT_MS }).toBe(before + 1);
        if ((await shown(replay)).seq < revealSeq) await replay.screenshot({ path: join(SHOTS, 'before-reveal.png') });
      }
      expect((await shown(replay)).seq).toBe(revealSeq);
      await expect.poll(() => text(replay), { timeout: UI_TIMEOUT_MS }).toContain(sealed);
      expect(await text(replay)).not.toContain(later);
      await replay.screenshot({ path: join(SHOTS, 'at-reveal.png') });
      // The recording's own ledger: Aiko's answer was shown to her sealed, so its reveal is checked against that
      // commitment; Bruno's came sealed and revealed in one commit, so the recording never witnessed it sealed.
      const verdicts = () => replay.getByTestId('decl-verified').evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')));
      // (The declaration's card and its reveal line each carry the two badges.)
      expect(new Set(await verdicts())).toEqual(new Set(['ok', 'unwitnessed']));
      await replay.keyboard.press('ArrowLeft');
      await expect.poll(() => text(replay), { timeout: UI_TIMEOUT_MS }).not.toContain(sealed);
      expect(await verdicts()).toEqual([]);

      // Nothing on a replayed table acts: a line typed in the composer is refused with a toast.
      await replay.getByTestId('composer-input').fill('hello from the past');
      await replay.getByTestId('composer-send').click();
      await replay.locator('[data-testid="rejection"][data-code="REPLAY"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await replay.getByTestId('rejection').innerText()).toContain('This is a replay');
      // The toast stands clear of the replay's controls at the bottom of the phone's screen.
      const toast = (await replay.getByTestId('rejection').boundingBox())!;
      const controls = (await replay.getByTestId('replay-controls').boundingBox())!;
      expect(toast.y + toast.height).toBeLessThanOrEqual(controls.y);

      // Play at 8× from the first phase to the end: it stops by itself at the last step, every line there.
      await phases.selectOption({ label: 'Declaration 1 · open' });
      await replay.getByTestId('replay-speed-8').click();
      await replay.getByTestId('replay-play').click();
      const last = Number(await replay.getByTestId('replay-slider').getAttribute('max'));
      await replay.locator('[data-testid="replay-play"][data-playing="false"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect((await shown(replay)).step).toBe(last);
      expect((await shown(replay)).seq).toBe(lastSeq);
      await expect.poll(() => text(replay), { timeout: UI_TIMEOUT_MS }).toContain(later);
      expect(await text(replay)).toContain(sealed);
      expect(await replay.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await replay.screenshot({ path: join(SHOTS, 'end.png') });
      await replay.screenshot({ path: join(SHOTS, 'end-full.png'), fullPage: true });
      expect({ sockets: seen.sockets, polls: seen.urls.filter((u) => u.includes('/socket.io/')) }).toEqual({ sockets: [], polls: [] });
      expect(seen.urls.filter((u) => u.includes('/export?')).length).toBe(1);

      // The same export saved as a file from the room and loaded on /replay, on the phone.
      const [download] = await Promise.all([browserPage.waitForEvent('download', { timeout: UI_TIMEOUT_MS }), browserPage.getByTestId('export-json').click()]);
      const file = join(SHOTS, download.suggestedFilename());
      await download.saveAs(file);
      const fromFile = await context.newPage();
      pages.push(fromFile);
      const fileTraffic = traffic(fromFile);
      await fromFile.goto(new URL('/replay', stack.url).href);
      await fromFile.getByTestId('replay-drop').waitFor({ timeout: UI_TIMEOUT_MS });
      await fromFile.screenshot({ path: join(SHOTS, 'file-picker.png') });
      await fromFile.getByTestId('replay-file').setInputFiles(file);
      await fromFile.getByTestId('replay-table').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await fromFile.getByTestId('replay-file-name').textContent()).toContain(download.suggestedFilename());
      expect(await text(fromFile)).not.toContain(sealed);
      await fromFile.getByTestId('replay-phases').selectOption({ label: 'Declaration 1 · revealed' });
      expect((await shown(fromFile)).seq).toBe(revealSeq);
      await expect.poll(() => text(fromFile), { timeout: UI_TIMEOUT_MS }).toContain(sealed);
      await fromFile.screenshot({ path: join(SHOTS, 'file-at-reveal.png') });

      // A file that is not an export says so in the reader's language.
      await switchLanguage(fromFile, 'ko', UI_TIMEOUT_MS);
      await fromFile.getByTestId('replay-other-file').click();
      await fromFile.getByTestId('replay-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an export') });
      const error = fromFile.getByTestId('replay-error');
      await error.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await error.getAttribute('data-code')).toBe('NOT_JSON');
      expect(await error.innerText()).toBe('notes.txt은(는) 리플레이할 수 없습니다. JSON 파일이 아닙니다.');
      await fromFile.screenshot({ path: join(SHOTS, 'file-not-export-ko.png') });
      expect(fileTraffic.sockets).toEqual([]);
      expect(fileTraffic.urls.filter((u) => u.includes('/api/'))).toEqual([]);
      expect(errors).toEqual([]);
    } catch (e) {
      for (const [i, page] of pages.entries()) if (!page.isClosed()) await page.screenshot({ path: join(SHOTS, `failure-${i + 1}.png`), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await context.close();
    }
  }, 180_000);

  test('an open edition is watched as anyone at the table: Bruno sees his own sealed answer where the GM sees none', async () => {
    const { room, seats: [s1, s2], gm, players: [aiko, bruno] } = await tableRoom(stack, 'Open replay', ['Aiko', 'Bruno'], { online: [0, 1] });
    const own = plantText('BRUNO-OWN-ANSWER');
    await commit(gm, { type: 'decl.open', prompt: 'Which door?', kind: 'text', seats: [s1, s2] });
    const decl = newestDecl(gm).id;
    const { seq: sealedSeq } = await commit(bruno, { type: 'decl.answer', decl, answer: { kind: 'text', text: own } });
    await commit(aiko, { type: 'decl.answer', decl, answer: { kind: 'text', text: 'The blue door' } });
    const { seq: releasedSeq } = await commit(gm, { type: 'record.release' });
    await aiko.waitForSeq(releasedSeq);

    const context = await stack.browser.newContext(PHONE);
    const errors: string[] = [];
    context.on('page', (page) => void page.on('pageerror', (e) => errors.push(e.message)));
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => void (r.url().includes('/export?') && asked.push(r.url())));
    try {
      await page.goto(new URL(`/r/${room.roomId}/replay#t=${room.seats[0]!.token}`, stack.url).href);
      await page.getByTestId('replay-table').waitFor({ timeout: UI_TIMEOUT_MS });
      // Released: Aiko's link reads the whole session, as the GM by default.
      const picker = page.getByTestId('replay-watch-as');
      expect(await picker.locator('option').allTextContents()).toEqual(['GM', 'Aiko', 'Bruno', 'Spectator']);
      expect(await picker.inputValue()).toBe('gm');
      // From the declaration's opening, step by step to the entry of Bruno's answer, before Aiko's reveals both.
      const toSealed = async () => {
        await page.getByTestId('replay-phases').selectOption({ label: 'Declaration 1 · open' });
        await page.locator('h1').click();
        while ((await shown(page)).seq < sealedSeq) {
          const before = (await shown(page)).step;
          await page.keyboard.press('ArrowRight');
          await expect.poll(async () => (await shown(page)).step, { timeout: UI_TIMEOUT_MS }).toBe(before + 1);
        }
        expect((await shown(page)).seq).toBe(sealedSeq);
      };
      await toSealed();
      expect(await text(page)).not.toContain(own);

      await picker.selectOption({ label: 'Bruno' });
      await expect.poll(() => page.getByTestId('role').textContent(), { timeout: UI_TIMEOUT_MS }).toContain('Bruno');
      expect(new URL(asked.at(-1)!).searchParams.get('as')).toBe(s2);
      await toSealed();
      await expect.poll(() => text(page), { timeout: UI_TIMEOUT_MS }).toContain(own);
      await page.screenshot({ path: join(SHOTS, 'open-as-bruno.png') });
      expect(errors).toEqual([]);
    } catch (e) {
      await page.screenshot({ path: join(SHOTS, 'open-failure.png'), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await context.close();
    }
  }, 120_000);
});
