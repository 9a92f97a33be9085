import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DICE_SYSTEMS } from '@veiltable/engine/dice-systems';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server-process.ts';
import type { ScreenLang, Vocabulary } from './screen-language.ts';

/** Where the client keeps its dictionaries: the core ones, the GM's, each game's. */
const CLIENT_SRC = join(REPO_ROOT, 'packages', 'client', 'src');

async function dictionaryFiles(lang: ScreenLang): Promise<string[]> {
  const games = await readdir(join(CLIENT_SRC, 'games'));
  return [join('shell', 'i18n'), join('gm', 'i18n'), ...games.map((g) => join('games', g, 'i18n'))].map((dir) => join(CLIENT_SRC, dir, `${lang}.ts`));
}

/** The client's strings in one language, read from its dictionary files (a game's file holds its refusals too). */
async function dictionary(lang: ScreenLang): Promise<Record<string, string>> {
  const merged: Record<string, string> = {};
  for (const file of await dictionaryFiles(lang)) {
    const mod = (await import(file)) as Record<string, unknown>;
    Object.assign(merged, (mod.default ?? mod[lang]) as Record<string, string>);
  }
  return merged;
}

/** Each game's name in one language, from its meta.ts (the home page's list of games). */
async function gameNames(lang: ScreenLang): Promise<string[]> {
  const games = await readdir(join(CLIENT_SRC, 'games'));
  const metas = await Promise.all(games.map((g) => import(join(CLIENT_SRC, 'games', g, 'meta.ts')) as Promise<{ default: { name: Record<ScreenLang, string> } }>));
  return metas.map((m) => m.default.name[lang]);
}

/** The words dates and times are written with in one language (weekdays, months, AM/PM), as the browser's Intl writes them. */
function dateWords(lang: ScreenLang): string[] {
  const days = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, m + 1, 3)));
  const long = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'medium' });
  const short = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' });
  const pm = new Date(Date.UTC(2026, 0, 1, 15));
  return [...days, pm].flatMap((d) => [long.format(d), short.format(d)]);
}

/**
 * What a screen in each language may show: its dictionary values, the games' and dice systems' names in it and its
 * date words; every key of any language.
 */
export async function vocabularies(planted: readonly string[]): Promise<Record<ScreenLang, Vocabulary>> {
  const dicts = { ko: await dictionary('ko'), ja: await dictionary('ja'), en: await dictionary('en') };
  const names = { ko: await gameNames('ko'), ja: await gameNames('ja'), en: await gameNames('en') };
  const keys = new Set(Object.values(dicts).flatMap((d) => Object.keys(d)));
  const of = (lang: ScreenLang): Vocabulary => ({
    lang,
    values: [...Object.values(dicts[lang]), ...names[lang], ...DICE_SYSTEMS.map((s) => s.names[lang]), ...dateWords(lang)],
    keys,
    planted,
  });
  return { ko: of('ko'), ja: of('ja'), en: of('en') };
}

/**
 * Runs in the page: every string a reader meets on it (or in the part `within` selects), once each: visible text
 * (the options of a visible select included), placeholders, aria-labels, titles, alt texts and button values.
 */
export function visibleStrings(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [];
    const out = new Set<string>();
    const add = (s: string | null | undefined) => {
      const text = s?.replace(/\s+/g, ' ').trim();
      if (text) out.add(text);
    };
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true });
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script, style, textarea')) continue;
      if (shown(el.closest('select') ?? el)) add(node.textContent);
    }
    for (const el of Array.from(root.querySelectorAll('[placeholder], [aria-label], [title], [alt], input[type="button"], input[type="submit"]'))) {
      if (!shown(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) add(el.getAttribute(attr));
      if (el instanceof HTMLInputElement && (el.type === 'button' || el.type === 'submit')) add(el.value);
    }
    return [...out];
  }, within);
}

/** Switches the page's language by its switcher and waits until the page has redrawn in it. */
export async function switchLanguage(page: Page, lang: ScreenLang, timeout: number): Promise<void> {
  await page.getByTestId('lang-select').first().selectOption(lang);
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached', timeout });
  await page.waitForFunction(() => !document.querySelector('[data-testid="part-loading"]'), undefined, { timeout });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Opens every closed panel on the page (options, invitations, characters, sections folded away). */
export async function openEveryPanel(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const d of Array.from(document.querySelectorAll('details'))) d.open = true;
  });
}
