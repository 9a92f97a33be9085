import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { defaultCotOptions, orthogonalNeighbours } from '@veiltable/engine/games/call-of-t';
import { auditCot } from './support/cot-audit.ts';
import { characterOf, cotCharacter, cotEvents, cotSetupFor, gmSettles, heartIn } from './support/cot-table.ts';
import { addSeat, createRoom } from './support/http-api.ts';
import { ARTIFACTS, browserStack, phonePage, UI_TIMEOUT_MS, waitForCount } from './support/browser.ts';
import { timelineEvents } from './support/cot-pages.ts';
import { RecordingClient } from './support/recording-client.ts';
import { commit } from './support/session.ts';

// Issue 3, item 6: on a 390×844 phone a player declares a scout (偵察) on a highlighted square, locks in, and after
// the reveal sees the private result: the suit on the board, in the knowledge list and in the log with its level.

const stack = browserStack({ database: 'postgres' });
const sockets = stack.sockets;

describe('browser · Call of <T>', () => {
  test('a player on a phone declares a scout, locks in, and sees the private result', async () => {
    const url = stack.url;
    const room = await createRoom(url, 'Expedition', ['Aiko', 'Bruno', 'Chen'], 'call-of-t');
    const gm = new RecordingClient(url, room.gmToken, 'gm');
    const sockets3 = room.seats.map((s, i) => new RecordingClient(url, s.token, `p${i + 1}`));
    sockets.push(gm, ...sockets3);
    await Promise.all([gm, ...sockets3].map((c) => c.connect()));
    // Ten cards each: among thirty, some character surely holds a ♥ to play instead of the roll (a sure 成功).
    const characters = room.seats.map((s) => cotCharacter(s.name, s.seat, { initialHand: 10 }));
    const setup = await commit(gm, { type: 'cot.setup', setup: cotSetupFor(characters) });
    await Promise.all(sockets3.map((c) => c.waitForSeq(setup.seq)));
    const index = sockets3.findIndex((c, i) => heartIn(c.currentCot(), characterOf(c.currentCot(), room.seats[i]!.seat)));
    expect(index, 'a character with a heart').toBeGreaterThanOrEqual(0);
    const seat = room.seats[index]!;
    const others = sockets3.filter((_, i) => i !== index);
    // The others choose 行動なし and lock first, so the phone's lock is the one that reveals.
    for (const [i, c] of sockets3.entries()) {
      if (i === index) continue;
      const id = characterOf(c.currentCot(), room.seats[i]!.seat);
      await commit(c, { type: 'cot.inv.declare', character: id, action: { kind: 'none' } });
      await commit(c, { type: 'cot.inv.lock', character: id });
    }

    const page = await phonePage(stack.browser);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await page.goto(seat.url);
      await page.locator('[data-testid="connection-status"][data-status="online"]').waitFor({ timeout: UI_TIMEOUT_MS });
      const declare = page.getByTestId('cot-declare');
      await declare.waitFor({ timeout: UI_TIMEOUT_MS });

      // 偵察: the legal targets light up on the board; tapping one chooses it.
      await declare.locator('[data-action="scout"]').click();
      const legal = page.locator('[data-testid="cot-board"] button.legal');
      expect(await legal.count()).toBeGreaterThan(0);
      const square = (await legal.first().getAttribute('data-square'))!;
      await legal.first().click();
      await expect.poll(() => page.getByTestId('cot-target').inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(square);
      await page.getByTestId('cot-substitute').selectOption({ index: 1 });
      await page.screenshot({ path: join(ARTIFACTS, 'browser-cot-1-declare.png'), fullPage: true });

      await page.getByTestId('cot-declare-button').click();
      const characterId = characterOf(gm.currentCot(), seat.seat);
      await gm.waitFor(() => gm.currentCot().declarations?.find((d) => d.character === characterId)?.declared === true, 'gm: the scout declared');
      // Sealed: the other players see that a choice was made, never which.
      await others[0]!.waitFor(() => others[0]!.currentCot().declarations?.find((d) => d.character === characterId)?.declared === true, 'p: declared');
      expect(others[0]!.currentCot().declarations?.find((d) => d.character === characterId)).not.toHaveProperty('action');

      await page.getByTestId('cot-lock-button').click();
      await gm.waitFor(() => gm.currentCot().phase.kind !== 'investigation', 'gm: revealed and resolved');
      const fact = gm.currentCot().facts.find((f) => f.square === square);
      expect(fact, 'the scout learned the suit').toBeDefined();

      // The private result on the phone: the square's back is marked with the suit, the knowledge list holds it.
      const known = page.locator(`[data-testid="cot-board"] [data-square="${square}"] [data-known="own"]`);
      await known.waitFor({ timeout: UI_TIMEOUT_MS });
      const signs: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
      expect(await known.innerText()).toBe(signs[fact!.value]);
      await page.locator(`[data-testid="cot-facts"] [data-square="${square}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      await timelineEvents(page, 'cot.revealed').waitFor({ timeout: UI_TIMEOUT_MS });
      await timelineEvents(page, 'cot.check', 'Success · 成功').first().waitFor({ timeout: UI_TIMEOUT_MS });
      // Every choice was shown sealed to this page before the reveal: the ledger finds each one matching its seal.
      const revealRow = page.locator('[data-testid="timeline"] [data-testid="tl-line"]', { has: page.locator('[data-testid="tl-event"][data-type="cot.revealed"]') });
      await revealRow.locator('[data-testid="tl-verdicts"] [data-verdict="ok"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await revealRow.locator('[data-testid="tl-verdicts"] [data-verdict]').evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')))).toEqual(['ok']);
      await page.screenshot({ path: join(ARTIFACTS, 'browser-cot-2-result.png'), fullPage: true });
      for (const other of others) expect(other.currentCot().facts).toEqual([]);

      // A fresh page load still shows the reveal, the roll and the private fact: the timeline comes with the welcome.
      await page.reload();
      await page.locator('[data-testid="connection-status"][data-status="online"]').waitFor({ timeout: UI_TIMEOUT_MS });
      await timelineEvents(page, 'cot.revealed').waitFor({ timeout: UI_TIMEOUT_MS });
      await timelineEvents(page, 'cot.check', 'Success · 成功').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await timelineEvents(page, 'cot.fact', square).first().waitFor({ timeout: UI_TIMEOUT_MS });
      // The ledger outlives the reload: still judged against the commitments this page saw sealed.
      const reloadedReveal = page.locator('[data-testid="timeline"] [data-testid="tl-line"]', { has: page.locator('[data-testid="tl-event"][data-type="cot.revealed"]') });
      await reloadedReveal.locator('[data-testid="tl-verdicts"] [data-verdict="ok"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await reloadedReveal.locator('[data-testid="tl-verdicts"] [data-verdict]').evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')))).toEqual(['ok']);
      // The sentences name the characters, never their ids.
      const revealLine = await timelineEvents(page, 'cot.revealed').innerText();
      expect(revealLine).toContain(characters[index]!.name);
      expect(revealLine).not.toMatch(/\bch\d/);

      // The GM's phone and the spectator's board render too.
      await page.goto(room.gmUrl);
      await page.getByTestId('cot-gm-console').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.screenshot({ path: join(ARTIFACTS, 'browser-cot-3-gm.png'), fullPage: true });
      await page.goto(room.spectatorUrl);
      await page.getByTestId('cot-board').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator('[data-testid="cot-board"] [data-known="own"]').count()).toBe(0);
      await page.screenshot({ path: join(ARTIFACTS, 'browser-cot-4-spectator.png'), fullPage: true });
      // COT-HID-01..08 over every frame the players' sockets received.
      await Promise.all(sockets3.map((c) => c.waitForSeq(gm.lastSeq!)));
      expect(auditCot(gm, sockets3).leaks).toEqual([]);
      for (const c of [gm, ...sockets3]) expect(c.invalid, c.label).toEqual([]);
      expect(pageErrors).toEqual([]);
    } catch (e) {
      await page.screenshot({ path: join(ARTIFACTS, 'browser-cot-failure.png'), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await page.close();
    }
  }, 90_000);

  test('the GM sets up the expedition from a phone, with every §13 option and its default, then forces the lock', async () => {
    const url = stack.url;
    const room = await createRoom(url, 'Setup', ['Aiko', 'Bruno'], 'call-of-t');
    const gm = new RecordingClient(url, room.gmToken, 'gm-setup');
    sockets.push(gm);
    await gm.connect();
    const page = await phonePage(stack.browser);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await page.goto(room.gmUrl);
      await page.getByTestId('cot-setup').waitFor({ timeout: UI_TIMEOUT_MS });
      // COT-SET-01: every INFERRED default of §13 is an option, shown with the rules' default.
      expect(await page.locator('[data-testid="cot-options"] [data-option]').count()).toBe(Object.keys(defaultCotOptions).length);
      expect(await page.locator('[data-option="maxCycles"] input').inputValue()).toBe('14');
      expect(await page.locator('[data-option="aceHigh"] input').isChecked()).toBe(true);
      await page.locator('[data-option="gateIsSafe"] input').check();
      await page.screenshot({ path: join(ARTIFACTS, 'browser-cot-5-setup.png'), fullPage: true });
      await page.getByTestId('cot-setup-start').click();
      await gm.waitFor(() => gm.currentCot().phase.kind === 'investigation', 'gm: cycle 1 begins');
      // One character per seat, named after it; only the changed option differs from the defaults.
      expect(gm.currentCot().characters.map((c) => [c.name, c.seat])).toEqual([['Aiko', 's1'], ['Bruno', 's2']]);
      expect(gm.currentCot().options).toMatchObject({ gateIsSafe: true, aceHigh: true, maxCycles: 14 });
      await page.getByTestId('cot-force').click();
      await gm.waitFor(() => gm.currentCot().phase.kind === 'time', 'gm: the forced lock reveals and resolves');
      await page.getByTestId('cot-gm-console').getByText(i18nWait).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.screenshot({ path: join(ARTIFACTS, 'browser-cot-6-gm-time.png'), fullPage: true });
      expect(pageErrors).toEqual([]);
    } catch (e) {
      await page.screenshot({ path: join(ARTIFACTS, 'browser-cot-setup-failure.png'), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await page.close();
    }
  }, 90_000);

  test('seats added after the setup form opened, and after cycle 1 began, each get a character (COT-SET-01 step 6)', async () => {
    const url = stack.url;
    const room = await createRoom(url, 'Late', ['Aiko'], 'call-of-t');
    const gm = new RecordingClient(url, room.gmToken, 'gm-late');
    sockets.push(gm);
    await gm.connect();
    const desk = await phonePage(stack.browser);
    const late = await phonePage(stack.browser);
    const pageErrors: string[] = [];
    for (const p of [desk, late]) p.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await desk.goto(room.gmUrl);
      await desk.getByTestId('cot-setup').waitFor({ timeout: UI_TIMEOUT_MS });
      await waitForCount(desk, '[data-testid="cot-setup-character"]', 1);
      // A seat added while the form is open gets its own row, seated at it.
      const bruno = await addSeat(url, room, 'Bruno');
      await waitForCount(desk, '[data-testid="cot-setup-character"]', 2);
      const second = desk.getByTestId('cot-setup-character').nth(1);
      expect(await second.getByTestId('cot-character-seat').inputValue()).toBe(bruno.seat);
      expect(await second.getByTestId('cot-character-name').inputValue()).toBe('Bruno');
      await desk.getByTestId('cot-setup-start').click();
      await gm.waitFor(() => gm.currentCot().phase.kind === 'investigation', 'gm: cycle 1 begins');
      expect(gm.currentCot().characters.map((c) => [c.name, c.seat])).toEqual([['Aiko', 's1'], ['Bruno', 's2']]);

      // A seat added once the game runs: its phone says it waits for the GM, the GM's console offers its character.
      const chen = await addSeat(url, room, 'Chen');
      const player = new RecordingClient(url, chen.token, 'late-p3');
      sockets.push(player);
      await player.connect();
      await late.goto(chen.url);
      await late.getByTestId('cot-no-character').waitFor({ timeout: UI_TIMEOUT_MS });
      const form = desk.getByTestId('cot-late-character');
      await form.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await form.getByTestId('cot-character-name').inputValue()).toBe('Chen');
      expect(await form.getByTestId('cot-character-seat').inputValue()).toBe(chen.seat);
      // 390 px: the form fits the phone's width.
      expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await desk.screenshot({ path: join(ARTIFACTS, 'browser-cot-late-character.png'), fullPage: true });
      await form.getByTestId('cot-late-add').click();
      await gm.waitFor(() => gm.currentCot().characters.length === 3, 'gm: the late character joined');
      const joined = gm.currentCot().characters[2]!;
      expect([joined.name, joined.seat]).toEqual(['Chen', chen.seat]);
      // COT-MOD-11: last in the marching order; COT-INV-02: it declares with the others in this investigation.
      expect(gm.currentCot().party.marchingOrder.at(-1)).toBe(joined.id);
      await late.getByTestId('cot-declare').waitFor({ timeout: UI_TIMEOUT_MS });
      await late.getByTestId('cot-no-character').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await form.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect((gm.currentCot().phase.detail.waitingFor as string[]).includes(joined.id)).toBe(true);
      await late.screenshot({ path: join(ARTIFACTS, 'browser-cot-late-player.png'), fullPage: true });
      await player.waitForSeq(gm.lastSeq!);
      expect(auditCot(gm, [player]).leaks).toEqual([]);
      for (const c of [gm, player]) expect(c.invalid, c.label).toEqual([]);
      expect(pageErrors).toEqual([]);
    } catch (e) {
      await desk.screenshot({ path: join(ARTIFACTS, 'browser-cot-late-failure.png'), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await desk.close();
      await late.close();
    }
  }, 120_000);

  test('the GM answers a waiting event step from the form on the GM console', async () => {
    const url = stack.url;
    const room = await createRoom(url, 'Steps', ['Aiko', 'Bruno'], 'call-of-t');
    const gm = new RecordingClient(url, room.gmToken, 'gm-steps');
    const players = room.seats.map((s, i) => new RecordingClient(url, s.token, `steps-p${i + 1}`));
    sockets.push(gm, ...players);
    await Promise.all([gm, ...players].map((c) => c.connect()));
    const characters = room.seats.map((s) => cotCharacter(s.name, s.seat));
    await commit(gm, { type: 'cot.setup', setup: cotSetupFor(characters) });
    const ids = gm.currentCot().characters.map((c) => c.id);
    // Each cycle the party walks onto a new square and turns up a card; every suit but an idle ♠ stops for the GM.
    let step: string | null = null;
    for (let cycle = 0; cycle < 8 && !step; cycle++) {
      await gmSettles(gm);
      if (gm.currentCot().phase.kind === 'investigation') await commit(gm, { type: 'cot.inv.force' });
      await gmSettles(gm);
      const v = gm.currentCot();
      const forced = v.party.forcedMove?.to;
      const around = orthogonalNeighbours({ width: v.board.width, height: v.board.height }, v.party.position);
      const fresh = around.filter((id) => id !== v.party.previousPosition && id !== v.board.gate);
      await commit(players[0]!, { type: 'cot.time.propose', plan: { kind: 'move', to: forced ?? fresh[0] ?? around[0]! } });
      const accepted = await commit(players[1]!, { type: 'cot.time.accept' });
      await gm.waitForSeq(accepted.seq);
      const now = gm.currentCot();
      if (now.phase.kind === 'event' && now.phase.step) {
        step = now.phase.step;
        break;
      }
      await gmSettles(gm);
      for (const [i, p] of players.entries()) await gm.waitForSeq((await commit(p, { type: 'cot.end.confirm', character: ids[i]! })).seq);
      await commit(gm, { type: 'cot.end.next' });
    }
    expect(step, 'an event step waiting for the GM').not.toBeNull();

    const page = await phonePage(stack.browser);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await page.goto(room.gmUrl);
      const form = page.locator(`[data-testid="cot-gm-step"][data-step="${step}"]`);
      await form.waitFor({ timeout: UI_TIMEOUT_MS });
      // What the engine generated reads as sentences, never as JSON (issue 13 #6).
      const summary = form.getByTestId('cot-gm-summary');
      expect(await summary.locator('li').count()).toBeGreaterThan(0);
      expect(await summary.innerText()).not.toMatch(/[{}"]|cot\./);
      expect(await page.locator('[data-testid="cot-gm-console"] pre').count()).toBe(0);
      const before = gm.lastSeq!;
      if (step === 'remains') {
        // COT-REM-01 per searcher: the first character searches.
        await page.getByTestId('cot-gm-remains').locator('input[type="checkbox"]').first().check();
      }
      await page.screenshot({ path: join(ARTIFACTS, 'browser-cot-7-gm-step.png'), fullPage: true });
      await form.getByTestId('cot-gm-submit').first().click();
      await gm.waitFor(() => gm.lastSeq! > before, 'gm: the form\'s answer committed');
      const checks = cotEvents(gm, 'cot.check').filter((e) => e.seq > before).map((e) => e.event);
      // The one searcher checked on the form rolled 〈慰霊〉 (COT-REM-01).
      if (step === 'remains') expect(checks.some((e) => e.character === ids[0])).toBe(true);
      expect(gm.currentCot().phase.step).not.toBe(step);
      // COT-HID-01..08 over every frame the players' sockets received.
      await Promise.all(players.map((c) => c.waitForSeq(gm.lastSeq!)));
      expect(auditCot(gm, players).leaks).toEqual([]);
      for (const c of [gm, ...players]) expect(c.invalid, c.label).toEqual([]);
      expect(pageErrors).toEqual([]);
    } catch (e) {
      await page.screenshot({ path: join(ARTIFACTS, 'browser-cot-step-failure.png'), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await page.close();
    }
  }, 120_000);
});

/** The 待機 button of the GM's party decision, in whichever UI language the browser picked. */
const i18nWait = /待機/;
