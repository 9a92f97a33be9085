import { en } from './en.ts';
import { ja } from './ja.ts';
import type { MessageKey } from './keys.ts';
import { ko } from './ko.ts';
import { particle } from './korean-particles.ts';

export const LANGS = ['ko', 'ja', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export type Params = Record<string, string | number>;

/** Some strings of one language: the core ones, or a part's (a game's table, the GM's tools). */
export type Dictionary = Partial<Record<MessageKey, string>>;
/** Some strings in every language. */
export type DictionaryParts = Record<Lang, Dictionary>;

/** Names of the languages, each in itself, for the switcher. */
export const LANG_NAMES: Record<Lang, string> = { ko: '한국어', ja: '日本語', en: 'English' };

// The core strings ship with the app; a part's strings join when it loads, in the languages loaded (addDictionaries).
const dictionaries: DictionaryParts = { ko: { ...ko }, ja: { ...ja }, en: { ...en } };

/** Adds strings to the languages given, e.g. a game's once its table has loaded. */
export function addDictionaries(parts: Partial<DictionaryParts>): void {
  for (const lang of LANGS) Object.assign(dictionaries[lang], parts[lang]);
}

const isLang = (value: string | null | undefined): value is Lang => LANGS.includes(value as Lang);

/** The remembered choice if any, else the first browser language we speak, else English. */
export function pickLang(stored: string | null, browserLangs: readonly string[]): Lang {
  if (isLang(stored)) return stored;
  for (const tag of browserLangs) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLang(base)) return base;
  }
  return 'en';
}

/**
 * Fills `{name}` placeholders; `{name|을}` also adds the Korean particle that fits the value (korean-particles.ts).
 * A placeholder without a value stays visible rather than vanishing.
 */
export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)(?:\|([^}]+))?\}/g, (whole, name: string, josa: string | undefined) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = String(params[name]);
    return josa ? value + particle(value, josa) : value;
  });
}

/** Whether a key has text yet in any language: a part's keys have none until its strings are added. */
export function hasKey(key: string): key is MessageKey {
  return LANGS.some((lang) => Object.hasOwn(dictionaries[lang], key));
}

/** A key whose strings have not arrived shows as the key itself, which is visible and can be reported. */
export function translate(lang: Lang, key: MessageKey, params?: Params): string {
  return format(dictionaries[lang][key] ?? dictionaries.en[key] ?? key, params);
}

/** Whether a rejection code has a sentence of its own. */
export function knownRejection(code: string): boolean {
  return hasKey(`rejection.${code}`);
}

/** A rejection code as a sentence; a code we have no sentence for still reads as one (the code goes beside it, small). */
export function translateRejection(lang: Lang, code: string): string {
  const key = `rejection.${code}`;
  return hasKey(key) ? translate(lang, key) : translate(lang, 'rejection.unknown');
}
