import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createRoom } from './support/http-api.ts';
import { ARTIFACTS, browserStack, laptopPage, phonePage, UI_TIMEOUT_MS } from './support/browser.ts';
import { RecordingClient } from './support/recording-client.ts';
import { commit } from './support/session.ts';

// Issue 5: the GM at a laptop runs the table through its own forms while two players watch on 390×844 phones. Hidden
// target numbers (D6-HID-07) and secret GM rolls (D6-HID-02) must never reach a player's page; everything else the
// GM does shows up where each player expects it.

const stack = browserStack({ database: 'postgres' });
const sockets = stack.sockets;

/** A hidden target no total in this scene can reach, so its digits appear on a page only if the target leaked. */
const HIDDEN_TARGET = 47;

describe('browser · dungeon-2d6 GM forms', () => {
  test('the GM sets targets, rolls in secret, runs an opposed check, deals damage, overrides and uses the skill forms', async () => {
    const url = stack.url;
    const room = await createRoom(url, 'Valley of Wells', ['Aiko', 'Bo'], 'dungeon-2d6');
    const [s1, s2] = room.seats.map((s) => s.seat) as [string, string];
    const gm = new RecordingClient(url, room.gmToken, 'gm');
    sockets.push(gm);
    await gm.connect();
    await commit(gm, { type: 'zone.add', name: 'Well court' });
    await commit(gm, { type: 'zone.add', name: 'Stair', adjacent: ['z1'] });
    await commit(gm, {
      type: 'character.add', name: 'Rin', controller: 'pc', owner: s1, zone: 'z1', base: { VAL: 2, AGI: 3, SPI: 2 }, hp: 12, maxHp: 12,
      magicCapable: true,
      skills: [{ skill: 'teleport', uses: 0 }, { skill: 'intimidate', uses: 1 }, { skill: 'spiritSight' }, { skill: 'survival' }],
    });
    await commit(gm, {
      type: 'character.add', name: 'Sol', controller: 'pc', owner: s2, zone: 'z1', base: { VAL: 3, AGI: 2, SPI: 1 }, hp: 12, maxHp: 12,
      skills: [{ skill: 'itemBag', uses: 1 }, { skill: 'assets' }],
      equipment: [
        { id: 'i1', name: 'Torch', kind: 'light', wielded: false, mods: [] },
        { id: 'i2', name: 'Sword', kind: 'weapon', wielded: true, mods: [{ ability: 'VAL', value: 1 }] },
      ],
    });
    await commit(gm, {
      type: 'character.add', name: 'Ogre', controller: 'enemy', zone: 'z1', base: { VAL: 4, AGI: 1, SPI: 0 }, hp: 30, maxHp: 30,
      equipment: [{ id: 'i3', name: 'Club', kind: 'weapon', wielded: true, mods: [] }],
    });
    const d6 = () => gm.currentD6();
    const character = (id: string) => d6().characters.find((c) => c.id === id) as Record<string, unknown>;

    const desk = await laptopPage(stack.browser);
    const p1 = await phonePage(stack.browser);
    const p2 = await phonePage(stack.browser);
    const pages = [desk, p1, p2];
    const pageErrors: string[] = [];
    for (const p of pages) {
      p.on('pageerror', (e) => pageErrors.push(e.message));
      await p.addInitScript(recordRefusals);
    }
    try {
      await desk.goto(room.gmUrl);
      await p1.goto(room.seats[0]!.url);
      await p2.goto(room.seats[1]!.url);
      for (const p of pages) await p.locator('[data-testid="connection-status"][data-status="online"]').waitFor({ timeout: UI_TIMEOUT_MS });
      await desk.getByTestId('d6-gm-panel').waitFor({ timeout: UI_TIMEOUT_MS });

      // The skill table entry for 転移魔法, then the session start refills it and pays 資産 (D6-ENG-05, D6-SKL-ASSETS-01).
      await openSection(desk, 'skills');
      const register = desk.getByTestId('d6-gm-register');
      await register.getByTestId('d6-gm-register-skill').selectOption('teleport');
      await register.getByTestId('d6-gm-register-uses').fill('2');
      await register.getByTestId('d6-gm-register-submit').click();
      await openSection(desk, 'scene');
      await desk.getByTestId('d6-gm-session-start').click();
      await gm.waitFor(() => (character('ch2').gold as number) === 10000, 'gm: 資産 paid at session start');
      expect(character('ch1').skills).toMatchObject({ teleport: { uses: 2 } });

      // The GM records a place Rin knows well (D6-SKL-TELEPORT-01).
      await desk.getByTestId('d6-gm-places-name').fill('Moon Gate');
      await desk.getByTestId('d6-gm-places-learn').click();
      await gm.waitFor(() => (character('ch1').knownPlaces as string[]).includes('Moon Gate'), 'gm: Rin knows the Moon Gate');

      // A hidden target on Rin's outdoor check and a shown one on Sol's action check (D6-HID-07).
      const roll = desk.getByTestId('d6-gm-roll');
      await roll.getByTestId('d6-gm-roll-character').selectOption('ch1');
      await roll.getByTestId('d6-spec-kind').selectOption('outdoor');
      await roll.getByTestId('d6-spec-ability').selectOption('AGI');
      await roll.getByTestId('d6-spec-target').fill(String(HIDDEN_TARGET));
      const hidden = await newCheck(gm, 'Rin’s outdoor check', () => roll.getByTestId('d6-gm-roll-submit').click());
      await roll.getByTestId('d6-gm-roll-character').selectOption('ch2');
      await roll.getByTestId('d6-spec-kind').selectOption('action');
      await roll.getByTestId('d6-spec-target').fill('5');
      await roll.getByTestId('d6-spec-show').check();
      const shown = await newCheck(gm, 'Sol’s action check', () => roll.getByTestId('d6-gm-roll-submit').click());
      for (const p of [p1, p2]) {
        await card(p, shown).getByTestId('d6-target').filter({ hasText: '5' }).waitFor({ timeout: UI_TIMEOUT_MS });
        await card(p, hidden).getByTestId('d6-total').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await card(p, hidden).getByTestId('d6-target').count()).toBe(0);
      }
      expect(await card(desk, hidden).getByTestId('d6-target').innerText()).toContain(String(HIDDEN_TARGET));

      // The GM commits both, then overrides Rin's with a reason (D6-ENG-07): the table sees the new outcome.
      for (const id of [hidden, shown]) await desk.locator(`[data-testid="d6-gm-pending"][data-check="${id}"] [data-testid="d6-gm-resolve"]`).click();
      await gm.waitFor(() => d6().checks.filter((k) => k.resolved).length === 2, 'gm: both checks resolved');
      const override = desk.getByTestId('d6-gm-override');
      await override.getByTestId('d6-gm-override-check').selectOption(hidden);
      await override.getByTestId('d6-gm-override-reason').fill('Knew the valley from childhood');
      await override.getByTestId('d6-gm-override-submit').click();
      await gm.waitFor(() => d6().log.some((l) => l.reason === 'Knew the valley from childhood'), 'gm: the override is logged');
      for (const p of [p1, p2]) await p.locator(`[data-testid="d6-check"][data-check="${hidden}"][data-outcome="success"]`).waitFor({ timeout: UI_TIMEOUT_MS });

      // サバイバル: Rin's success gives Sol the +2 as well (D6-SKL-SURVIVAL-01).
      const survival = desk.getByTestId('d6-gm-survival');
      await survival.getByTestId('d6-gm-survival-check').selectOption(hidden);
      await survival.getByTestId('d6-gm-survival-partner').check();
      await survival.getByTestId('d6-gm-survival-submit').click();
      await gm.waitFor(() => (character('ch2').modifiers as { stackKey: string }[]).some((m) => m.stackKey === 'survival'), 'gm: Sol shares サバイバル');

      // A secret enemy roll: players get only its timing, with no dice and no total (D6-HID-02).
      await roll.getByTestId('d6-gm-roll-character').selectOption('ch3');
      await roll.getByTestId('d6-spec-target').fill('');
      await roll.getByTestId('d6-spec-show').uncheck();
      await roll.getByTestId('d6-gm-roll-secret').check();
      const secret = await newCheck(gm, 'the Ogre’s secret roll', () => roll.getByTestId('d6-gm-roll-submit').click());
      await expectSecretCard([p1, p2], secret);
      expect(await card(desk, secret).getByTestId('d6-die').count()).toBe(2);
      expect(await card(desk, secret).getByTestId('d6-total').innerText()).toBe(String(d6().checks.find((k) => k.id === secret)!.total));

      // A check without a target stands as its total (D6-BASE-01): Rin's phone shows it so, and once Rin's player passes
      // on 《集中》 it is settled without a GM ruling; the GM's pending list no longer holds it.
      await roll.getByTestId('d6-gm-roll-secret').uncheck();
      await roll.getByTestId('d6-gm-roll-character').selectOption('ch1');
      const plain = await newCheck(gm, 'Rin’s check without a target', () => roll.getByTestId('d6-gm-roll-submit').click());
      const pendingRow = desk.locator(`[data-testid="d6-gm-pending"][data-check="${plain}"]`);
      await desk.locator(`[data-testid="d6-gm-pending"][data-check="${plain}"][data-outcome="total"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      for (const p of [p1, p2]) await p.locator(`[data-testid="d6-check"][data-check="${plain}"][data-outcome="total"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      const plainWindow = d6().checks.find((k) => k.id === plain)!.window as string;
      await p1.locator(`[data-testid="d6-prompt"][data-window="${plainWindow}"]`).getByTestId('d6-pass').click();
      await gm.waitFor(() => d6().checks.find((k) => k.id === plain)?.resolved === true, 'gm: the total stands once Rin passed');
      expect(d6().checks.find((k) => k.id === plain)).toMatchObject({ outcome: 'total', resolved: true });
      await pendingRow.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(await card(p2, plain).getByTestId('d6-outcome').count()).toBe(1);

      // The GM drops the Ogre's secret roll from the pending list: it is off the table, settled as dropped.
      await desk.locator(`[data-testid="d6-gm-pending"][data-check="${secret}"] [data-testid="d6-gm-drop"]`).click();
      await gm.waitFor(() => d6().checks.find((k) => k.id === secret)?.outcome === 'dropped', 'gm: the secret roll dropped');
      await desk.locator(`[data-testid="d6-gm-pending"][data-check="${secret}"]`).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await expectSecretCard([p1, p2], secret);

      // An opposed strength check with a GM modifier, the Ogre's passive roll secret (D6-BASE-03).
      await openSection(desk, 'opposed');
      const opposed = desk.getByTestId('d6-opposed-form');
      await opposed.getByTestId('d6-opp-active').selectOption('ch2');
      await opposed.getByTestId('d6-spec-kind').selectOption('strength');
      await opposed.getByTestId('d6-spec-ability').selectOption('VAL');
      await opposed.getByTestId('d6-mod-add').click();
      await opposed.getByTestId('d6-mod-source').fill('ロープ');
      await opposed.getByTestId('d6-mod-value').fill('2');
      await opposed.getByTestId('d6-opp-passive').selectOption('ch3');
      await opposed.getByTestId('d6-opp-passive-ability').selectOption('VAL');
      await opposed.getByTestId('d6-opp-secret-passive').check();
      const active = await newCheck(gm, 'Sol’s active roll', () => opposed.getByTestId('d6-opp-start').click());
      expect(d6().checks.find((k) => k.id === active)).toMatchObject({ kind: 'strength', ability: 'VAL', modifiers: expect.arrayContaining([{ source: 'ロープ', value: 2 }]) });
      await card(p2, active).filter({ hasText: 'ロープ' }).waitFor({ timeout: UI_TIMEOUT_MS });
      const passive = await newCheck(gm, 'the Ogre’s passive roll', () => desk.getByTestId('d6-gm-passive').click());
      await desk.getByTestId('d6-gm-resolve-opposed').click();
      await gm.waitFor(() => d6().checks.find((k) => k.id === active)!.resolved === true, 'gm: the opposed check resolved');
      await expectSecretCard([p1, p2], passive);
      await p2.locator(`[data-testid="d6-check"][data-check="${active}"] [data-testid="d6-outcome"]`).waitFor({ timeout: UI_TIMEOUT_MS });

      // Combat: the Ogre attacks Rin; Rin's phone offers 転移魔法 evasion before the defence roll; the GM enters damage.
      await commit(gm, { type: 'combat.start' });
      const attack = desk.getByTestId('d6-gm-attack');
      await attack.getByTestId('d6-gm-attacker').selectOption('ch3');
      await attack.getByTestId('d6-gm-attack-target').selectOption('ch1');
      await attack.getByTestId('d6-gm-declare').click();
      for (const p of [p1, p2]) await p.locator('[data-testid="d6-prompt"][data-kind="react"]').waitFor({ timeout: UI_TIMEOUT_MS });
      await p1.getByTestId('d6-teleport-evade').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await p2.getByTestId('d6-teleport-evade').count()).toBe(0);
      await desk.getByTestId('d6-gm-defend').click();
      await desk.getByTestId('d6-gm-damage-amount').fill('3');
      await desk.getByTestId('d6-gm-damage-submit').click();
      await gm.waitFor(() => d6().attacks.some((a) => (a.targets as { state: string }[])[0]?.state === 'applied'), 'gm: damage applied');
      // D6-CRIT-04: a defence crit takes no damage at all.
      const defence = d6().checks.find((k) => k.kind === 'defence')!;
      const rinHp = 12 - (defence.crit ? 0 : 3);
      await p1.locator('[data-testid="d6-character"][data-character="ch1"] [data-testid="d6-hp"]').filter({ hasText: `${rinHp}/12` }).waitFor({ timeout: UI_TIMEOUT_MS });

      // 威圧 from Rin's phone on the Ogre: the GM sees the −2 on its sheet, the players see no enemy statuses (D6-HID-01).
      await openSkills(p1);
      await p1.getByTestId('d6-intimidate-target').selectOption('ch3');
      await p1.getByTestId('d6-intimidate-penalty').check();
      await p1.getByTestId('d6-intimidate-submit').click();
      await ogreStatus(desk, 'penalty').waitFor({ timeout: UI_TIMEOUT_MS });

      // 気絶 from the GM's form.
      await desk.getByTestId('d6-gm-stun-character').selectOption('ch3');
      await desk.getByTestId('d6-gm-stun-submit').click();
      await ogreStatus(desk, 'stun').waitFor({ timeout: UI_TIMEOUT_MS });
      await commit(gm, { type: 'combat.end' });

      // 霊的視力: Rin switches it on; the GM's description reaches her phone and not Sol's (D6-HID-05).
      await p1.getByTestId('d6-spirit-toggle').click();
      await desk.getByTestId('d6-gm-spirit-to').filter({ hasText: 'Rin' }).waitFor({ timeout: UI_TIMEOUT_MS });
      const vision = 'A pale child stands by the dry well';
      await desk.getByTestId('d6-gm-spirit-text').fill(vision);
      await desk.getByTestId('d6-gm-spirit-submit').click();
      await p1.locator('[data-testid="tl-event"][data-type="spirit.note"]', { hasText: vision }).waitFor({ timeout: UI_TIMEOUT_MS });

      // アイテム袋 from Sol's phone: its one use spent, the form goes away (D6-SKL-ITEMBAG-01).
      await openSkills(p2);
      await p2.getByTestId('d6-item-bag-item').fill('Rope, 10 m');
      await p2.getByTestId('d6-item-bag-kind').selectOption('exploration');
      await p2.getByTestId('d6-item-bag-submit').click();
      await p2.getByTestId('d6-item-bag').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(character('ch2').skills).toMatchObject({ itemBag: { uses: 0 } });

      // 転移魔法 from Rin's phone to the place she knows, Sol along as a passenger (D6-SKL-TELEPORT-04): Sol is
      // another seat's, so his player accepts the ride on his own phone before the jump.
      const teleport = p1.getByTestId('d6-teleport-form');
      await teleport.getByTestId('d6-teleport-kind').selectOption('known');
      await teleport.getByTestId('d6-teleport-place').selectOption('Moon Gate');
      const riders = teleport.getByTestId('d6-teleport-passenger');
      expect(await riders.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['ch2']);
      await riders.check();
      await teleport.getByTestId('d6-teleport-submit').click();
      await p1.getByTestId('d6-ride-pending').filter({ hasText: 'Sol' }).waitFor({ timeout: UI_TIMEOUT_MS });
      const ride = p2.locator('[data-testid="d6-prompt"][data-kind="passengers"]');
      await ride.filter({ hasText: 'Moon Gate' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await p2.screenshot({ path: join(ARTIFACTS, 'browser-d6-gm-p2-ride.png'), fullPage: true });
      await ride.getByTestId('d6-ride-accept').click();
      await gm.waitFor(() => character('ch1').zone === character('ch2').zone && character('ch1').zone !== 'z1', 'gm: Rin and Sol teleported');
      const gate = d6().zones.find((z) => z.name === 'Moon Gate')!;
      for (const p of [p1, p2, desk]) {
        await waitForText(p.locator(`[data-testid="d6-zone"][data-zone="${gate.id}"]`), ['Rin', 'Sol']);
      }

      // Nothing the GM kept hidden is on a player's page, and nothing was refused along the way.
      for (const p of [p1, p2]) {
        expect(await pageNumbers(p)).not.toContain(String(HIDDEN_TARGET));
        expect(await p.getByTestId('d6-target').count()).toBe(1);
        expect(await p.getByTestId('d6-status').count()).toBe(0);
      }
      expect(await p2.getByText(vision).count()).toBe(0);
      for (const p of pages) expect(await p.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
      await desk.screenshot({ path: join(ARTIFACTS, 'browser-d6-gm-desk.png'), fullPage: true });
      await p1.screenshot({ path: join(ARTIFACTS, 'browser-d6-gm-p1.png'), fullPage: true });
      expect(pageErrors).toEqual([]);
    } catch (e) {
      await Promise.all(pages.map((p, i) => p.screenshot({ path: join(ARTIFACTS, `browser-d6-gm-failure-${i}.png`), fullPage: true }).catch(() => {})));
      throw e;
    } finally {
      await Promise.all(pages.map((p) => p.close()));
    }
  }, 180_000);
});

/** Runs in each page: keeps every refusal the page shows, since its toast fades before the test ends. */
function recordRefusals(): void {
  const seen: string[] = [];
  (window as unknown as { refused: string[] }).refused = seen;
  new MutationObserver(() => {
    document.querySelectorAll('[data-testid="rejection"]:not([data-seen])').forEach((el) => {
      el.setAttribute('data-seen', '');
      seen.push(el.getAttribute('data-code') ?? '?');
    });
  }).observe(document, { childList: true, subtree: true });
}

/** Opens one section of the GM panel. */
async function openSection(page: Page, section: string): Promise<void> {
  await page.locator(`[data-testid="d6-gm-panel"] details[data-section="${section}"]`).evaluate((d) => ((d as HTMLDetailsElement).open = true));
}

/** Opens the skill panel on a player's phone. */
async function openSkills(page: Page): Promise<void> {
  await page.getByTestId('d6-skill-panel').evaluate((d) => ((d as HTMLDetailsElement).open = true));
}

function card(page: Page, check: string): Locator {
  return page.locator(`[data-testid="d6-check"][data-check="${check}"]`);
}

function ogreStatus(page: Page, kind: string): Locator {
  return page.locator(`[data-testid="d6-character"][data-character="ch3"] [data-testid="d6-status"][data-status="${kind}"]`);
}

/** Does what rolls a check, and returns the id of the check the GM's view gains from it. */
async function newCheck(gm: RecordingClient, what: string, act: () => Promise<void>): Promise<string> {
  const before = gm.currentD6().checks.length;
  await act();
  await gm.waitFor(() => gm.currentD6().checks.length > before, `gm: ${what}`);
  return gm.currentD6().checks[before]!.id;
}

/** A secret roll shows on each page as its timing only: no dice, no total, no outcome (D6-HID-02). */
async function expectSecretCard(players: Page[], check: string): Promise<void> {
  for (const p of players) {
    const c = card(p, check);
    await c.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await c.getAttribute('data-outcome')).toBe('hidden');
    expect(await c.getByTestId('d6-die').count()).toBe(0);
    expect(await c.getByTestId('d6-total').count()).toBe(0);
  }
}

/** Waits until the locator's text holds every one of the strings. */
async function waitForText(locator: Locator, texts: string[]): Promise<void> {
  await locator.waitFor({ timeout: UI_TIMEOUT_MS });
  await expect.poll(async () => {
    const text = await locator.innerText();
    return texts.every((t) => text.includes(t));
  }, { timeout: UI_TIMEOUT_MS }).toBe(true);
}

/**
 * Every number written on a page, as whole numbers, leaving out what is a number only by chance: the clock times of
 * the timeline's lines and the room's dice-seed hash (hex, whose digits may spell any number).
 */
async function pageNumbers(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const chance = Array.from(document.querySelectorAll<HTMLElement>('time, [data-testid="rng-commitment"]'), (el) => el.innerText);
    return chance.reduce((rest, part) => (part ? rest.split(part).join(' ') : rest), document.body.innerText);
  });
  return text.match(/\d+/g) ?? [];
}
