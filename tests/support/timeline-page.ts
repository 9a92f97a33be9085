import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { UI_TIMEOUT_MS } from './browser.ts';

/** A page's timeline list. */
export const timeline = (p: Page) => p.getByTestId('timeline');

/** The timeline lines holding `text` (case-insensitive, as playwright's hasText). */
export const lineWith = (p: Page, text: string) => timeline(p).locator('[data-testid="tl-line"]', { hasText: text });

export type ComposeOptions = { channel?: 'main' | 'other'; to?: string };

/** Types a line in the page's composer on a channel and to a target, sends it with Enter, and waits until it was accepted (the input empties). */
export async function compose(p: Page, text: string, opts: ComposeOptions = {}): Promise<void> {
  const composer = p.getByTestId('composer');
  await composer.locator(`[data-testid="composer-channel"][data-channel="${opts.channel ?? 'main'}"]`).click();
  await composer.getByTestId('composer-to').selectOption(opts.to ?? 'all');
  await composer.getByTestId('composer-input').fill(text);
  await composer.getByTestId('composer-input').press('Enter');
  await expect.poll(() => composer.getByTestId('composer-input').inputValue(), { timeout: UI_TIMEOUT_MS }).toBe('');
}

/** Sends a chat line (see compose) and waits until the sender's timeline shows it. */
export async function say(p: Page, text: string, opts: ComposeOptions = {}): Promise<void> {
  await compose(p, text, opts);
  await lineWith(p, text).first().waitFor({ timeout: UI_TIMEOUT_MS });
}

/** How far the timeline is from its newest line (px): 0 when it shows the end. */
export const fromEnd = (p: Page) => timeline(p).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

/** The seqs of the lines a page's timeline shows, in order. */
export const seqsShown = (p: Page) => timeline(p).locator('[data-testid="tl-line"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));

/** Taps each of the timeline's tabs (All, メイン, 雑談, Whispers …) and waits until it is the selected one; ends on All. */
export async function tapTimelineTabs(p: Page): Promise<string[]> {
  const tabs = p.locator('[data-testid="tl-tab"]');
  await tabs.first().waitFor({ timeout: UI_TIMEOUT_MS });
  const ids = (await tabs.evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')))).filter((t): t is string => t !== null);
  for (const id of [...ids.filter((t) => t !== 'all'), 'all']) {
    const tab = p.locator(`[data-testid="tl-tab"][data-tab="${id}"]`);
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: UI_TIMEOUT_MS }).toBe('true');
  }
  return ids;
}
