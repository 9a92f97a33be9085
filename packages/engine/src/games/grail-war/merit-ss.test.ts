import { describe, expect, test } from 'vitest';
import type { GrailWarCommand } from './commands.ts';
import type { GrailWarState } from './state.ts';
import { GM, master, refused, room, run, seat, servant } from './test-support.ts';
import { view } from './view.ts';

/** Servant a (s1, merit 10) contracted to master ma (s2, merit 10); servant x (s3) has no master. */
const base = (options = {}): GrailWarState =>
  room({ a: { seat: 's1', sheet: servant() }, ma: { seat: 's2', partner: 'a', sheet: master() }, x: { seat: 's3', sheet: servant() } }, options);
const merit = (s: GrailWarState) => [s.characters.a!.sheet.merit, s.characters.ma!.sheet.merit];

describe('GW-MERIT-08 sharing merit inside a pair at 2:1', () => {
  test.each([
    ['TV-MERIT-05 GW-MERIT-08 a master giving 4: servant +2, master −4', 's2', 4, [12, 6]],
    ['GW-MERIT-08 a servant giving 2: master +1, servant −2', 's1', 2, [8, 11]],
    ['GW-MERIT-08 giving everything held is allowed', 's2', 10, [15, 0]],
  ] as const)('%s', (_name, by, amount, after) => {
    const s = run(base(), seat(by), { type: 'merit.share', amount }).state;
    expect(merit(s)).toEqual(after);
  });

  test.each([
    ['TV-MERIT-05 GW-MERIT-08 giving 3 is refused', 's2', 3, 'ODD_AMOUNT GW-MERIT-08'],
    ['GW-MERIT-08 no giving more than is held', 's2', 12, 'NOT_ENOUGH_MERIT GW-MERIT-08'],
    ['GW-MERIT-08 a character without a partner has nobody to give to', 's3', 2, 'NO_PARTNER GW-MERIT-08'],
  ] as const)('%s', (_name, by, amount, code) => {
    expect(refused(base(), seat(by), { type: 'merit.share', amount })).toBe(code);
  });
});

describe('GW-MISC-01 / GW-MERIT-09 SS keywords and the SS reward', () => {
  const withWords = (options = {}) => run(base(options), seat('s1'), { type: 'ss.keywords', keywords: ['lake', 'oath'] }).state;

  test('GW-MISC-01 the two keywords are fixed once chosen and seen only by the pair and the GM', () => {
    const s = withWords();
    expect(s.characters.a!.ssKeywords).toEqual(['lake', 'oath']);
    expect(refused(s, seat('s1'), { type: 'ss.keywords', keywords: ['sword', 'oath'] })).toBe('KEYWORDS_FIXED GW-MISC-01');
    const text = (v: Parameters<typeof view>[1]) => JSON.stringify(view(s, v));
    expect(text(seat('s3'))).not.toContain('lake');
    expect(text(seat('s2'))).toContain('lake');
    expect(text(GM)).toContain('lake');
  });

  test.each([
    ['GW-MISC-01 exactly two keywords', ['lake']],
    ['GW-MISC-01 two different keywords', ['lake', 'lake']],
  ])('%s', (_name, keywords) => {
    expect(refused(base(), seat('s1'), { type: 'ss.keywords', keywords })).toBe('BAD_KEYWORDS GW-MISC-01');
  });

  test.each<[string, () => GrailWarState, GrailWarCommand, string | number]>([
    ['GW-MERIT-09 an SS hinting at one of the writer keywords: +1 merit', () => withWords(), { type: 'ss.reward', character: 'a', keyword: 'oath' }, 11],
    ['GW-MERIT-09 an SS with none of the writer keywords earns nothing', () => withWords(), { type: 'ss.reward', character: 'a', keyword: 'sword' }, 'NOT_A_KEYWORD GW-MERIT-09'],
    ['GW-MISC-01 no keywords chosen beforehand: no SS reward', () => base(), { type: 'ss.reward', character: 'a', keyword: 'oath' }, 'NO_KEYWORDS GW-MISC-01'],
    ['GW-MISC-01 with ssReward off there is no SS reward', () => withWords({ ssReward: false }), { type: 'ss.reward', character: 'a', keyword: 'oath' }, 'RULE_OFF GW-MISC-01'],
  ])('%s', (_name, given, command, expected) => {
    const s = given();
    if (typeof expected === 'string') expect(refused(s, GM, command)).toBe(expected);
    else expect(run(s, GM, command).state.characters.a!.sheet.merit).toBe(expected);
  });

  test('GW-MERIT-09 the GM approves each SS: a player cannot reward itself', () => {
    expect(refused(withWords(), seat('s1'), { type: 'ss.reward', character: 'a', keyword: 'oath' })).toBe('NOT_GM');
  });
});
