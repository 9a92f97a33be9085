import type { SuccessLevel } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { classifyD100, d100Ranges, isSuccessLevel } from './success-level.ts';

// Faces 1..100; the face "00" is 100 (COT-DIE-01).
const FACES = Array.from({ length: 100 }, (_, i) => i + 1);

/** Bands as the spec writes them: [first face, last face, level], covering 01..00 exactly once. */
type Band = [from: number, to: number, level: SuccessLevel];

function expectBands(chance: number, bands: Band[]): void {
  const expected = FACES.map((face) => bands.find(([from, to]) => face >= from && face <= to)?.[2]);
  expect(expected.every((level) => level !== undefined), 'bands must cover every face').toBe(true);
  expect(FACES.map((face) => classifyD100(face, chance))).toEqual(expected);
}

describe('COT-DIE-02 RQ3 Skill Results table rows', () => {
  // (critical 01..C, special 01..S, fumble F..00), as the rule quotes the RQ3 game sheet.
  test.each([
    ...[1, 2, 3, 4, 5, 6, 7].map((skill) => [`COT-DIE-02 skill 0${skill}: critical 01, special 01, fumble 96-00`, skill, 1, 1, 96] as const),
    ['COT-DIE-02 skill 50: 01-03, 01-10, 98-00', 50, 3, 10, 98] as const,
    ['COT-DIE-02 skill 51: 01-03, 01-10, 99-00', 51, 3, 10, 99] as const,
    ['COT-DIE-02 skill 52: 01-03, 01-10, 99-00', 52, 3, 10, 99] as const,
  ])('%s', (_name, skill, critical, special, fumbleFrom) => {
    expect(d100Ranges(skill)).toEqual({ critical, special, fumbleFrom });
    expect(classifyD100(critical, skill)).toBe('critical');
    expect(classifyD100(fumbleFrom, skill)).toBe('fumble');
    expect(classifyD100(fumbleFrom - 1, skill)).toBe('failure');
    expect(classifyD100(100, skill)).toBe('fumble');
  });
});

describe('COT-DIE-02 automatic results', () => {
  const chances = Array.from({ length: 201 }, (_, i) => i - 20); // -20..180

  test.each([96, 97, 98, 99, 100])('COT-DIE-02 96-00 always fail: roll %i fails at every chance', (roll) => {
    for (const chance of chances) expect(isSuccessLevel(classifyD100(roll, chance)), `chance ${chance}`).toBe(false);
  });

  test.each([1, 2, 3, 4, 5])('COT-DIE-02 01-05 always succeed: roll %i succeeds at every chance', (roll) => {
    for (const chance of chances) expect(isSuccessLevel(classifyD100(roll, chance)), `chance ${chance}`).toBe(true);
  });

  test('COT-DIE-02 01 is always a critical', () => {
    for (const chance of chances) expect(classifyD100(1, chance)).toBe('critical');
  });
});

describe('COT-DIE-02 test vectors', () => {
  test.each<[string, number, Band[]]>([
    [
      'TV-09 D100 skill 50: crit 01-03, special 04-10, success 11-50, failure 51-97, fumble 98-00',
      50,
      [[1, 3, 'critical'], [4, 10, 'special'], [11, 50, 'success'], [51, 97, 'failure'], [98, 100, 'fumble']],
    ],
    [
      'TV-10 skill 10: (01, 01-02, 96)',
      10,
      [[1, 1, 'critical'], [2, 2, 'special'], [3, 10, 'success'], [11, 95, 'failure'], [96, 100, 'fumble']],
    ],
    [
      'TV-10 skill 20: (01, 01-04, 97)',
      20,
      [[1, 1, 'critical'], [2, 4, 'special'], [5, 20, 'success'], [21, 96, 'failure'], [97, 100, 'fumble']],
    ],
    [
      'TV-10 skill 30: (01-02, 01-06, 97)',
      30,
      [[1, 2, 'critical'], [3, 6, 'special'], [7, 30, 'success'], [31, 96, 'failure'], [97, 100, 'fumble']],
    ],
    [
      'TV-10 skill 31: (01-02, 01-06, 98)',
      31,
      [[1, 2, 'critical'], [3, 6, 'special'], [7, 31, 'success'], [32, 97, 'failure'], [98, 100, 'fumble']],
    ],
    [
      'TV-11 skill 70: (01-04, 01-14, 99)',
      70,
      [[1, 4, 'critical'], [5, 14, 'special'], [15, 70, 'success'], [71, 98, 'failure'], [99, 100, 'fumble']],
    ],
    [
      'TV-11 skill 90: (01-05, 01-18, 00)',
      90,
      [[1, 5, 'critical'], [6, 18, 'special'], [19, 90, 'success'], [91, 99, 'failure'], [100, 100, 'fumble']],
    ],
    [
      'TV-11 skill 100: (01-05, 01-20, 00) with 96-99 failing',
      100,
      [[1, 5, 'critical'], [6, 20, 'special'], [21, 95, 'success'], [96, 99, 'failure'], [100, 100, 'fumble']],
    ],
    [
      'TV-11 skill 120: (01-06, 01-24, 00) with 96-99 failing',
      120,
      [[1, 6, 'critical'], [7, 24, 'special'], [25, 95, 'success'], [96, 99, 'failure'], [100, 100, 'fumble']],
    ],
  ])('COT-DIE-02 %s', (_name, chance, bands) => {
    expectBands(chance, bands);
  });

  test.each<[string, number, number, SuccessLevel]>([
    ['TV-12 skill 3, roll 04: success (01-05 always succeed)', 3, 4, 'success'],
    ['TV-12 skill 3, roll 01: critical', 3, 1, 'critical'],
    ...[96, 97, 98, 99, 100].map((roll): [string, number, number, SuccessLevel] => [`TV-12 skill 3, roll ${roll}: fumble`, 3, roll, 'fumble']),
    ['TV-14 E = 65, roll 12: S = 13, so a special', 65, 12, 'special'],
    ['TV-14 E = 65, roll 14: just past S = 13, a success', 65, 14, 'success'],
  ])('COT-DIE-02 %s', (_name, chance, roll, level) => {
    expect(classifyD100(roll, chance)).toBe(level);
  });

  test('COT-DIE-02 TV-14 E = 65 gives S = 13', () => {
    expect(d100Ranges(65).special).toBe(13);
  });
});

describe('COT-DIE-01 D100 faces', () => {
  test('COT-DIE-01 the face 00 is 100: it is a fumble at every chance (00 is always a fumble)', () => {
    for (let chance = -20; chance <= 200; chance++) expect(classifyD100(100, chance)).toBe('fumble');
  });

  test.each([0, 101, 1.5, Number.NaN])('COT-DIE-01 a roll of %s is not a D100 face', (roll) => {
    expect(() => classifyD100(roll, 50)).toThrow();
  });
});
