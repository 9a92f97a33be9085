import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { GwSheet, GwView } from '@veiltable/protocol';
import { createRoom } from './support/http-api.ts';
import { ARTIFACTS, browserStack, phonePage, UI_TIMEOUT_MS } from './support/browser.ts';
import { RecordingClient } from './support/recording-client.ts';
import { commit } from './support/session.ts';

// Issue 4, item 7: on a 390×844 phone a servant's player sees its pool as cards with counts, fills five slots from
// the legal choices only, locks in; after the reveal each slot's result shows with its damage breakdown.

const stack = browserStack({ database: 'postgres' });
const sockets = stack.sockets;

const gw = (c: RecordingClient): GwView => {
  if (c.view?.game !== 'grail-war') throw new Error('not a grail-war view');
  return c.view;
};

function servant(alias: string, str: string): GwSheet {
  return {
    kind: 'servant', alias, trueName: `${alias} true`, className: 'saber', grade: 1,
    stats: { str, end: 'C', agi: 'C', mag: 'E', luk: 'E', np: 'C' },
    magecraft: null, skill: null, defense: { cards: 0, value: null }, cardCounts: null, noblePhantasms: [], attackBonuses: [],
    lineage: null, magicResistance: 0, hp: { current: 60, max: 60 }, mp: { current: 40, max: 40 }, merit: 0, xp: 0, items: [], consumables: {},
  };
}

describe('browser · grail war', () => {
  test('a servant player on a phone fills five slots from its pool, locks in, and sees the results', async () => {
    const url = stack.url;
    const room = await createRoom(url, 'Fuyuki', ['Aki', 'Bea'], 'grail-war');
    const [s1, s2] = room.seats.map((s) => s.seat) as [string, string];
    const gm = new RecordingClient(url, room.gmToken, 'gm');
    const foe = new RecordingClient(url, room.seats[1]!.token, 'foe');
    sockets.push(gm, foe);
    await Promise.all([gm.connect(), foe.connect()]);
    await commit(gm, { type: 'character.register', id: 'saber', seat: s1, partner: null, sheet: servant('Saber', 'E') });
    await commit(gm, { type: 'character.register', id: 'lancer', seat: s2, partner: null, sheet: servant('Lancer', 'C') });
    await commit(gm, { type: 'battle.start', scene: 'night', participants: [{ character: 'saber', side: 'A' }, { character: 'lancer', side: 'B' }], regions: {}, knowledge: [], ambushSide: null });
    const empty = { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false };
    await commit(foe, { type: 'battle.prepare', decl: empty });

    const page = await phonePage(stack.browser);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await page.goto(room.seats[0]!.url);
      await page.locator('[data-testid="connection-status"][data-status="online"]').waitFor({ timeout: UI_TIMEOUT_MS });
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
      await gm.waitFor(() => gw(gm).battle!.submission!.entries.some((e) => e.character === 'saber' && e.declared), 'gm: saber sealed');
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-2-locked.png'), fullPage: true });

      // The opponent waits in every slot; at the reveal the five slots resolve and the phone shows each result.
      const wait = { type: 'play' as const, vs: { saber: { card: 'wait' as const } } };
      await commit(foe, { type: 'battle.submit', plan: { slots: [wait, wait, wait, wait, wait], activatePlus: [] } });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="gw-result"]').length === 5, undefined, { timeout: UI_TIMEOUT_MS });
      const first = page.locator('[data-testid="gw-result"][data-batch="1"][data-slot="1"]');
      // 강타 against 대기 hits; the attacker's side sees the damage breakdown.
      expect(await first.getByTestId('gw-hit').count()).toBe(1);
      expect(await first.getByTestId('gw-steps').locator('li').count()).toBeGreaterThan(0);
      expect(gw(foe).characters.find((c) => c.id === 'lancer')!.sheet!.hp.current).toBeLessThan(60);
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-3-results.png'), fullPage: true });
      expect(pageErrors).toEqual([]);
    } catch (e) {
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-failure.png'), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await page.close();
    }
  }, 90_000);
  test('a phone drinks a potion before the battle, buys + on a judgment and withdraws in slot 3', async () => {
    const url = stack.url;
    const room = await createRoom(url, 'Fuyuki-2', ['Aki', 'Bea'], 'grail-war');
    const [s1, s2] = room.seats.map((s) => s.seat) as [string, string];
    const gm = new RecordingClient(url, room.gmToken, 'gm2');
    const foe = new RecordingClient(url, room.seats[1]!.token, 'foe2');
    sockets.push(gm, foe);
    await Promise.all([gm.connect(), foe.connect()]);
    const saber = { ...servant('Saber', 'E'), merit: 2, consumables: { berserkerPotion: 1 } };
    await commit(gm, { type: 'character.register', id: 'saber', seat: s1, partner: null, sheet: saber });
    await commit(gm, { type: 'character.register', id: 'lancer', seat: s2, partner: null, sheet: servant('Lancer', 'C') });
    await commit(gm, { type: 'battle.start', scene: 'night', participants: [{ character: 'saber', side: 'A' }, { character: 'lancer', side: 'B' }], regions: {}, knowledge: [], ambushSide: null });
    await commit(foe, { type: 'battle.prepare', decl: { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false } });

    const page = await phonePage(stack.browser);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await page.goto(room.seats[0]!.url);
      await page.locator('[data-testid="connection-status"][data-status="online"]').waitFor({ timeout: UI_TIMEOUT_MS });
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

      const wait = { type: 'play' as const, vs: { saber: { card: 'wait' as const } } };
      await commit(foe, { type: 'battle.submit', plan: { slots: [wait, wait, wait, wait, wait], activatePlus: [] } });
      await gm.waitFor(() => gw(gm).battle?.phase === 'ended', 'gm: battle ended by the withdrawal');
      const plan = gw(gm).battle!.plans!.saber!;
      expect(plan.slots[0]).toEqual({ type: 'play', vs: { lancer: { card: 'smash', plus: true } } });
      expect(plan.slots[1]).toEqual({ type: 'play', vs: { lancer: { card: 'smash' } } });
      expect(plan.slots[2]).toEqual({ type: 'withdraw' });
      expect(gw(gm).battle!.endReason).toBe('withdrawal');
      expect(gw(gm).characters.find((c) => c.id === 'saber')!.sheet!.merit).toBe(0);
      await page.getByTestId('gw-ended').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-5-withdrawn.png'), fullPage: true });
      expect(pageErrors).toEqual([]);
    } catch (e) {
      await page.screenshot({ path: join(ARTIFACTS, 'browser-gw-failure-2.png'), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await page.close();
    }
  }, 90_000);
});
