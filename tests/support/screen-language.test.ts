import { describe, expect, test } from 'vitest';
import { screenChecker, type ScreenLang } from './screen-language.ts';

// The issue's words: a test "fails on strings that are not in that language's dictionary (keys, English words on a
// ko screen)"; "no raw keys (`scout: 16 / 40`, `decision`)"; "particles correct (no `을(를)`)"; "rule terms may keep
// their original term beside the translation".

const VALUES: Record<ScreenLang, string[]> = {
  ko: ['{name|을} 고릅니다', '정찰 {n} / {max}', '스카우트(偵察)', 'POW {pow}', '결정'],
  ja: ['{name}を選ぶ', '偵察 {n} / {max}', 'POW {pow}', '決定'],
  en: ['Choose {name}', 'Scout {n} / {max}', 'POW {pow}', 'Decision', 'Roll 2d6', 'Search (探索)', '강타 Smash'],
};
const KEYS = new Set(['cot.decision', 'decision', 'gw.classUnknown']);
const PLANTED = ['Aiko', '달빛 여관', 'Lanterns lit, door barred'];

const check = (lang: ScreenLang, text: string) => screenChecker({ lang, values: VALUES[lang], keys: KEYS, planted: PLANTED })(text);

describe('screen language checker', () => {
  test.each([
    ['ko', 'Aiko를 고릅니다'],
    ['ko', '정찰 16 / 40'],
    ['ko', 'POW 13 · HP 10 · LTF 3'],
    ['ko', '스카우트(偵察)'],
    ['ko', '2d6 → 7, D66, CCB<=50'],
    ['ko', '규칙 COT-INV-03'],
    ['ko', 'Veiltable 「달빛 여관」'],
    ['ko', 'B2 · A'],
    ['ja', 'Aikoを選ぶ'],
    ['ja', '言語: 한국어 / 日本語 / English'],
    ['en', 'Choose Aiko'],
    ['en', 'Scout 16 / 40'],
    ['en', 'Lanterns lit, door barred'],
    ['en', 'Roll 2d6 · Decision'],
    ['en', 'http://127.0.0.1:4000/r/abc#t=xyz'],
    ['en', 'Search (探索) · 강타 Smash'],
    ['ko', 'HP1 소비 · TRPG · 2nd,3rd'],
    ['ja', 'コミット: ca730b38f5fc8275…'],
    ['ko', 'Call of <T> (탐색 사이클)'],
  ] as const)('%s passes: %s', (lang, text) => {
    expect(check(lang, text)).toEqual([]);
  });

  test.each([
    ['ko', 'cot.decision', 'a dotted key: cot.decision'],
    ['en', 'cot.decision', 'a dotted key: cot.decision'],
    ['en', 'Class: classUnknown', 'a camelCase id: classUnknown'],
    ['en', 'scout: 16 / 40', 'a raw field name: scout: 16 / 40'],
    ['ko', 'scout: 16 / 40', 'a raw field name: scout: 16 / 40'],
    ['en', 'BATTLE_IN_PROGRESS', 'a code: BATTLE_IN_PROGRESS'],
    ['en', 'spirit_lore', 'a snake_case id: spirit_lore'],
    ['ko', '결정: decision', 'a dictionary key: decision'],
    ['ko', 'Call of Duty', 'a Latin word not in the ko dictionary: Duty'],
    ['en', 'Search (探索) 偵察', 'Japanese not in the en dictionary: 偵察'],
    ['ko', '결정: decision', 'a Latin word not in the ko dictionary: decision'],
    ['ko', 'Scout 16 / 40', 'a Latin word not in the ko dictionary: Scout'],
    ['ja', 'Choose Aiko', 'a Latin word not in the ja dictionary: Choose'],
    ['en', 'Choose Aiko quickly', 'a Latin word not in the en dictionary: quickly'],
    ['ko', '探索 16 / 40', 'Japanese not in the ko dictionary: 探索'],
    ['ko', 'スカウト', 'Japanese not in the ko dictionary: スカウト'],
    ['en', '決定', 'Japanese not in the en dictionary: 決定'],
    ['ja', '결정', 'Hangul not in the ja dictionary: 결정'],
    ['en', 'Choose 세이버', 'Hangul not in the en dictionary: 세이버'],
    ['ko', '세이버을(를) 고릅니다', 'a particle spelt both ways'],
    ['ko', '아이코(으)로', 'a particle spelt both ways'],
  ] as const)('%s fails: %s (%s)', (lang, text, problem) => {
    expect(check(lang, text)).toContain(problem);
  });
});
