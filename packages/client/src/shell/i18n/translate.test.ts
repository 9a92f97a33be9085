import { describe, expect, test } from 'vitest';
import { en } from './en.ts';
import { DICTIONARY_GAMES, gameDictionaryLoaders } from './dictionaries.ts';
import { I18n } from './i18n.svelte.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { addDictionaries, format, pickLang, translate, translateRejection } from './translate.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)(?:\|[^}]+)?\}/g)].map((m) => m[1]).sort();

describe('pickLang', () => {
  test.each([
    ['a remembered choice wins over the browser', 'ja', ['ko-KR'], 'ja'],
    ['a browser tag with a region maps to its language', null, ['ko-KR', 'en-US'], 'ko'],
    ['the first language we speak is taken', null, ['fr-FR', 'ja-JP', 'ko'], 'ja'],
    ['an unknown remembered value is ignored', 'xx', ['ja'], 'ja'],
    ['English when nothing matches', null, ['fr', 'de'], 'en'],
  ] as const)('%s', (_name, stored, browser, expected) => {
    expect(pickLang(stored, browser)).toBe(expected);
  });
});

describe('dictionaries', () => {
  test.each([
    ['ko', ko],
    ['ja', ja],
  ] as const)('%s defines every English key, with the same placeholders', (_lang, dict) => {
    expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const other = dict[key as keyof typeof en];
      expect(other.trim(), key).not.toBe('');
      expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });
});

describe('game dictionaries', () => {
  test.each(DICTIONARY_GAMES)('%s: ko and ja define every English key, with the same placeholders', async (game) => {
    const parts = await gameDictionaryLoaders[game]!();
    const english = Object.entries(parts.en);
    expect(english.length).toBeGreaterThan(0);
    for (const dict of [parts.ko, parts.ja]) {
      expect(Object.keys(dict).sort()).toEqual(Object.keys(parts.en).sort());
      for (const [key, text] of english) {
        const other = dict[key as keyof typeof dict] ?? '';
        expect(other.trim(), key).not.toBe('');
        expect(placeholders(other), key).toEqual(placeholders(text ?? ''));
      }
    }
  });

  test('no game redefines a core key: the app would show different text before and after a table loads', async () => {
    const core = new Set(Object.keys(en));
    for (const game of DICTIONARY_GAMES) {
      const parts = await gameDictionaryLoaders[game]!();
      expect(Object.keys(parts.en).filter((key) => core.has(key)), game).toEqual([]);
    }
  });

  test("a game's keys show as the key until its strings load, then in every language", async () => {
    const i18n = new I18n('en');
    const { en: gwEn, ko: gwKo } = await gameDictionaryLoaders['grail-war']!();
    const [key, text] = Object.entries(gwEn)[0] ?? ['', ''];
    const messageKey = key as Parameters<typeof i18n.t>[0];
    expect(i18n.t(messageKey)).toBe(key);
    await i18n.loadGame('grail-war');
    expect(i18n.t(messageKey)).toBe(text);
    await i18n.set('ko');
    expect(i18n.t(messageKey)).toBe(gwKo[messageKey]);
  });
});

describe('format and fallbacks', () => {
  test('fills placeholders and leaves unknown ones visible', () => {
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  test('translates a known rejection per language', () => {
    expect(translateRejection('en', 'NOT_GM')).toBe(en['rejection.NOT_GM']);
    expect(translateRejection('ko', 'NOT_GM')).toBe(ko['rejection.NOT_GM']);
    expect(translateRejection('ja', 'DICE_SYNTAX')).toBe(ja['rejection.DICE_SYNTAX']);
  });

  test('an unknown rejection code still reads as a sentence in the language', () => {
    expect(translateRejection('ja', 'SOMETHING_NEW')).toBe(ja['rejection.unknown']);
    expect(translateRejection('ko', 'SOMETHING_NEW')).toBe(ko['rejection.unknown']);
    expect(translateRejection('en', 'SOMETHING_NEW')).not.toContain('SOMETHING_NEW');
  });

  test('a game\'s strings join the core ones once its table has loaded', async () => {
    addDictionaries(await gameDictionaryLoaders['free-table']!());
    expect(translate('ja', 'hand.count', { n: 3 })).toBe('3枚');
  });
});
