import { rngCommitment } from '@veiltable/engine';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, waitForCount, waitOnline, withPages } from './support/browser.ts';
import { commit, newestDecl } from './support/session.ts';
import { tableRoom } from './support/table-room.ts';

// Issue 14, item 4: "a GM command (with a confirmation step) releases it [...] Each client then checks it: every
// commitment matches what that client saw while sealed, and [...] the revealed seed, whose hash was published when
// the room was created." The GM's two steps in the browser, and a player's page checking the file by itself,
// against a forged seed too (a proxy rewriting the download).

const stack = browserStack({ database: 'pglite' });

const row = (seat: string) => `[data-testid="decl-answer-row"][data-seat="${seat}"]`;

describe('the open edition in the browser', () => {
  test('the GM confirms the release; a player\'s page verifies the download and catches a forged seed', async () => {
    const { room, seats: [s1, s2, s3], gm, players: [bruno, carla] } = await tableRoom(stack, 'Open at dawn', ['Aiko', 'Bruno', 'Carla'], { online: [1, 2] });
    await commit(gm, { type: 'decl.open', prompt: 'Which road?', kind: 'text', seats: [s1, s2, s3] });
    const decl = newestDecl(gm).id;

    await withPages(stack.browser, 'browser-open-edition', [{ url: room.gmUrl, laptop: true }, { url: room.seats[0]!.url }], async ([desk, aiko]) => {
      // Aiko's page is shown Bruno's and Carla's answers sealed: its ledger witnesses both commitments.
      await commit(bruno, { type: 'decl.answer', decl, answer: { kind: 'text', text: 'The river road' } });
      await commit(carla, { type: 'decl.answer', decl, answer: { kind: 'text', text: 'Over the pass' } });
      await waitForCount(aiko, `${row(s2)}[data-declared="true"] [data-testid="decl-commitment"]`, 1);
      await waitForCount(aiko, `${row(s3)}[data-declared="true"] [data-testid="decl-commitment"]`, 1);
      await commit(gm, { type: 'decl.reveal', decl });
      expect(await aiko.getByTestId('open-edition').count()).toBe(0);

      // The first step only asks; cancelling releases nothing.
      await desk.getByTestId('release-start').click();
      await desk.getByTestId('release-cancel').click();
      expect(gm.current().released).toBe(false);
      await desk.getByTestId('release-start').click();
      await desk.getByTestId('release-confirm').click();
      await gm.waitFor(() => gm.current().released, 'gm: the open edition is out');
      await desk.getByTestId('release-done').waitFor({ timeout: UI_TIMEOUT_MS });

      // Every page now offers the file and its check; the chat line gives way to why nothing more can be said (REL-03).
      for (const page of [desk, aiko]) await page.getByTestId('open-edition').waitFor({ timeout: UI_TIMEOUT_MS });
      for (const page of [desk, aiko]) await page.getByTestId('composer-released').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await aiko.getByTestId('composer-input').count()).toBe(0);
      await aiko.getByTestId('open-verify').click();
      const verdict = aiko.getByTestId('open-verdict');
      await verdict.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await verdict.getAttribute('data-ok')).toBe('true');
      expect(await aiko.getByTestId('open-seed').getAttribute('data-ok')).toBe('true');
      expect(await aiko.getByTestId('open-commitments').getAttribute('data-checked')).toBe('2');
      expect(await aiko.getByTestId('open-commitments').getAttribute('data-mismatched')).toBe('0');
      await aiko.screenshot({ path: join(ARTIFACTS, 'browser-open-edition-verified.png'), fullPage: true });

      // The same page, served a file whose seed was swapped (with a commitment to match it): the seed fails
      // against the hash its welcome carried.
      const forgedSeed = 'f0'.repeat(32);
      await aiko.route(/\/api\/rooms\/[^/]+\/record$/, async (route) => {
        const response = await route.fetch();
        const record = JSON.parse(await response.text()) as { seed: string };
        await route.fulfill({ response, body: JSON.stringify({ ...record, seed: forgedSeed, commitment: rngCommitment(forgedSeed) }) });
      });
      await aiko.reload();
      await waitOnline(aiko);
      await aiko.getByTestId('open-verify').click();
      await aiko.locator('[data-testid="open-verdict"][data-ok="false"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await aiko.getByTestId('open-seed').getAttribute('data-ok')).toBe('false');
      await aiko.screenshot({ path: join(ARTIFACTS, 'browser-open-edition-forged-seed.png'), fullPage: true });
    });
  });
});
