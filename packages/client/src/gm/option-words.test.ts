import { describe, expect, test } from 'vitest';
import { DICTIONARY_GAMES, gameDictionaries } from '../shell/i18n/dictionaries.ts';
import { LANGS } from '../shell/i18n/translate.ts';

// Option panels name every option and group in words; a section number (§19) or open-question id (Q14) or rule id
// (MASTER-01) may follow in small type, from the field's `rule`, never inside the words themselves.

const OPTION_KEY = /\.(opt|options|setup\.options|gm\.rest)\b/;
const REFERENCE = /§\s*\d|\bQ\d+\b|\b[A-Z]{2,}-[A-Z0-9]*\d+\b/;

describe('option names are words', () => {
  test.each(DICTIONARY_GAMES)('%s: no option or group name carries a section number, Q id or rule id', async (game) => {
    const parts = await gameDictionaries(game);
    const found = LANGS.flatMap((lang) =>
      Object.entries(parts[lang])
        .filter(([key, text]) => OPTION_KEY.test(key) && REFERENCE.test(text ?? ''))
        .map(([key, text]) => `${lang} ${key}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  test('the check itself catches what users met', () => {
    expect(['Room rules (§19)', 'Ace is strength 14 (Q1)', 'Rest of a master at 0 (MASTER-01)'].every((t) => REFERENCE.test(t))).toBe(true);
    expect(REFERENCE.test('001 trial')).toBe(false);
  });
});
