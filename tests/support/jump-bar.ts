import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { UI_TIMEOUT_MS, waitOnline } from './browser.ts';

/** Who the page says it is: its role on the room element and the role label in the header. */
export async function whoIs(page: Page): Promise<{ role: string | null; label: string }> {
  await waitOnline(page);
  return { role: await page.locator('.room').getAttribute('data-role'), label: await page.getByTestId('role').innerText() };
}

/**
 * Taps every tab of the page's jump bar (clicks, on a page without touch): each shows its section, and the page
 * stays where it was, as who it was: no navigation, the same address. Returns the sections in tab order.
 */
export async function tapJumpBar(page: Page): Promise<string[]> {
  const me = await whoIs(page);
  const href = await page.evaluate(() => location.href);
  const touch = await page.evaluate(() => navigator.maxTouchPoints > 0);
  let navigations = 0;
  const count = (frame: { parentFrame(): unknown }) => void (frame.parentFrame() === null && navigations++);
  page.on('framenavigated', count);
  const tabs = page.locator('nav.room-jump button');
  // The table's code arrives after the connection: the jump bar is there once the table is drawn.
  await tabs.first().waitFor({ timeout: UI_TIMEOUT_MS });
  const sections: string[] = [];
  for (let i = 0, n = await tabs.count(); i < n; i++) {
    const tab = tabs.nth(i);
    const section = (await tab.getAttribute('data-section')) ?? '';
    sections.push(section);
    await (touch ? tab.tap() : tab.click());
    await page.waitForFunction((id) => document.activeElement?.id === id, section, { timeout: UI_TIMEOUT_MS });
    expect(await whoIs(page), `${me.role} after tapping ${section}`).toEqual(me);
    expect(await page.evaluate(() => location.href), `${me.role}: the address after tapping ${section}`).toBe(href);
  }
  page.off('framenavigated', count);
  expect(navigations, `${me.role}: a tab tap navigated`).toBe(0);
  return sections;
}
