import { commitment } from '@veiltable/engine';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, waitForCount, waitOnline, withPages } from './support/browser.ts';
import { commit, declIn, newestDecl } from './support/session.ts';
import { tableRoom } from './support/table-room.ts';

// Issue 14, item 1: the page keeps every commitment it was shown while an answer was sealed, and judges the reveal
// against those, never against the commitment the reveal carries. A server that reveals another answer with another
// salt and a commitment of their own (here: a proxy rewriting the frames after a reload) is caught, loudly.

const stack = browserStack({ database: 'pglite' });

const row = (seat: string) => `[data-testid="decl-answer-row"][data-seat="${seat}"]`;
const verdictOf = (page: Page, seat: string) => page.locator(`${row(seat)} [data-testid="decl-verified"]`).getAttribute('data-verdict');

/** Rewrites every text frame and polling response from the server, as a lying server (or a proxy) would. */
async function rewriteServerFrames(page: Page, swaps: readonly (readonly [string, string])[]): Promise<void> {
  const rewrite = (text: string) => swaps.reduce((t, [from, to]) => t.split(from).join(to), text);
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => ws.send(typeof m === 'string' ? rewrite(m) : m));
    ws.onMessage((m) => server.send(m));
  });
  await page.route(/\/socket\.io\/.*transport=polling/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: rewrite(await response.text()) });
  });
}

describe('commitment ledger', () => {
  test('a forged reveal with its own matching commitment is shown as forged; true reveals stay verified', async () => {
    const { room, seats: [s1, s2, s3], gm, players: [bruno, carla] } = await tableRoom(stack, 'Sealed at the inn', ['Aiko', 'Bruno', 'Carla'], { online: [1, 2] });
    await commit(gm, { type: 'decl.open', prompt: 'Where do you sleep tonight?', kind: 'text', seats: [s1, s2, s3] });
    const decl = newestDecl(gm).id;
    const brunoText = 'In the stable, with one eye open';

    await withPages(stack.browser, 'browser-ledger', [{ url: room.seats[0]!.url }], async ([page]) => {
      // Bruno and Carla answer while Aiko's page watches: it is shown both commitments sealed.
      await commit(bruno, { type: 'decl.answer', decl, answer: { kind: 'text', text: brunoText } });
      await commit(carla, { type: 'decl.answer', decl, answer: { kind: 'text', text: 'Under the stairs' } });
      await waitForCount(page, `${row(s2)}[data-declared="true"] [data-testid="decl-commitment"]`, 1);
      await waitForCount(page, `${row(s3)}[data-declared="true"] [data-testid="decl-commitment"]`, 1);
      await commit(gm, { type: 'decl.reveal', decl });
      await waitForCount(page, '[data-testid="decl-answer-row"] [data-testid="decl-verified"][data-verdict="ok"]', 2);

      // A reload keeps the ledger: the same reveal is still judged against what was witnessed sealed.
      await page.reload();
      await waitOnline(page);
      await waitForCount(page, '[data-testid="decl-answer-row"] [data-testid="decl-verified"][data-verdict="ok"]', 2);
      expect(await page.getByTestId('ledger-forged').count()).toBe(0);

      // Now the frames lie: Bruno's answer, salt and commitment are swapped for another answer whose own hash fits.
      const real = declIn(gm, decl).answers.find((a) => a.seat === s2)!;
      const forgedText = 'In the GM room, reading the notes';
      const forgedSalt = 'f'.repeat(real.salt!.length);
      const forgedCommitment = commitment({ kind: 'text', text: forgedText }, forgedSalt);
      await rewriteServerFrames(page, [
        [brunoText, forgedText],
        [real.salt!, forgedSalt],
        [real.commitment!, forgedCommitment],
      ]);
      await page.reload();
      await waitOnline(page);
      await page.locator(row(s2)).filter({ hasText: forgedText }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('ledger-forged').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await verdictOf(page, s2)).toBe('forged');
      expect(await verdictOf(page, s3)).toBe('ok');
      expect(await page.getByTestId('ledger-forged').getAttribute('data-count')).toBe('1');
      // The reveal's line in the timeline says the same: one answer forged, one matching its seal.
      await waitForCount(page, '[data-testid="tl-verdicts"] [data-verdict="forged"]', 1);
      await waitForCount(page, '[data-testid="tl-verdicts"] [data-verdict="ok"]', 1);
      await page.screenshot({ path: join(ARTIFACTS, 'browser-ledger-forged.png'), fullPage: true });
    });

    // A device that never saw the answers sealed can only say so; it does not call them verified.
    await withPages(stack.browser, 'browser-ledger-late', [{ url: room.seats[0]!.url }], async ([late]) => {
      await waitForCount(late, '[data-testid="decl-answer-row"] [data-testid="decl-verified"][data-verdict="unwitnessed"]', 2);
      expect(await late.getByTestId('ledger-forged').count()).toBe(0);
    });
  }, 120_000);
});
