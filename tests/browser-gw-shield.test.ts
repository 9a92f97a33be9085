import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, withPages } from './support/browser.ts';
import { gwRoom, gwView, masterSheet, NO_PREPARATION, register, servantSheet, slotsSeen, startBattle, waitingPlan } from './support/gw-table.ts';
import { commit } from './support/session.ts';

// GW-TRUST-03 and GW-ITEM-E1 on a 390×844 phone: a servant at trust +10 (its master's Binding Order under the trust
// trial) chooses before the battle to take its master's damage; its master wears a Guardian Charm: +10 on the
// servant's maximum, and trust +10 moves 10 from its maximum HP to its maximum MP (GW-TRUST-02): 60/60 HP, 50/50
// MP. The opponent's 강타 on the master lands on the servant, and the log says so.

const stack = browserStack({ database: 'postgres' });

describe('browser · grail war trust', () => {
  test('a servant`s phone at trust +10 takes its master`s damage, and wears the master`s Guardian Charm into the battle', async () => {
    const { room, seats: [s1, s2, s3], gm, players: [master, foe] } = await gwRoom(stack, 'Fuyuki-shield', ['Saber', 'Rin', 'Bea'], [1, 2]);
    await commit(gm, { type: 'options.set', options: { trustRule: true } });
    const saberId = await register(gm, s1, null, servantSheet('Saber'));
    const rinId = await register(gm, s2, saberId, masterSheet('Rin', { items: ['guardianCharm'] }));
    const lancerId = await register(gm, s3, null, servantSheet('Lancer'));
    // SEAL-09 under the trust trial: trust +10, locked for 3 days (TRUST-04).
    await commit(master, { type: 'seal.bind', order: 'protect me', extreme: 'max' });
    await startBattle(gm, [{ character: saberId, side: 'A' }, { character: rinId, side: 'A', row: 'front' }, { character: lancerId, side: 'B' }]);
    for (const c of [master, foe]) await commit(c, { type: 'battle.prepare', decl: NO_PREPARATION });

    await withPages(stack.browser, 'browser-gw-shield', [{ url: room.seats[0]!.url }], async ([page]) => {
      await page.getByTestId('gw-pre-shield').check();
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-shield-1-prebattle.png'), fullPage: true });
      await page.getByTestId('gw-prebattle-lock').click();
      await page.getByTestId('gw-plan').waitFor({ timeout: UI_TIMEOUT_MS });
      // ITEM-E1 and TRUST-02: the charm's +10 and trust's −10 on its maximum and its HP, both held for the scene.
      const saber = () => gwView(gm).characters.find((c) => c.id === saberId)!.sheet!;
      expect(saber().hp).toEqual({ current: 60, max: 60 });
      expect(saber().mp).toEqual({ current: 50, max: 50 });

      // The servant waits; Lancer's 강타 (C: 3, +2 on a front-row master under MASTER-02) goes at the master.
      await page.getByTestId('gw-lock').click();
      await page.getByTestId('gw-locked').waitFor({ timeout: UI_TIMEOUT_MS });
      await commit(master, { type: 'battle.submit', plan: waitingPlan([lancerId]) });
      await commit(foe, { type: 'battle.submit', plan: waitingPlan([saberId, rinId], [{ [saberId]: { card: 'wait' }, [rinId]: { card: 'smash' } }]) });
      await gm.waitFor(() => gwView(gm).battle?.phase === 'window', 'gm: the seal window opened for the master');
      await commit(master, { type: 'battle.window', decl: { actions: [] } });

      // The first slot's line in the timeline says the servant took its master's hit (TRUST-03, 신뢰도 +10).
      const first = page.locator('[data-testid="tl-event"][data-type="slot.resolved"]').first();
      await first.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await first.innerText()).toContain('(신뢰도 +10)');
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-shield-2-log.png'), fullPage: true });
      const hp = (id: string) => gwView(gm).characters.find((c) => c.id === id)!.sheet!.hp.current;
      expect([hp(saberId), hp(rinId)]).toEqual([55, 30]);
      expect(slotsSeen(gm)[0]!.record.hits.map((h) => [h.target, h.hp, h.via])).toEqual([[rinId, 0, 'pairing'], [saberId, 5, 'shield']]);
    });
  }, 90_000);
});
