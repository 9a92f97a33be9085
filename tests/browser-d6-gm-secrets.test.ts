import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, withPages } from './support/browser.ts';
import { attackTarget, d6Window } from './support/d6-table.ts';
import type { RecordingClient } from './support/recording-client.ts';
import { auditFrames, plantText } from './support/secret-audit.ts';
import { allAt, commit } from './support/session.ts';
import { tableRoom, viewersOf } from './support/table-room.ts';

// Issue 12 #12 from the GM's laptop, a player watching on a 390×844 phone: the GM rolls a monster's defence and its
// 結界魔法 in secret (D6-HID-02), keeps カウンター/自己犠牲 open for its own characters (D6-WIN-05), and answers that
// window as the GM; the player's phone and every view its socket held show that these happened and nothing of the
// monster's dice, values or skills (D6-HID-01).

const stack = browserStack({ database: 'postgres' });

describe('browser · dungeon-2d6 GM secrets', () => {
  test('a secret defence and barrier, and a reaction window that lists the GM, show the table nothing of the monster', async () => {
    const table = await tableRoom(stack, 'Ash Hall', ['Aiko'], { game: 'dungeon-2d6', online: [0], spectator: true });
    const { room, seats: [s1], gm, players: [p1], spectator: spec, all: live } = table;
    const notes = plantText('ogre-notes');
    await commit(gm, { type: 'zone.add', name: 'Ash hall' });
    await commit(gm, {
      type: 'character.add', name: 'Rin', controller: 'pc', owner: s1, zone: 'z1', base: { VAL: 3, AGI: 2, SPI: 2 }, hp: 12, maxHp: 12,
      skills: [{ skill: 'sacrifice', uses: 1 }],
    });
    await commit(gm, {
      type: 'character.add', name: 'Ogre', controller: 'enemy', side: 'enemies', zone: 'z1', base: { VAL: 4, AGI: 1, SPI: 3 }, hp: 30, maxHp: 30,
      skills: [{ skill: 'counter', uses: 1 }, { skill: 'barrier', uses: 1 }], gmNotes: notes,
    });
    await commit(gm, { type: 'combat.start' });

    await withPages(stack.browser, 'browser-d6-gm-secrets', [{ url: room.gmUrl, laptop: true }, { url: room.seats[0]!.url }], async ([desk, phone]) => {
      await desk.getByTestId('d6-gm-panel').waitFor({ timeout: UI_TIMEOUT_MS });

      // Rin strikes the Ogre; the GM rolls its defence in secret (D6-HID-02).
      const declared = await commit(gm, { type: 'attack.declare', attacker: 'ch1', targets: ['ch2'], mode: 'melee' });
      await p1.waitForSeq(declared.seq);
      const attack = gm.currentD6().attacks.at(-1)!.id as string;
      const attackForm = desk.getByTestId('d6-gm-attack').locator('..');
      await attackForm.getByTestId('d6-gm-defend-secret').check();
      const defence = await newCheck(gm, 'the Ogre’s secret defence', () => attackForm.getByTestId('d6-gm-defend').click());
      expect(gm.currentD6().checks.find((k) => k.id === defence)).toMatchObject({ kind: 'defence', character: 'ch2', secret: true });
      await expectSecretCard(phone, defence);
      expect(await card(desk, defence).getByTestId('d6-die').count()).toBe(2);

      // The GM keeps the after-damage window open for its own characters: it lists the GM, never the Ogre's カウンター.
      await attackForm.getByTestId('d6-gm-damage-amount').fill('4');
      await attackForm.getByTestId('d6-gm-reactions').check();
      await attackForm.getByTestId('d6-gm-damage-submit').click();
      const after = phone.locator('[data-testid="d6-prompt"][data-kind="after-damage"]');
      await after.waitFor({ timeout: UI_TIMEOUT_MS });
      await expect.poll(() => after.getByTestId('d6-prompt-waiting').innerText(), { timeout: UI_TIMEOUT_MS }).toContain('GM');
      const windowId = (await after.getAttribute('data-window'))!;
      expect(d6Window(p1, windowId)?.eligible).toEqual(['ch1', 'gm']);
      expect(d6Window(gm, windowId)?.eligible).toEqual(['ch2', 'ch1', 'gm']);
      await phone.screenshot({ path: join(ARTIFACTS, 'browser-d6-gm-secrets-1-phone.png'), fullPage: true });

      // The GM is asked for the Ogre; its answer waits until Rin's player has passed, then closes the window.
      const gmPrompt = desk.locator(`[data-testid="d6-prompt"][data-window="${windowId}"]`);
      await gmPrompt.filter({ hasText: 'カウンター' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await gmPrompt.getByTestId('d6-gm-done').isDisabled()).toBe(true);
      await after.getByTestId('d6-pass').click();
      await expect.poll(() => gmPrompt.getByTestId('d6-gm-done').isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
      await gmPrompt.getByTestId('d6-gm-done').click();
      await gm.waitFor(() => attackTarget(gm, attack, 'ch2')?.state === 'applied', 'gm: the damage applied once the GM answered');
      expect(d6Window(gm, windowId)).toMatchObject({ status: 'closed', closedBy: 'gm' });
      await after.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      // 結界魔法 for the Ogre, its 精神 check in secret: the barrier stands where the table sees it, its HP the GM's.
      await desk.locator('[data-testid="d6-gm-panel"] details[data-section="act-for"]').evaluate((d) => ((d as HTMLDetailsElement).open = true));
      await desk.getByTestId('d6-skill-panel').evaluate((d) => ((d as HTMLDetailsElement).open = true));
      await desk.getByTestId('d6-barrier-secret').check();
      const barrierCheck = await newCheck(gm, 'the Ogre’s secret 結界魔法', () => desk.getByTestId('d6-barrier-cast').click());
      await expectSecretCard(phone, barrierCheck);
      await desk.locator(`[data-testid="d6-gm-pending"][data-check="${barrierCheck}"] [data-testid="d6-gm-success"]`).click();
      await gm.waitFor(() => gm.currentD6().checks.find((k) => k.id === barrierCheck)?.resolved === true, 'gm: the 結界魔法 resolved');
      // D6-SKL-BARRIER-01: a fumble raises nothing.
      const raised = gm.currentD6().checks.find((k) => k.id === barrierCheck)!.fumble !== true;
      if (raised) {
        const barrier = gm.currentD6().barriers[0]!;
        await desk.locator(`[data-testid="d6-barrier"][data-barrier="${barrier.id}"]`).filter({ hasText: `HP ${barrier.hp}` }).waitFor({ timeout: UI_TIMEOUT_MS });
        const shown = phone.locator(`[data-testid="d6-barrier"][data-barrier="${barrier.id}"]`);
        await shown.filter({ hasText: 'Ogre' }).waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await shown.innerText()).not.toContain('HP');
      }
      await phone.screenshot({ path: join(ARTIFACTS, 'browser-d6-gm-secrets-2-phone.png'), fullPage: true });
      await desk.screenshot({ path: join(ARTIFACTS, 'browser-d6-gm-secrets-3-desk.png'), fullPage: true });

      const last = gm.lastSeq!;
      await allAt(live, last);
      // Every view the player's and the spectator's sockets held: the secret rolls without dice, totals or values,
      // the barrier without HP or ability, the window without the Ogre.
      for (const c of [p1, spec]) {
        for (const { view } of c.views) {
          if (view.game !== 'dungeon-2d6') continue;
          for (const k of view.checks.filter((x) => x.id === defence || x.id === barrierCheck)) {
            expect(Object.keys(k).filter((f) => ['dice', 'total', 'abilityValue', 'modifiers', 'concentration'].includes(f)), `${c.label} ${k.id}`).toEqual([]);
          }
          for (const b of view.barriers) expect(b, c.label).not.toHaveProperty('hp');
          for (const w of view.windows.filter((x) => x.id === windowId)) expect(w.eligible, c.label).not.toContain('ch2');
        }
      }
      expect(p1.currentD6().barriers).toHaveLength(raised ? 1 : 0);
      const report = auditFrames(viewersOf(table), [{ label: 'ogre-notes', text: notes, before: ['gm'] }]);
      expect(report.leaks).toEqual([]);
      expect(report.missing).toEqual([]);
      for (const c of live) {
        expect(c.invalid, `${c.label} got messages outside the protocol`).toEqual([]);
        expect(c.seqGaps, `${c.label} got updates out of order`).toEqual([]);
      }
    });
  }, 120_000);
});

function card(page: Page, check: string): Locator {
  return page.locator(`[data-testid="d6-check"][data-check="${check}"]`);
}

/** Does what rolls a check, and returns the id of the check the GM's view gains from it. */
async function newCheck(gm: RecordingClient, what: string, act: () => Promise<void>): Promise<string> {
  const before = gm.currentD6().checks.length;
  await act();
  await gm.waitFor(() => gm.currentD6().checks.length > before, `gm: ${what}`);
  return gm.currentD6().checks[before]!.id;
}

/** A secret roll shows on the page as its timing only: no dice, no total, no outcome (D6-HID-02). */
async function expectSecretCard(page: Page, check: string): Promise<void> {
  const c = card(page, check);
  await c.waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await c.getAttribute('data-outcome')).toBe('hidden');
  expect(await c.getByTestId('d6-die').count()).toBe(0);
  expect(await c.getByTestId('d6-total').count()).toBe(0);
}
