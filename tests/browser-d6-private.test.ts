import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, withPages } from './support/browser.ts';
import { auditFrames, plantText } from './support/secret-audit.ts';
import { allAt, commit } from './support/session.ts';
import { tableRoom, viewersOf } from './support/table-room.ts';

// Issue 5 on a 390×844 phone: a player asks the GM a 百科事典 question and sends 念話 to one ally from the phone's own
// forms, then moves; the question and its answer reach only that seat and the GM (D6-HID-03), the 念話 only its two
// seats and the GM (D6-HID-04), checked in every raw frame every other socket received.

const stack = browserStack({ database: 'postgres' });

describe('browser · dungeon-2d6 private channels', () => {
  test('百科事典 and 念話 sent from a phone reach only their recipients; the phone moves its character', async () => {
    const table = await tableRoom(stack, 'Whispering Vault', ['Aiko', 'Bo', 'Cy'], { game: 'dungeon-2d6', online: [0, 1, 2], spectator: true });
    const { room, seats: [s1, s2, s3], gm, players: [p1, p2, p3], spectator: spec, all: live } = table;

    await commit(gm, { type: 'zone.add', name: 'Gate' });
    await commit(gm, { type: 'zone.add', name: 'Archive', adjacent: ['z1'] });
    const pc = (name: string, owner: string) => ({
      type: 'character.add' as const, name, controller: 'pc' as const, owner, zone: 'z1', base: { VAL: 2, AGI: 2, SPI: 2 }, hp: 10, maxHp: 10,
    });
    await commit(gm, { ...pc('Rin', s1), skills: [{ skill: 'encyclopedia', uses: 1 }, { skill: 'telepathy' }] });
    await commit(gm, pc('Sol', s2));
    await commit(gm, pc('Kai', s3));

    const question = plantText('question');
    const answer = plantText('answer');
    const whisper = plantText('telepathy');

    await withPages(stack.browser, 'browser-d6-private', [{ url: room.seats[0]!.url }], async ([page]) => {
      // 百科事典 from the phone: the question goes to the GM alone, and Rin's one use is not spent until answered.
      await page.getByTestId('d6-encyclopedia-text').fill(question);
      await page.getByTestId('d6-encyclopedia-submit').click();
      await gm.waitFor(() => gm.currentD6().questions.some((q) => q.text === question), 'gm: the 百科事典 question');
      const asked = gm.currentD6().questions.find((q) => q.text === question)!;
      expect(asked).toMatchObject({ kind: 'encyclopedia', character: 'ch1', seat: s1, status: 'open' });
      await page.screenshot({ path: join(ARTIFACTS, 'browser-d6-private-1-asked.png'), fullPage: true });
      const answered = await commit(gm, { type: 'encyclopedia.answer', question: asked.id, text: answer });
      // The answer reads as a line of Rin's timeline.
      await page.locator('[data-testid="tl-event"][data-type="question.answered"]', { hasText: answer }).waitFor({ timeout: UI_TIMEOUT_MS });
      // The use is spent, so the phone no longer offers a question it would have refused.
      await page.getByTestId('d6-encyclopedia-form').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      // 念話 to Sol only: the recipient list holds Rin's allies, never Rin herself.
      const to = page.getByTestId('d6-telepathy-to');
      expect(await to.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['ch2', 'ch3']);
      await to.selectOption('ch2');
      await page.getByTestId('d6-telepathy-text').fill(whisper);
      await page.getByTestId('d6-telepathy-submit').click();
      await p2.waitFor(() => p2.currentD6().telepathy.some((m) => m.text === whisper), 'p2: the 念話 arrives');
      await page.locator('[data-testid="tl-event"][data-type="telepathy.message"]', { hasText: whisper }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.screenshot({ path: join(ARTIFACTS, 'browser-d6-private-2-telepathy.png'), fullPage: true });

      // Movement from the phone: the only zone offered is the one next to Rin's.
      await page.getByTestId('d6-move-to').selectOption('z2');
      await page.getByTestId('d6-move').click();
      await gm.waitFor(() => gm.currentD6().characters.find((c) => c.id === 'ch1')?.zone === 'z2', 'gm: Rin moved');
      const last = gm.lastSeq!;
      await allAt(live, last);

      expect(p3.currentD6().questions).toEqual([]);
      expect(p3.currentD6().telepathy).toEqual([]);
      expect(spec.currentD6().telepathy).toEqual([]);
      const report = auditFrames(viewersOf(table), [
        { label: 'question', text: question, before: ['gm', s1] },
        { label: 'answer', text: answer, before: ['gm', s1] },
        { label: 'telepathy', text: whisper, before: ['gm', s1, s2] },
      ]);
      expect(report.leaks).toEqual([]);
      expect(report.missing).toEqual([]);
      expect(answered.seq).toBeLessThan(last);
    });
  }, 90_000);
});
