import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, waitForCount, withPages } from './support/browser.ts';
import { tableRoom } from './support/table-room.ts';

// Issue 13: BCDice where these groups type it. The GM picks the room's game system in the GM panel; a player types
// dice straight into the chat line; a secret (S) roll shows on other screens only as a secret roll.

const stack = browserStack({ database: 'pglite' });

describe('browser · dice in the chat line', () => {
  test('the GM picks Cthulhu; a player types CCB<=50 and S2D6 in the chat; the other player sees the secret only as a secret roll', async () => {
    const { room, gm } = await tableRoom(stack, 'Dice night', ['Aiko', 'Bruno'], { online: [] });
    const SECRET = 'hidden-behind-the-curtain';

    await withPages(stack.browser, 'browser-dice', [{ url: room.gmUrl, laptop: true }, { url: room.seats[0]!.url }, { url: room.seats[1]!.url }], async ([desk, aiko, bruno]) => {
      const select = desk.getByTestId('dice-system');
      await select.waitFor({ timeout: UI_TIMEOUT_MS });
      await select.selectOption('Cthulhu');
      await gm.waitFor(() => gm.current().diceSystem === 'Cthulhu', 'gm: the room reads Cthulhu');
      expect(await select.inputValue()).toBe('Cthulhu');

      await aiko.getByTestId('composer-input').fill('CCB<=50 目星');
      await aiko.getByTestId('composer-send').click();
      await waitForCount(bruno, '[data-testid="tl-line"][data-kind="roll"]', 1);
      const shown = await bruno.getByTestId('tl-roll').innerText();
      expect(shown).toMatch(/\(1D100<=50\) ＞ \d{1,3} ＞ \S+/);
      expect(await bruno.locator('[data-testid="tl-line"][data-kind="roll"]').innerText()).toContain('目星');
      expect(await bruno.locator('[data-testid="tl-line"][data-kind="chat"]').count()).toBe(0);

      await aiko.getByTestId('composer-input').fill(`S2D6 ${SECRET}`);
      await aiko.getByTestId('composer-send').click();
      await waitForCount(aiko, '[data-testid="tl-roll"]', 2);
      await waitForCount(bruno, '[data-testid="tl-line"][data-kind="roll"]', 2);
      expect(await bruno.getByTestId('tl-secret').count()).toBe(1);
      expect(await bruno.content()).not.toContain(SECRET);
      expect(await aiko.locator('[data-testid="tl-line"][data-kind="roll"]').nth(1).innerText()).toContain(SECRET);
      await aiko.screenshot({ path: join(ARTIFACTS, 'browser-dice-roller.png'), fullPage: true });
      await bruno.screenshot({ path: join(ARTIFACTS, 'browser-dice-other.png'), fullPage: true });
    });
  }, 120_000);
});
