import type { MessageKey } from './en.ts';
import type { Lang } from './translate.ts';

/** Some strings in every language; a game's part of the dictionaries. */
export type DictionaryParts = Record<Lang, Partial<Record<MessageKey, string>>>;

export const DICTIONARY_GAMES = ['dungeon-2d6', 'call-of-t', 'grail-war'] as const;
export type DictionaryGame = (typeof DICTIONARY_GAMES)[number];

/**
 * Each game's strings, fetched with its table: a phone joining one game's room never downloads another game's text.
 * All three languages come at once so the language switch stays instant.
 */
export const gameDictionaryLoaders: Record<DictionaryGame, () => Promise<DictionaryParts>> = {
  'dungeon-2d6': async () => {
    const [en, ja, ko] = await Promise.all([import('./d6-en.ts'), import('./d6-ja.ts'), import('./d6-ko.ts')]);
    return { en: en.d6En, ja: ja.d6Ja, ko: ko.d6Ko };
  },
  'call-of-t': async () => {
    const [en, ja, ko, rejEn, rejJa, rejKo] = await Promise.all([
      import('./cot-en.ts'), import('./cot-ja.ts'), import('./cot-ko.ts'),
      import('./cot-rejections-en.ts'), import('./cot-rejections-ja.ts'), import('./cot-rejections-ko.ts'),
    ]);
    return {
      en: { ...en.cotEn, ...rejEn.cotRejectionsEn },
      ja: { ...ja.cotJa, ...rejJa.cotRejectionsJa },
      ko: { ...ko.cotKo, ...rejKo.cotRejectionsKo },
    };
  },
  'grail-war': async () => {
    const [en, ja, ko] = await Promise.all([import('./gw-en.ts'), import('./gw-ja.ts'), import('./gw-ko.ts')]);
    return { en: en.gwEn, ja: ja.gwJa, ko: ko.gwKo };
  },
};
