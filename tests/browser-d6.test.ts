import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, phonePage, UI_TIMEOUT_MS, waitForCount, withPages } from './support/browser.ts';
import { attackTarget } from './support/d6-table.ts';
import { commit } from './support/session.ts';
import { tableRoom } from './support/table-room.ts';

// Issue 5, item 6: on a 390×844 phone a player sees the 《集中》 window of their own check with what each choice would
// change and the table's countdown (the same after a reload and on a phone whose clock is off), and uses it; then
// covers an ally with 《かばう》 before the defence roll.

// Postgres rather than embedded PGlite: lighter to start beside the other browser file on a small machine.
const stack = browserStack({ database: 'postgres' });

describe('browser · dungeon-2d6', () => {
  test('a player on a phone sees a timed 《集中》 prompt with its effect, spends HP, and covers an ally', async () => {
    const { room, seats: [s1], gm } = await tableRoom(stack, 'Crypt of Lamps', ['Aiko'], { game: 'dungeon-2d6', online: [] });
    await commit(gm, { type: 'options.set', options: { windowTimeoutSeconds: 300 } });
    await commit(gm, { type: 'zone.add', name: 'Lamp hall' });
    await commit(gm, { type: 'character.add', name: 'Rin', controller: 'pc', owner: s1, zone: 'z1', base: { VAL: 2, AGI: 3, SPI: 1 }, hp: 10, maxHp: 10 });
    await commit(gm, { type: 'character.add', name: 'Sol', controller: 'pc', owner: s1, zone: 'z1', base: { VAL: 3, AGI: 1, SPI: 1 }, hp: 12, maxHp: 12 });
    await commit(gm, { type: 'character.add', name: 'Ogre', controller: 'enemy', side: 'enemies', zone: 'z1', base: { VAL: 4, AGI: 1, SPI: 0 }, hp: 30, maxHp: 30 });

    await withPages(stack.browser, 'browser-d6', [{ url: room.seats[0]!.url }], async ([page]) => {
      await waitForCount(page, '[data-testid="d6-zone-member"]', 3);

      // The player rolls a search check for Rin from the phone; its 《集中》 window opens for Rin alone.
      await page.getByTestId('d6-roll-kind').selectOption('search');
      await page.getByTestId('d6-roll-submit').click();
      await gm.waitFor(() => gm.currentD6().checks.length === 1, 'gm: the check rolled');
      const rolled = gm.currentD6().checks[0]!;
      const total = rolled.total as number;
      const prompt = page.locator('[data-testid="d6-prompt"][data-kind="concentration"]');
      await prompt.waitFor({ timeout: UI_TIMEOUT_MS });

      // Up to 5 choices, each saying what it would change; the table's timeout shows as a countdown.
      const choices = await prompt.getByTestId('d6-concentrate').allInnerTexts();
      expect(choices).toHaveLength(5);
      expect(choices[2]).toContain(`${total} → ${total + 3}`);
      // The first estimate of the server's clock comes from the welcome alone; the pong that follows settles it.
      const left = () => prompt.getByTestId('countdown').getAttribute('data-left').then(Number);
      await expect.poll(left, { timeout: UI_TIMEOUT_MS }).toBeLessThanOrEqual(300);
      expect(await left()).toBeGreaterThan(250);
      await page.screenshot({ path: join(ARTIFACTS, 'browser-d6-1-concentration.png'), fullPage: true });

      // D6-WIN-11: the countdown runs to the server's deadline for the window, the one the GM's view holds, so a
      // reload and a second phone whose clock is two hours fast both show the time actually left.
      const deadline = gm.currentD6().windows.find((w) => w.kind === 'concentration' && w.status === 'open')!.deadline as number;
      const expectLeft = async (p: Page) => {
        const countdown = p.locator('[data-testid="d6-prompt"][data-kind="concentration"] [data-testid="countdown"]');
        await countdown.waitFor({ timeout: UI_TIMEOUT_MS });
        expect(Number(await countdown.getAttribute('data-deadline'))).toBe(deadline);
        const shown = Number(await countdown.getAttribute('data-left'));
        expect(Math.abs(shown - Math.ceil((deadline - Date.now()) / 1000)), `${shown} s shown`).toBeLessThanOrEqual(2);
      };
      await expectLeft(page);
      const skewed = await phonePage(stack.browser);
      try {
        await skewed.clock.install({ time: Date.now() + 2 * 3_600_000 });
        await skewed.goto(room.seats[0]!.url);
        expect(await skewed.evaluate(() => Date.now()) - Date.now(), 'the second phone’s clock is off').toBeGreaterThan(3_000_000);
        await expectLeft(skewed);
      } finally {
        await skewed.close();
      }
      await page.reload();
      await expectLeft(page);

      await prompt.locator('[data-testid="d6-concentrate"][data-hp="3"]').click();
      await gm.waitFor(() => gm.currentD6().checks[0]!.concentration === 3, 'gm: 3 HP of 《集中》');
      expect(gm.currentD6().checks[0]!.total).toBe(total + 3);
      expect(gm.currentD6().characters.find((c) => c.name === 'Rin')).toMatchObject({ hp: 7 });
      // The cap of 5 counts every declaration on the check: 2 are left to offer.
      await waitForCount(page, '[data-testid="d6-prompt"][data-kind="concentration"] [data-testid="d6-concentrate"]', 2);

      // The Ogre attacks Rin: Sol, in the same zone, may 《かばう》 until the defence roll.
      await commit(gm, { type: 'attack.declare', attacker: 'ch3', targets: ['ch1'], mode: 'melee' });
      const react = page.locator('[data-testid="d6-prompt"][data-kind="react"]');
      await react.waitFor({ timeout: UI_TIMEOUT_MS });
      await page.screenshot({ path: join(ARTIFACTS, 'browser-d6-2-react.png'), fullPage: true });
      await react.getByTestId('d6-cover').click();
      await gm.waitFor(() => gm.currentD6().attacks.some((a) => (a.targets as { coverer: string | null }[])[0]?.coverer === 'ch2'), 'gm: Sol covers Rin');
      await commit(gm, { type: 'attack.defend', attack: 'a1', target: 'ch1' });
      expect(attackTarget(gm, 'a1', 'ch1')).toMatchObject({ state: 'defended', defender: 'ch2' });
      await waitForCount(page, '[data-testid="d6-prompt"][data-kind="react"]', 0);
      await page.screenshot({ path: join(ARTIFACTS, 'browser-d6-3-defended.png'), fullPage: true });

      // The GM's phone: the panel for targets, rolls, damage and overrides, with the damage entry now due.
      await page.goto(room.gmUrl);
      await page.getByTestId('d6-gm-panel').waitFor({ timeout: UI_TIMEOUT_MS });
      await waitForCount(page, '[data-testid="d6-check"]', 3);
      await page.screenshot({ path: join(ARTIFACTS, 'browser-d6-4-gm.png'), fullPage: true });
    });
  }, 90_000);
});
