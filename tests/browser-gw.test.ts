import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, waitForCount, withPages } from './support/browser.ts';
import { gwRoom, gwView, masterSheet, NO_PREPARATION, register, servantSheet, slotsSeen, startBattle, waitingPlan } from './support/gw-table.ts';
import { commit } from './support/session.ts';

// Issue 4, item 7: on a 390×844 phone a servant's player sees its pool as cards with counts, fills five slots from
// the legal choices only, locks in; after the reveal each slot's result shows in the timeline with its damage breakdown.

const stack = browserStack({ database: 'postgres' });

/** A slot's result as the timeline shows it. */
const SLOT_LINE = '[data-testid="tl-event"][data-type="slot.resolved"]';

/** STR E gives one 강타 (GW-BATTLE-06); Lancer keeps the default C. */
const weakStr = { stats: { str: 'E', end: 'C', agi: 'C', mag: 'E', luk: 'E', np: 'C' } } as const;

describe('browser · grail war', () => {
  test('a servant player on a phone fills five slots from its pool, locks in, and sees the results', async () => {
    const { room, seats: [s1, s2], gm, players: [foe] } = await gwRoom(stack, 'Fuyuki', ['Aki', 'Bea'], [1]);
    const saberId = await register(gm, s1, null, servantSheet('Saber', weakStr));
    const lancerId = await register(gm, s2, null, servantSheet('Lancer'));
    await startBattle(gm, [{ character: saberId, side: 'A' }, { character: lancerId, side: 'B' }]);
    await commit(foe, { type: 'battle.prepare', decl: NO_PREPARATION });

    await withPages(stack.browser, 'browser-gw-1', [{ url: room.seats[0]!.url }], async ([page]) => {
      await page.getByTestId('gw-prebattle-lock').click();
      await page.getByTestId('gw-plan').waitFor({ timeout: UI_TIMEOUT_MS });

      // The pool as cards with counts: STR E gives one 강타 (GW-BATTLE-06).
      const smash = page.locator('[data-testid="gw-pool-card"][data-key="smash"]');
      expect(await smash.getAttribute('data-left')).toBe('1');
      const slots = page.getByTestId('gw-slot');
      expect(await slots.count()).toBe(5);
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-1-plan.png'), fullPage: true });

      // Legal choices only: once slot 1 takes the one 강타, no other slot offers it, and the card shows 0 left.
      await slots.nth(0).selectOption('smash');
      expect(await smash.getAttribute('data-left')).toBe('0');
      expect(await slots.nth(1).locator('option[value="smash"]').count()).toBe(0);
      await slots.nth(1).selectOption('counter');
      await slots.nth(2).selectOption('rush');
      await slots.nth(3).selectOption('counter');
      await slots.nth(4).selectOption('rush');
      await page.getByTestId('gw-lock').click();
      await page.getByTestId('gw-locked').waitFor({ timeout: UI_TIMEOUT_MS });
      await gm.waitFor(() => gwView(gm).battle!.submission!.entries.some((e) => e.character === saberId && e.declared), 'gm: saber sealed');
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-2-locked.png'), fullPage: true });

      // The opponent waits in every slot; at the reveal the five slots resolve and the phone shows each result.
      await commit(foe, { type: 'battle.submit', plan: waitingPlan([saberId]) });
      // Each slot's result is a line of the timeline.
      await waitForCount(page, SLOT_LINE, 5);
      const first = await page.locator(SLOT_LINE).first().innerText();
      // 강타 against 대기 hits; the attacker's side reads the damage breakdown, its steps' sources in words.
      expect(slotsSeen(foe)[0]!.record.hits.map((h) => h.attacker)).toEqual([saberId]);
      expect(first).toContain('Lancer');
      expect(first).toContain('근력');
      expect(first).not.toMatch(/\bstr\b/);
      expect(gwView(foe).characters.find((c) => c.id === lancerId)!.sheet!.hp.current).toBeLessThan(60);
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-3-results.png'), fullPage: true });
    });
  }, 90_000);

  test('a phone drinks a potion before the battle, buys + on a judgment and withdraws in slot 3', async () => {
    const { room, seats: [s1, s2], gm, players: [foe] } = await gwRoom(stack, 'Fuyuki-2', ['Aki', 'Bea'], [1]);
    const saber = servantSheet('Saber', { ...weakStr, merit: 2, consumables: { berserkerPotion: 1 } });
    const saberId = await register(gm, s1, null, saber);
    const lancerId = await register(gm, s2, null, servantSheet('Lancer'));
    await startBattle(gm, [{ character: saberId, side: 'A' }, { character: lancerId, side: 'B' }]);
    await commit(foe, { type: 'battle.prepare', decl: NO_PREPARATION });

    await withPages(stack.browser, 'browser-gw-2', [{ url: room.seats[0]!.url }], async ([page]) => {
      // ITEM-B4: the berserker potion adds one card of the chosen kind; 강타 is the default kind.
      await page.locator('[data-testid="gw-pre-item"][data-item="berserkerPotion"]').check();
      await page.getByTestId('gw-prebattle-lock').click();
      await page.getByTestId('gw-plan').waitFor({ timeout: UI_TIMEOUT_MS });
      const smash = page.locator('[data-testid="gw-pool-card"][data-key="smash"]');
      expect(await smash.getAttribute('data-left')).toBe('2');

      // MERIT-06: + on 강타 (STR E has no + of its own) costs 2 merit; a second + is over budget and blocks the lock.
      const slots = page.getByTestId('gw-slot');
      await slots.nth(0).selectOption('smash');
      await slots.nth(1).selectOption('smash');
      const plus = page.getByTestId('gw-rider-plus');
      await plus.nth(0).check();
      await plus.nth(1).check();
      await page.getByTestId('gw-plan-issues').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('gw-lock').isDisabled()).toBe(true);
      await plus.nth(1).uncheck();
      expect(await page.getByTestId('gw-lock').isDisabled()).toBe(false);

      // MISC-02: a withdrawal sealed into slot 3.
      await page.locator('[data-testid="gw-slot-mode"]').nth(2).selectOption('withdraw');
      expect(await page.locator('[data-testid="gw-slot-row"][data-slot="3"]').getAttribute('data-mode')).toBe('withdraw');
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-4-riders.png'), fullPage: true });
      await page.getByTestId('gw-lock').click();
      await page.getByTestId('gw-locked').waitFor({ timeout: UI_TIMEOUT_MS });

      await commit(foe, { type: 'battle.submit', plan: waitingPlan([saberId]) });
      await gm.waitFor(() => gwView(gm).battle?.phase === 'ended', 'gm: battle ended by the withdrawal');
      const plan = gwView(gm).battle!.plans![saberId]!;
      expect(plan.slots[0]).toEqual({ type: 'play', vs: { [lancerId]: { card: 'smash', plus: true } } });
      expect(plan.slots[1]).toEqual({ type: 'play', vs: { [lancerId]: { card: 'smash' } } });
      expect(plan.slots[2]).toEqual({ type: 'withdraw' });
      expect(gwView(gm).battle!.endReason).toBe('withdrawal');
      expect(gwView(gm).characters.find((c) => c.id === saberId)!.sheet!.merit).toBe(0);
      await page.getByTestId('gw-ended').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-5-withdrawn.png'), fullPage: true });
    });
  }, 90_000);

  test('a master`s phone uses Attack Stance before the scene, the GM keeps the relationship chart, and the battle starts in the stance', async () => {
    const { room, seats: [s1, s2, s3], gm, players: [sv, foe] } = await gwRoom(stack, 'Fuyuki-3', ['Rin', 'Saber', 'Bea'], [1, 2]);
    const saberId = await register(gm, s2, null, servantSheet('Saber'));
    const rinId = await register(gm, s1, saberId, masterSheet('Rin'));
    const lancerId = await register(gm, s3, null, servantSheet('Lancer'));

    await withPages(stack.browser, 'browser-gw-3', [{ url: room.seats[0]!.url }, { url: room.gmUrl }], async ([phone, desk]) => {
      // SEAL-00 / SEAL-03: before the scene, while together, the master spends a seal on Attack Stance for the next battle.
      await phone.locator('[data-testid="gw-early-seal"][data-seal="attackStance"]').click();
      await phone.getByTestId('gw-stance-ready').waitFor({ timeout: UI_TIMEOUT_MS });
      await phone.screenshot({ path: join(ARTIFACTS, 'browser-gw-6-early-seal.png'), fullPage: true });

      // GW-REL: the GM rates Lancer's entry for Saber at +2 on the chart battles read.
      await desk.getByTestId('gw-relations-open').click();
      await desk.getByTestId('gw-relation-holder').selectOption({ label: 'Lancer' });
      await desk.getByTestId('gw-relation-other').selectOption({ label: 'Saber' });
      await desk.getByTestId('gw-relation-score').selectOption('2');
      await desk.getByTestId('gw-relation-save').click();
      await gm.waitFor(() => gwView(gm).relations.some((r) => r.holder === lancerId && r.other === saberId && r.score === 2), 'gm: the entry is kept');
      await desk.screenshot({ path: join(ARTIFACTS, 'browser-gw-7-relations.png'), fullPage: true });
      expect(gwView(sv).relations.some((r) => r.holder === lancerId)).toBe(false);

      // The battle: master and servant now apart, yet the servant's pool starts doubled (001: ×2 and nothing consumed).
      await startBattle(gm, [{ character: saberId, side: 'A' }, { character: lancerId, side: 'B' }], { [saberId]: 'r1', [rinId]: 'r2', [lancerId]: 'r1' });
      for (const c of [sv, foe]) await commit(c, { type: 'battle.prepare', decl: NO_PREPARATION });
      await phone.getByTestId('gw-prebattle-lock').click();
      await gm.waitFor(() => gwView(gm).battle?.phase === 'submit', 'gm: batch 1 open');
      const saber = gwView(gm).battle!.participants.find((p) => p.id === saberId)!.private!;
      expect([saber.pool.smash, saber.attackStance, saber.noConsume]).toEqual([6, true, true]);
    });
  }, 90_000);
});
