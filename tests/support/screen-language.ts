/**
 * Whether a string shown on a screen is in the screen's language: explained by that language's dictionary values,
 * the values a test planted (seat names, chat), or a short list of terms kept in their original form. Pure, so its
 * own table of passing and failing strings proves it can fail (screen-language.test.ts).
 */

export type ScreenLang = 'ko' | 'ja' | 'en';

/** What a screen in one language may show. */
export type Vocabulary = {
  lang: ScreenLang;
  /** Every value of that language's dictionaries (core, GM, each game), placeholders and all. */
  values: readonly string[];
  /** Every dictionary key of every part: none may show as text. */
  keys: ReadonlySet<string>;
  /** Strings the test itself put on the table (seat and character names, chat text, room titles). */
  planted: readonly string[];
};

/**
 * Latin words a Korean or Japanese screen may show, each a term the rules or the trade keep in the original: ability
 * and resource abbreviations of the three rule sets (POW, APP, INT, LTF, HP, MP, STR, CON, AP, POT, EX, SS), rule
 * sections cited beside an option (SAN, TRUST), table roles (GM, PC, NPC), TRPG, dice notation BCDice reads (CCB,
 * D66), the names of the app, the dice engine, the streaming software a stream layout is for (OBS), image formats and
 * the export's file formats. A term may carry a number (HP1).
 */
export const KEPT_TERMS: ReadonlySet<string> = new Set([
  'Veiltable', 'BCDice', 'GM', 'PC', 'NPC', 'TRPG', 'HP', 'MP', 'LTF', 'POW', 'STR', 'CON', 'APP', 'INT', 'AP', 'POT', 'EX',
  'SS', 'SAN', 'TRUST', 'QR', 'ID', 'CCB', 'OBS', 'MB', 'PNG', 'JPEG', 'WebP', 'GIF', 'HTML', 'JSON',
]);

/** Names kept whole in every language: the game Call of <T> is called so in its own rules. */
const KEPT_NAMES = ['Call of <T>'];

/**
 * Tokens kept as written in any language: single letters and squares (A, B2), dice (2d6, D66, S2D6), rule IDs
 * (COT-INV-03), editions (2nd), and commitment hashes, shown so anyone can check them (8 or more hex digits).
 */
const KEPT_SHAPES: readonly RegExp[] = [
  /^[A-Z]\d*$/, /^[A-Z]*\d*[dD]\d+$/, /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$/, /^\d+(?:st|nd|rd|th)$/, /^(?=.*\d)[0-9a-f]{8,}$/,
];
const kept = (word: string) => KEPT_TERMS.has(word.replace(/\d+$/, '')) || KEPT_SHAPES.some((s) => s.test(word));

/** The languages' own names, shown by the switcher on every screen. */
const LANGUAGE_NAMES = ['한국어', '日本語', 'English'];

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]+/gu;
const KANA_KANJI = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f\u3400-\u4dbf\u4e00-\u9fff々]+/gu;
const LATIN_WORD = /[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*(?:-[A-Z0-9]+)*/g;
/** Korean particles spelt both ways (을(를), (으)로): the formatter picks one (korean-particles.ts). */
const BOTH_PARTICLES = /[을를이가은는과와]\([을를이가은는과와]\)|\(으\)로|\((?:을|를|이|가|은|는|과|와)\)/u;

/** Shapes of text that is an id rather than words, with what to call them. */
const KEY_SHAPES: readonly (readonly [RegExp, string])[] = [
  [/\b[a-z][a-z0-9]*(?:\.[a-zA-Z][a-zA-Z0-9]*)+\b/, 'a dotted key'],
  [/\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+\b/, 'a camelCase id'],
  [/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/, 'a code'],
  [/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/, 'a snake_case id'],
  [/(?:^|[^\p{L}])[a-z][a-zA-Z]*\s*:\s*\d+\s*\/\s*\d+/u, 'a raw field name'],
];

/** A vocabulary compiled for checking many strings. */
export type Checker = (text: string) => string[];

/** Compiles a vocabulary into a checker that names every problem of a string (none when it passes). */
export function screenChecker(vocabulary: Vocabulary): Checker {
  const { lang, keys } = vocabulary;
  const bare = vocabulary.values.map((v) => v.replace(/\{[^}]*\}/g, '\n'));
  const blob = bare.join('\n');
  const words = new Set(bare.flatMap((v) => v.match(LATIN_WORD) ?? []).map((w) => w.toLowerCase()));
  // Longest first, so a planted name inside another planted string is not cut out of it.
  const planted = [...vocabulary.planted, ...LANGUAGE_NAMES, ...KEPT_NAMES].filter((p) => p.trim() !== '').sort((a, b) => b.length - a.length);

  return (text) => {
    let rest = text.replace(/https?:\/\/\S+/g, ' ');
    for (const p of planted) rest = rest.split(p).join(' \u0000 ');
    const problems: string[] = [];
    if (BOTH_PARTICLES.test(rest)) problems.push('a particle spelt both ways');
    for (const [shape, name] of KEY_SHAPES) {
      const found = shape.exec(rest);
      if (found) problems.push(`${name}: ${found[0].trim()}`);
    }
    for (const token of rest.match(/[A-Za-z][\w.-]*\w/g) ?? []) if (keys.has(token)) problems.push(`a dictionary key: ${token}`);
    for (const word of rest.match(LATIN_WORD) ?? []) {
      if (kept(word)) continue;
      if (lang === 'en' ? !words.has(word.toLowerCase()) : true) problems.push(`a Latin word not in the ${lang} dictionary: ${word}`);
    }
    // A rule term may keep its original beside the translation (Japanese for Call of <T> and dungeon-2d6, Korean for
    // the Grail War): another script's run passes where that language's own dictionary has it too.
    const foreign = lang === 'ko' ? [KANA_KANJI] : lang === 'ja' ? [HANGUL] : [HANGUL, KANA_KANJI];
    for (const script of foreign) {
      for (const run of rest.match(script) ?? []) {
        if (!blob.includes(run)) problems.push(`${script === HANGUL ? 'Hangul' : 'Japanese'} not in the ${lang} dictionary: ${run}`);
      }
    }
    return [...new Set(problems)];
  };
}
