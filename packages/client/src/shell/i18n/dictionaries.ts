import { LANGS, type Dictionary, type DictionaryParts, type Lang } from './translate.ts';

export type { Dictionary, DictionaryParts };

/**
 * The strings that load on demand, one file per part and language: `games/<id>` with that game's table, `gm` with
 * the GM's tools, `room/open-edition` with the open edition's check once it is released, `replay` with the replay page. Found by their place in
 * the tree, so no list of games is kept here; each page fetches only its own parts, in its reader's language.
 */
const files = import.meta.glob<Dictionary>(['../../games/*/i18n/{en,ja,ko}.ts', '../../gm/i18n/{en,ja,ko}.ts', '../../room/open-edition/i18n/{en,ja,ko}.ts', '../../replay/i18n/{en,ja,ko}.ts'], { import: 'default' });

/** A part's strings in one language, or undefined when the part has none. */
export function dictionaryLoader(part: string, lang: Lang): (() => Promise<Dictionary>) | undefined {
  return files[`../../${part}/i18n/${lang}.ts`];
}

/** The games that have strings of their own. */
export const DICTIONARY_GAMES: readonly string[] = [
  ...new Set(Object.keys(files).flatMap((path) => /^\.\.\/\.\.\/games\/([^/]+)\//.exec(path)?.[1] ?? [])),
].sort();
export type DictionaryGame = string;

/** A game's strings in every language at once, for comparing the languages. */
export async function gameDictionaries(game: string): Promise<DictionaryParts> {
  const loaded = await Promise.all(LANGS.map((lang) => dictionaryLoader(`games/${game}`, lang)?.() ?? {}));
  return Object.fromEntries(LANGS.map((lang, i) => [lang, loaded[i]!])) as DictionaryParts;
}

/** Each game's strings in every language, by game id. */
export const gameDictionaryLoaders: Readonly<Record<string, () => Promise<DictionaryParts>>> = Object.fromEntries(
  DICTIONARY_GAMES.map((game) => [game, () => gameDictionaries(game)]),
);
