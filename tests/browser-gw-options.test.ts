import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { GwSheet } from '@veiltable/protocol/games/grail-war';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, waitOnline, withPages } from './support/browser.ts';
import { gwRoom, gwView, masterSheet, register, servantSheet } from './support/gw-table.ts';
import { commit } from './support/session.ts';

// Issue 4: the GM edits the §19 options on a laptop (001 → 000 preset, a price, a trial, a bad value refused), saves;
// the master's phone sees what changed, and a reload shows the saved values.

const stack = browserStack({ database: 'postgres' });

/** Opens the options editor in the GM panel and waits for it. */
async function openOptions(desk: Page): Promise<void> {
  await desk.getByTestId('gw-opt-open').click();
  await desk.getByTestId('gw-options').waitFor({ timeout: UI_TIMEOUT_MS });
}

describe('browser · grail war room options', () => {
  test('the GM edits §19 options on a laptop; the master\'s phone follows; a bad value is refused; a reload keeps them', async () => {
    const { room, seats: [s1, s2], gm } = await gwRoom(stack, 'Fuyuki options', ['Rin', 'Saber'], []);
    const saberId = await register(gm, s2, null, servantSheet('Saber'));
    const rin = masterSheet('Rin', { conviction: { current: 1, max: 3 }, merit: 10 });
    const rinId = await register(gm, s1, saberId, rin);

    const links = [{ url: room.gmUrl, laptop: true }, { url: room.seats[0]!.url }] as const;
    await withPages(stack.browser, 'browser-gw-options', links, async ([desk, phone]) => {
      // Before: the spec defaults. Recovering 신념 costs 2 merit a point (SPEC-05 GAP default); no concealment is kept.
      const cost = phone.getByTestId('gw-recover-cost');
      await cost.filter({ hasText: /\b2\b/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await phone.getByTestId('gw-concealment').count()).toBe(0);

      await openOptions(desk);
      const form = desk.getByTestId('gw-options');
      expect(await form.locator('#gwopt-rulesVersion').inputValue()).toBe('001');
      // Every option shows the spec default beside it; the rules version's own default is marked in its list.
      expect(await form.locator('#gwopt-rulesVersion option[value="001"]').innerText()).toContain('default');
      await desk.screenshot({ path: join(ARTIFACTS, 'browser-gw-options-1-defaults.png'), fullPage: true });

      // 001 → 000: the preset turns every 001 change back (GW-META-01).
      await form.locator('[data-testid="gw-opt-preset"][data-version="000"]').click();
      expect(await form.locator('#gwopt-rulesVersion').inputValue()).toBe('000');
      expect(await form.locator('#gwopt-magicDamageRouting').inputValue()).toBe('halfHalf');
      expect(await form.locator('#gwopt-sealRules').inputValue()).toBe('000');
      // Then a price, a trial and a rounding rule by hand.
      await form.locator('#gwopt-poolRecoveryMeritCost').fill('3');
      await form.locator('#gwopt-characterConcealment').check();
      await form.locator('#gwopt-trustHalfRounding').selectOption('ceil');

      // A bad value: the editor names the field and will not save.
      await form.locator('#gwopt-sealsPerMaster').fill('twenty');
      const problems = form.getByTestId('gw-opt-problems');
      await problems.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await problems.innerText()).toContain('per master');
      expect(await form.getByTestId('gw-opt-save').isDisabled()).toBe(true);
      await desk.screenshot({ path: join(ARTIFACTS, 'browser-gw-options-2-bad-value.png'), fullPage: true });
      await form.locator('#gwopt-sealsPerMaster').fill('4');
      await problems.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await form.getByTestId('gw-opt-save').click();
      await gm.waitFor(() => gwView(gm).options.rulesVersion === '000' && gwView(gm).options.poolRecoveryMeritCost === 3, 'gm: options saved');
      expect(gwView(gm).options).toMatchObject({ sealRules: '000', magicDamageRouting: 'halfHalf', characterConcealment: true, trustHalfRounding: 'ceil', sealsPerMaster: 4 });
      await desk.getByTestId('gw-rules').filter({ hasText: '000' }).waitFor({ timeout: UI_TIMEOUT_MS });

      // The master's phone: the new price, and its concealment (the SAN trial is on) at 100.
      await cost.filter({ hasText: /\b3\b/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      await phone.locator(`[data-testid="gw-character"][data-character="${rinId}"] [data-testid="gw-concealment"]`).filter({ hasText: '100' }).waitFor({ timeout: UI_TIMEOUT_MS });
      // A recovery past the maximum is flagged on the phone before it is sent; 1 point is bought at the new price.
      const amount = phone.getByTestId('gw-recover-amount');
      await amount.fill('5');
      await phone.getByTestId('gw-recover-problem').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await phone.getByTestId('gw-recover-submit').isDisabled()).toBe(true);
      await amount.fill('1');
      await phone.getByTestId('gw-recover-submit').click();
      const rinNow = () => gwView(gm).characters.find((c) => c.id === rinId)!.sheet as Extract<GwSheet, { kind: 'master' }>;
      await gm.waitFor(() => rinNow().conviction.current === 2, 'gm: rin recovered 1 신념');
      expect(rinNow().merit).toBe(10 - 3);
      await phone.screenshot({ path: join(ARTIFACTS, 'browser-gw-options-3-phone.png'), fullPage: true });

      // A reload shows the saved values on both screens.
      await desk.reload();
      await waitOnline(desk);
      await openOptions(desk);
      const again = desk.getByTestId('gw-options');
      expect(await again.locator('#gwopt-rulesVersion').inputValue()).toBe('000');
      expect(await again.locator('#gwopt-poolRecoveryMeritCost').inputValue()).toBe('3');
      expect(await again.locator('#gwopt-sealsPerMaster').inputValue()).toBe('4');
      expect(await again.locator('#gwopt-trustHalfRounding').inputValue()).toBe('ceil');
      expect(await again.locator('#gwopt-characterConcealment').isChecked()).toBe(true);
      expect(await again.getByTestId('gw-opt-save').isDisabled()).toBe(true);
      await phone.reload();
      await phone.getByTestId('gw-recover-cost').filter({ hasText: /\b3\b/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      await desk.screenshot({ path: join(ARTIFACTS, 'browser-gw-options-4-reloaded.png'), fullPage: true });
    });
  }, 120_000);
});
