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
    const [en, ja, ko] = await Promise.all([import('../../games/dungeon-2d6/i18n/en.ts'), import('../../games/dungeon-2d6/i18n/ja.ts'), import('../../games/dungeon-2d6/i18n/ko.ts')]);
    return { en: en.d6En, ja: ja.d6Ja, ko: ko.d6Ko };
  },
  'call-of-t': async () => {
    const [en, ja, ko, rejEn, rejJa, rejKo] = await Promise.all([
      import('../../games/call-of-t/i18n/en.ts'), import('../../games/call-of-t/i18n/ja.ts'), import('../../games/call-of-t/i18n/ko.ts'),
      import('../../games/call-of-t/i18n/rejections-en.ts'), import('../../games/call-of-t/i18n/rejections-ja.ts'), import('../../games/call-of-t/i18n/rejections-ko.ts'),
    ]);
    return {
      en: { ...en.cotEn, ...rejEn.cotRejectionsEn },
      ja: { ...ja.cotJa, ...rejJa.cotRejectionsJa },
      ko: { ...ko.cotKo, ...rejKo.cotRejectionsKo },
    };
  },
  'grail-war': async () => {
    const [en, ja, ko] = await Promise.all([import('../../games/grail-war/i18n/en.ts'), import('../../games/grail-war/i18n/ja.ts'), import('../../games/grail-war/i18n/ko.ts')]);
    return { en: en.gwEn, ja: ja.gwJa, ko: ko.gwKo };
  },
};
