import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, waitForCount, withPages } from './support/browser.ts';
import { commit, commitmentsSeen, declIn, newestDecl, revealSeqOf, verifyRevealed } from './support/session.ts';
import { tableRoom } from './support/table-room.ts';

// Requirement 12: on a phone-sized screen a player opens a join link, sees the hand the GM dealt, answers a sealed
// declaration, and after the reveal sees every answer with its hash verified in the browser.

// Embedded PGlite: this file checks the client, the Postgres path is covered by the other end-to-end files.
const stack = browserStack({ database: 'pglite' });

describe('browser', () => {
  test('a player on a phone sees the dealt hand, answers sealed, and sees each answer judged against the commitment it saw sealed', async () => {
    const { room, seats: [s1, s2], gm, players: [bruno] } = await tableRoom(stack, 'Night at the inn', ['Aiko', 'Bruno'], { online: [1] });

    const cards = ['The silver key', 'A forged letter', 'The innkeeper owes you'];
    await commit(gm, { type: 'deck.create', deck: { kind: 'custom', cards } });
    await commit(gm, { type: 'deck.shuffle' });
    await commit(gm, { type: 'deck.deal', seat: s1, count: 2 });
    const aikoCards = (gm.current().hands[s1] ?? []).map((c) => (c.face?.kind === 'custom' ? c.face.text : '?'));
    expect(aikoCards).toHaveLength(2);
    await commit(gm, { type: 'decl.open', prompt: 'Where do you sleep tonight?', kind: 'text', seats: [s1, s2] });
    const decl = newestDecl(gm).id;

    await withPages(stack.browser, 'browser', [{ url: room.seats[0]!.url }], async ([page]) => {
      // The hand shows exactly the two dealt cards, faces up for their owner.
      await waitForCount(page, testId('hand-card'), 2);
      const handText = await page.getByTestId('hand').innerText();
      for (const text of aikoCards) expect(handText).toContain(text);
      await page.screenshot({ path: join(ARTIFACTS, 'browser-1-hand.png'), fullPage: true });

      // The header shows the commitment to the room's dice seed: the one every welcome carries, the GM's socket's too.
      const welcome = gm.messages.find((m) => m.type === 'welcome');
      const line = page.getByTestId('rng-commitment');
      expect(welcome?.type === 'welcome' && (await line.getAttribute('data-hash')) === welcome.room.rng.hash).toBe(true);
      expect(await line.getAttribute('data-alg')).toBe('sha256-drbg/1');
      expect(await line.innerText()).toContain(welcome?.type === 'welcome' ? welcome.room.rng.hash.slice(0, 8) : '?');

      // Bruno answers first: his sealed answer must not show on Aiko's screen, only that he declared.
      const brunoText = 'In the stable, with one eye open';
      const brunoSeq = await bruno.run({ type: 'decl.answer', decl, answer: { kind: 'text', text: brunoText } });
      await gm.waitForSeq(brunoSeq);
      await page.getByTestId('decl-panel').waitFor({ timeout: UI_TIMEOUT_MS });
      await waitForCount(page, `${testId('decl-answer-row')}[data-seat="${s2}"][data-declared="true"]`, 1);
      expect(await page.content()).not.toContain(brunoText);

      const aikoText = 'Room 3, door barred';
      await page.getByTestId('decl-answer-text').fill(aikoText);
      await page.screenshot({ path: join(ARTIFACTS, 'browser-2-answering.png'), fullPage: true });
      await page.getByTestId('decl-submit').click();
      await gm.waitFor(() => declIn(gm, decl).answers.some((a) => a.seat === s1 && a.declared), 'gm: Aiko declared');

      // The GM reveals, unless the last answer already did.
      const revealSeq = revealSeqOf(gm, decl) ?? (await commit(gm, { type: 'decl.reveal', decl })).seq;
      await gm.waitForSeq(revealSeq);
      expect(verifyRevealed(declIn(gm, decl))).toEqual([]);

      // The page checks each hash against the commitment it was shown sealed: Bruno's is "ok". Aiko's answer was the
      // last and revealed in the same commit, so no page ever saw it sealed: it is judged "unwitnessed", not ok.
      await waitForCount(page, testId('decl-answer-row'), 2);
      await waitForCount(page, `[data-seat="${s2}"] ${testId('decl-verified')}[data-verdict="ok"]`, 1);
      await waitForCount(page, `[data-seat="${s1}"] ${testId('decl-verified')}[data-verdict="unwitnessed"]`, 1);
      const rows = await page.getByTestId('decl-answer-row').allInnerTexts();
      // The hash the GM was shown while sealed (Bruno's); Aiko's answer was the last and revealed at once.
      const commitments = commitmentsSeen(gm, decl);
      expect([...commitments.keys()]).toEqual([s2]);
      for (const [seat, text] of [[s1, aikoText], [s2, brunoText]] as const) {
        const row = rows.find((r) => r.includes(text));
        expect(row, `a revealed row with ${text}`).toBeDefined();
        const hash = commitments.get(seat) ?? declIn(gm, decl).answers.find((a) => a.seat === seat)!.commitment!;
        expect(row).toContain(hash.slice(0, 8));
      }
      await page.screenshot({ path: join(ARTIFACTS, 'browser-3-revealed.png'), fullPage: true });
    });
  }, 90_000);
});

function testId(id: string): string {
  return `[data-testid="${id}"]`;
}
