import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, withPages } from './support/browser.ts';
import { gwRoom, gwView, startBattle } from './support/gw-table.ts';

// Issue 13 item 6: on a 390 px phone the GM registers servants and a master with names in and every field a
// control (no id to type, no JSON); the partner box sends what it shows; a refusal reads as a sentence in the
// viewer's language with its rule after it in small type; the roster names the class in words.

const stack = browserStack({ database: 'postgres' });

/** The registration form of the GM's panel. */
const form = (desk: Page) => desk.getByTestId('gw-register');

async function fillServant(desk: Page, alias: string, trueName: string): Promise<void> {
  const f = form(desk);
  await f.getByTestId('gw-sheet-alias').fill(alias);
  await f.getByTestId('gw-sheet-true-name').fill(trueName);
}

describe('browser · grail war registration', () => {
  test('the GM registers by form: names in, ids by the engine, the partner box sends what it shows; refusals in words', async () => {
    const { room, gm } = await gwRoom(stack, 'Fuyuki register', ['Aki', 'Bea', 'Cid'], []);
    await withPages(stack.browser, 'browser-gw-register', [{ url: room.gmUrl }, { url: room.seats[0]!.url }], async ([desk, phone]) => {
      await desk.getByTestId('gw-register-open').click();
      await form(desk).waitFor({ timeout: UI_TIMEOUT_MS });
      // No raw JSON and no id field anywhere in the GM's Grail War panels.
      // (The invite panel's message preview is the one text box: the invitation to copy, never a sheet.)
      expect(await desk.getByTestId('gw-gm-panel').locator('textarea:not([data-testid="invite-message"])').count()).toBe(0);
      expect(await form(desk).locator('input:not([type])').evaluateAll((els) => els.map((e) => e.getAttribute('pattern')))).not.toContain('[a-z][a-z0-9\\-]*');

      // A servant for Aki: names, class, a stat, a 보구 and a Mystic Code, each a control of its own.
      await form(desk).getByTestId('gw-register-seat').selectOption({ label: 'Aki' });
      await fillServant(desk, 'Saber', 'Arturia');
      await form(desk).getByTestId('gw-sheet-class').selectOption('saber');
      await form(desk).getByTestId('gw-sheet-stat-str').selectOption('B+');
      await form(desk).getByTestId('gw-sheet-np-add').click();
      await form(desk).getByTestId('gw-sheet-np-name').fill('Excalibur');
      await form(desk).locator('[data-item="giantsBelt"]').check();
      expect(await desk.evaluate(() => document.documentElement.scrollWidth), 'the form fits the phone').toBeLessThanOrEqual(390);
      await desk.screenshot({ path: join(ARTIFACTS, 'browser-gw-register-1-servant.png'), fullPage: true });
      await form(desk).getByTestId('gw-sheet-save').click();
      await gm.waitFor(() => gwView(gm).characters.length === 1, 'gm: Saber registered');
      const saber = gwView(gm).characters[0]!;
      expect(saber).toMatchObject({ id: 'c1', name: 'Saber', partner: null });
      expect(saber.sheet).toMatchObject({ kind: 'servant', trueName: 'Arturia', items: ['giantsBelt'], stats: { str: 'B+' }, noblePhantasms: [{ id: 'np1', name: 'Excalibur' }] });

      // The partner box: a master may pick Saber; switched back to a servant the box shows none, and none is sent.
      await form(desk).getByTestId('gw-register-kind').selectOption('master');
      await form(desk).getByTestId('gw-register-partner').selectOption({ label: 'Saber' });
      await form(desk).getByTestId('gw-register-kind').selectOption('servant');
      expect(await form(desk).getByTestId('gw-register-partner').inputValue()).toBe('');
      await form(desk).getByTestId('gw-register-seat').selectOption({ label: 'Bea' });
      await fillServant(desk, 'Lancer', 'Cu Chulainn');
      await form(desk).getByTestId('gw-sheet-save').click();
      await gm.waitFor(() => gwView(gm).characters.length === 2, 'gm: Lancer registered');
      expect(gwView(gm).characters.map((c) => [c.id, c.name, c.partner])).toEqual([['c1', 'Saber', null], ['c2', 'Lancer', null]]);

      // A master contracted to Saber: the name is typed, the partner picked by name.
      await form(desk).getByTestId('gw-register-kind').selectOption('master');
      await form(desk).getByTestId('gw-register-partner').selectOption({ label: 'Saber' });
      await form(desk).getByTestId('gw-sheet-name').fill('Rin');
      await form(desk).getByTestId('gw-sheet-save').click();
      await gm.waitFor(() => gwView(gm).characters.length === 3, 'gm: Rin registered');
      expect(gwView(gm).characters.map((c) => [c.id, c.name, c.partner])).toEqual([['c1', 'Saber', 'c3'], ['c2', 'Lancer', null], ['c3', 'Rin', 'c1']]);
      // Every seat now has a character: the form says so rather than offering a seat.
      await desk.getByText(/Every seat has a character|모든 자리에|すべての席に/).waitFor({ timeout: UI_TIMEOUT_MS });

      // Aki's phone, in Korean: the roster names the class in words.
      await phone.getByTestId('lang-select').selectOption('ko');
      await phone.locator('html[lang="ko"]').waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
      const own = phone.locator('[data-testid="gw-character"][data-character="c1"]');
      await expect.poll(() => own.innerText(), { timeout: UI_TIMEOUT_MS }).toContain('클래스: 세이버');

      // A battle starts; Saber's player saves the sheet anyway: the toast is a Korean sentence, the rule after it, small.
      await startBattle(gm, [{ character: 'c1', side: 'A' }, { character: 'c2', side: 'B' }]);
      await phone.getByTestId('gw-sheet-save').click();
      const toast = phone.getByTestId('rejection');
      await toast.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await toast.getAttribute('data-code')).toBe('BATTLE_IN_PROGRESS');
      expect(await toast.getByTestId('refusal-sentence').innerText()).toBe('전투 중에는 할 수 없습니다.');
      expect(await toast.getByTestId('refusal-rule').innerText()).toBe('GW-BATTLE-01');
      const [sentenceSize, ruleSize] = await Promise.all(
        ['refusal-sentence', 'refusal-rule'].map((id) => toast.getByTestId(id).evaluate((el) => parseFloat(getComputedStyle(el).fontSize))),
      );
      expect(ruleSize).toBeLessThan(sentenceSize!);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth), 'the phone fits 390 px').toBeLessThanOrEqual(390);
      await phone.screenshot({ path: join(ARTIFACTS, 'browser-gw-register-2-refusal-ko.png'), fullPage: true });
    });
  }, 120_000);
});
