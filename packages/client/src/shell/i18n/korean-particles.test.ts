import { describe, expect, test } from 'vitest';
import { finalSound, particle } from './korean-particles.ts';
import { dictionaryLoader, DICTIONARY_GAMES } from './dictionaries.ts';
import { format } from './translate.ts';

describe('finalSound', () => {
  test.each([
    ['a syllable without a final consonant', '아이코', 'none'],
    ['a vowel-final name', '브루노', 'none'],
    ['a syllable ending in ㄴ (민준)', '민준', 'other'],
    ['a syllable ending in ㄹ', '서울', 'l'],
    ['a digit read 일', '♦1', 'l'],
    ['a digit read 이', 'B2', 'none'],
    ['a digit read 삼', 'C3', 'other'],
    ['a Latin name ending in n', 'Bruno Lin', 'other'],
    ['a Latin name ending in a vowel', 'Aiko', 'none'],
    ['a bracketed note is not read into the word', '아이코(GM)', 'none'],
    ['ん', 'ケン', 'other'],
    ['an empty value', '', 'none'],
  ] as const)('%s: %s', (_name, value, sound) => {
    expect(finalSound(value)).toBe(sound);
  });
});

describe('particle', () => {
  test.each([
    ['을 after a consonant', '카드 한 장', '을', '을'],
    ['를 after a vowel', '아이코', '을', '를'],
    ['를 written, 을 chosen', '민준', '를', '을'],
    ['이 after a consonant', '민준', '가', '이'],
    ['가 after a vowel', '아이코', '이', '가'],
    ['은 / 는', '아이코', '은', '는'],
    ['과 / 와', '민준', '와', '과'],
    ['으로 after a consonant other than ㄹ', '정원', '로', '으로'],
    ['로 after ㄹ', '서울', '으로', '로'],
    ['로 after a vowel', 'B2', '으로', '로'],
    ['an unknown form stays', '아이코', '에게', '에게'],
  ] as const)('%s', (_name, value, written, form) => {
    expect(particle(value, written)).toBe(form);
  });
});

describe('format with particles', () => {
  test('each placeholder takes the form its value needs', () => {
    const template = '{name|이} {card|을} {to|으로} 옮김';
    expect(format(template, { name: '민준', card: '♠A', to: '서울' })).toBe('민준이 ♠A를 서울로 옮김');
    expect(format(template, { name: '아이코', card: '카드 한 장', to: '정원' })).toBe('아이코가 카드 한 장을 정원으로 옮김');
  });
  test('a placeholder without a value stays as written', () => {
    expect(format('{name|이} 왔다', {})).toBe('{name|이} 왔다');
  });
});

describe('Korean strings', () => {
  test('no string spells a particle both ways, like 을(를): the value picks it ({name|을})', async () => {
    const { ko } = await import('./ko.ts');
    const parts = ['gm', ...DICTIONARY_GAMES.map((g) => `games/${g}`)];
    const loaded = await Promise.all(parts.map(async (part) => (await dictionaryLoader(part, 'ko')?.()) ?? {}));
    const strings = [ko, ...loaded].flatMap((d) => Object.entries(d));
    expect(strings.length).toBeGreaterThan(500);
    const both = strings.filter(([, text]) => /을\(를\)|를\(을\)|이\(가\)|은\(는\)|와\(과\)|과\(와\)|\(으\)로/.test(text ?? ''));
    expect(both).toEqual([]);
  });
});
