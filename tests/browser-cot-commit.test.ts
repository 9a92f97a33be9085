import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { orthogonalNeighbours } from '@veiltable/engine/games/call-of-t';
import type { CotView } from '@veiltable/protocol/games/call-of-t';
import { auditCot } from './support/cot-audit.ts';
import { characterOf, cotCharacter, cotEvents, cotSetupFor, gmSettles } from './support/cot-table.ts';
import { createRoom } from './support/http-api.ts';
import { ARTIFACTS, browserStack, laptopPage, phonePage, UI_TIMEOUT_MS, waitOnline } from './support/browser.ts';
import { RecordingClient } from './support/recording-client.ts';
import { allAt, commit } from './support/session.ts';

// Issue 12 #13 on the phones: in a step the party plays together (here the remains, COT-REM-01) each player commits
// its own characters from its phone, every phone and the GM's console show who has committed and who is awaited,
// and the last commitment carries the step out for all at once. The phones send only their own characters.

const stack = browserStack({ database: 'postgres' });

/** The four commands of a party step, and the characters each names. */
const PARTY_COMMANDS: Record<string, (c: Record<string, unknown>) => string[]> = {
  'cot.remains.search': (c) => (c.searchers as { character: string }[]).map((s) => s.character),
  'cot.treasure.resolve': (c) => [...(c.spotters as string[]), ...(c.diamond ? [(c.diamond as { character: string }).character] : [])],
  'cot.tsp.accept': (c) => (c.adjust as { character: string }[]).map((a) => a.character),
  'cot.tsp.summon': (c) => (c.summoners as { character: string }[]).map((s) => s.character),
};

/** What the commitments panel says in each language: a committed row, what it committed, who is awaited. */
const LANGS = [
  ['ko', { done: '확정', search: '수색: Aiko', waiting: '대기 중: Bruno, Chen' }],
  ['ja', { done: '確定済み', search: '捜索: Aiko', waiting: '待機中: Bruno, Chen' }],
  ['en', { done: 'committed', search: 'searching: Aiko', waiting: 'Waiting for: Bruno, Chen' }],
] as const;

/** Every command a page sent over its socket, read from the raw frames (`42["m","{…}"]`). */
function recordCommands(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', ({ payload }) => {
      const match = /^42(\[.*)$/s.exec(String(payload));
      if (!match) return;
      const [event, text] = JSON.parse(match[1]!) as [string, string];
      const message = event === 'm' ? (JSON.parse(text) as { type: string; command?: Record<string, unknown> }) : null;
      if (message?.type === 'command' && message.command) sent.push(message.command);
    }),
  );
  return sent;
}

const committedSeats = (v: CotView) => ((v.phase.detail.committed ?? []) as { seat: string }[]).map((c) => c.seat);

describe('browser · Call of <T> · a choice the party makes together', () => {
  test('three phones commit their own searchers; each phone and the GM see who has committed and who is awaited, in ko, ja and en', async () => {
    const url = stack.url;
    const room = await createRoom(url, 'Remains', ['Aiko', 'Bruno', 'Chen'], 'call-of-t');
    const gm = new RecordingClient(url, room.gmToken, 'gm');
    const watchers = room.seats.map((s, i) => new RecordingClient(url, s.token, `p${i + 1}`));
    const spectator = new RecordingClient(url, room.spectatorToken, 'spectator');
    const live = [gm, ...watchers, spectator];
    stack.sockets.push(...live);
    await Promise.all(live.map((c) => c.connect()));

    // Ten cards each and private sheets: some hand surely holds a ♦, and the others' rolls reach a player without their
    // chance. Nobody draws a death omen, so no spade takes a square next to the gate.
    const characters = room.seats.map((s) => cotCharacter(s.name, s.seat, { initialHand: 10, exemptFromDeathOmen: true }));
    await commit(gm, { type: 'cot.setup', setup: cotSetupFor(characters, { options: { sheetsPublic: false } }) });
    await commit(gm, { type: 'cot.inv.force' });
    await gmSettles(gm);
    const v = gm.currentCot();
    expect(v.phase).toMatchObject({ kind: 'time', step: 'decision' });
    // COT-TIM-07: the GM moves the party onto a blank square and lays a ♦ from a hand there, face-up: the remains.
    const to = orthogonalNeighbours({ width: v.board.width, height: v.board.height }, v.party.position).find(
      (id) => id !== v.board.gate && (v.board.squares.find((s) => s.id === id)?.stack.length ?? 0) === 0,
    );
    expect(to, 'a blank square next to the gate').toBeDefined();
    const diamond = Object.entries(v.hands).flatMap(([character, cards]) =>
      cards.filter((c) => c.face?.kind === 'standard' && c.face.suit === 'D').map((c) => ({ character, card: c.id })),
    )[0];
    expect(diamond, 'a ♦ among thirty cards').toBeDefined();
    await commit(gm, { type: 'cot.time.propose', plan: { kind: 'move', to: to!, place: diamond! } });
    expect(gm.currentCot().phase).toMatchObject({ kind: 'event', step: 'remains' });
    const ids = room.seats.map((s) => characterOf(gm.currentCot(), s.seat));
    const ltfBefore = gm.currentCot().characters.map((c) => c.ltfThirds);

    const phones = await Promise.all(room.seats.map(() => phonePage(stack.browser)));
    const gmPage = await laptopPage(stack.browser);
    const pages = [...phones, gmPage];
    const pageErrors: string[] = [];
    for (const p of pages) p.on('pageerror', (e) => pageErrors.push(e.message));
    const sent = phones.map(recordCommands);
    try {
      await Promise.all([...phones.map((p, i) => p.goto(room.seats[i]!.url)), gmPage.goto(room.gmUrl)]);
      for (const p of pages) await waitOnline(p);
      const panelOf = (p: Page) => p.locator('[data-testid="cot-party-choice"][data-step="remains"]');
      const row = (p: Page, seat: string, committed: boolean) => p.locator(`[data-testid="cot-committed"] li[data-seat="${seat}"][data-committed="${committed}"]`);
      for (const p of phones) await panelOf(p).waitFor({ timeout: UI_TIMEOUT_MS });
      for (const s of room.seats) await row(phones[0]!, s.seat, false).waitFor({ timeout: UI_TIMEOUT_MS });

      // Aiko's player commits Aiko as a searcher; nothing is rolled yet.
      await panelOf(phones[0]!).getByTestId('cot-commit-search').check();
      await panelOf(phones[0]!).getByTestId('cot-commit').click();
      await gm.waitFor(() => committedSeats(gm.currentCot()).includes(room.seats[0]!.seat), 'gm: s1 committed');
      expect(gm.currentCot().characters.map((c) => c.ltfThirds)).toEqual(ltfBefore);

      // The second phone shows Aiko's commitment and who is still awaited, in every language, within 390 px.
      const second = phones[1]!;
      await row(second, room.seats[0]!.seat, true).waitFor({ timeout: UI_TIMEOUT_MS });
      const awaitedSeats = await second.getByTestId('cot-awaited').getAttribute('data-seats');
      expect(awaitedSeats).toBe(`${room.seats[1]!.seat} ${room.seats[2]!.seat}`);
      for (const [lang, words] of LANGS) {
        await second.getByTestId('lang-select').selectOption(lang);
        await second.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
        const committedRow = row(second, room.seats[0]!.seat, true);
        await expect.poll(() => committedRow.innerText(), { timeout: UI_TIMEOUT_MS }).toContain(words.done);
        expect(await committedRow.innerText()).toContain(words.search);
        expect(await second.getByTestId('cot-awaited').innerText()).toContain(words.waiting);
        const panel = await panelOf(second).innerText();
        expect(panel, `${lang}: no key shows raw`).not.toMatch(/\bcot\.[a-zA-Z]/);
        expect(await second.evaluate(() => document.documentElement.scrollWidth), `${lang}: fits the phone`).toBeLessThanOrEqual(390);
        await second.screenshot({ path: join(ARTIFACTS, `browser-cot-commit-${lang}.png`), fullPage: true });
      }

      // The GM's console shows the same, and may carry the step out at once; here it waits for the players.
      const gmForm = gmPage.locator('[data-testid="cot-gm-step"][data-step="remains"]');
      await gmForm.locator(`[data-testid="cot-committed"] li[data-seat="${room.seats[0]!.seat}"][data-committed="true"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      await gmPage.screenshot({ path: join(ARTIFACTS, 'browser-cot-commit-gm.png'), fullPage: true });

      // The other two commit nobody; the last commitment carries the search out for everyone at once.
      const before = gm.lastSeq!;
      await panelOf(second).getByTestId('cot-commit').click();
      await gm.waitFor(() => committedSeats(gm.currentCot()).includes(room.seats[1]!.seat), 'gm: s2 committed');
      await row(phones[2]!, room.seats[1]!.seat, true).waitFor({ timeout: UI_TIMEOUT_MS });
      await panelOf(phones[2]!).getByTestId('cot-commit').click();
      await gm.waitFor(() => gm.currentCot().phase.step !== 'remains', 'gm: the remains searched');
      const checks = cotEvents(gm, 'cot.check').filter((e) => e.seq > before).map((e) => e.event);
      expect(checks.map((c) => [c.character, c.purpose])).toEqual([[ids[0], 'memorial']]);
      expect(gm.currentCot().characters.map((c) => c.ltfThirds)).toEqual([ltfBefore[0]! + 3, ltfBefore[1], ltfBefore[2]]);

      // A fumble brings the tear spirit (T-REMAINS): every phone accepts it, and the party goes on.
      if (gm.currentCot().phase.step === 'tearSpirit') {
        for (const p of phones) {
          await p.locator('[data-testid="cot-party-choice"][data-step="tearSpirit"]').getByTestId('cot-commit-accept').click();
        }
        await gm.waitFor(() => gm.currentCot().phase.step !== 'tearSpirit', 'gm: the tear spirit accepted');
      }
      for (const p of phones) await p.locator('[data-testid="cot-party-choice"]').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      // Each phone sent its own character and no one else's in every command of a party step.
      for (const [i, commands] of sent.entries()) {
        const party = commands.filter((c) => typeof c.type === 'string' && c.type in PARTY_COMMANDS);
        expect(party.length, `${room.seats[i]!.seat} sent its commitments`).toBeGreaterThan(0);
        for (const c of party) expect(PARTY_COMMANDS[c.type as string]!(c).every((id) => id === ids[i]), JSON.stringify(c)).toBe(true);
      }

      // COT-HID-01..08 over every frame the players' and the spectator's sockets received.
      await allAt([...watchers, spectator], gm.lastSeq!);
      const audit = auditCot(gm, [...watchers, spectator]);
      expect(audit.leaks).toEqual([]);
      expect(audit.checked.hiddenHandCards).toBeGreaterThan(0);
      expect(audit.checked.othersChecks).toBeGreaterThan(0);
      for (const c of live) {
        expect(c.invalid, `${c.label} got messages outside the protocol`).toEqual([]);
        expect(c.seqGaps, `${c.label} got updates out of order`).toEqual([]);
      }
      expect(pageErrors).toEqual([]);
    } catch (e) {
      await Promise.all(pages.map((p, i) => p.screenshot({ path: join(ARTIFACTS, `browser-cot-commit-failure-${i + 1}.png`), fullPage: true }).catch(() => {})));
      throw e;
    } finally {
      await Promise.all(pages.map((p) => p.close()));
    }
  }, 120_000);
});
