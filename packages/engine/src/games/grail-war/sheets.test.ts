import { describe, expect, test } from 'vitest';
import { gradeValue, parseRank, raiseRank } from './grades.ts';
import { badOption, defaultGrailWarOptions } from './options.ts';
import { validateMasterSheet, validateServantSheet } from './sheets.ts';
import { master, servant } from './test-support.ts';

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);

describe('grades and sheets', () => {
  test('GW-CORE-02 grades E..A are worth 1..5 and "+" parses separately', () => {
    expect(['E', 'D', 'C', 'B', 'A'].map((g) => gradeValue(parseRank(g)!.grade))).toEqual([1, 2, 3, 4, 5]);
    expect(parseRank('C+')).toEqual({ grade: 'C', plus: 1 });
    expect(parseRank('EX')).toBeNull();
    expect(parseRank('c')).toBeNull();
  });

  test('TV-ITEM-02 GW-ITEM-B3 MAG A with a Magus`s Cloak becomes A+; lower grades go up one', () => {
    expect(raiseRank('A', 1)).toBe('A+');
    expect(raiseRank('C', 1)).toBe('B');
  });

  test.each([
    ['GW-CORE-02 a valid servant sheet', servant(), 'ok'],
    ['GW-CORE-02 a stat grade that is not E..A(+)', servant({ stats: { str: 'S', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' } }), 'BAD_GRADE'],
    ['GW-CORE-01 an unknown class', servant({ className: 'ruler' as never }), 'BAD_CLASS'],
    ['GW-CORE-04 HP above its maximum', servant({ hp: { current: 70, max: 60 } }), 'BAD_METER'],
    ['GW-CORE-06 two NPs with one id', servant({ noblePhantasms: [np('x'), np('x')] }), 'BAD_NP'],
    ['GW-ITEM-01 the same Mystic Code twice', servant({ items: ['giantsBelt', 'giantsBelt'] }), 'BAD_ITEMS'],
  ])('%s', (_name, sheet, expected) => {
    expect(code(validateServantSheet(sheet))).toBe(expected);
  });

  test.each([
    ['GW-CORE-03 a valid master sheet', master(), 'ok'],
    ['GW-CORE-03 a 신념 pool above its maximum', master({ conviction: { current: 4, max: 3 } }), 'BAD_METER'],
    ['GW-CORE-04 a negative seal count', master({ sealsLeft: -1 }), 'BAD_SEALS'],
    ['GW-SPEC-01 a specialization listed twice', master({ specializations: ['combat', 'combat'] }), 'BAD_SPECIALIZATION'],
  ])('%s', (_name, sheet, expected) => {
    expect(code(validateMasterSheet(sheet))).toBe(expected);
  });

  test('GW-META-01 001 is the default; 000 restores every 001-change; trial options stay off in both', () => {
    const d = defaultGrailWarOptions();
    expect(d).toMatchObject({ rulesVersion: '001', sealRules: '001', specialJudgmentRule: '001', magicDamageRouting: 'allMp', convictionRule: '001new', coopSupportRule: false, meritAcquisition: '000', sealsPerMaster: 3, battleBatches: 2, sameKindTie: 'cancel' });
    const old = defaultGrailWarOptions('000');
    expect(old).toMatchObject({ sealRules: '000', specialJudgmentRule: '000', magicDamageRouting: 'halfHalf', convictionRule: '000', guardianLineage: 'double', assassinTraits: 'old', masterVsServant: false, coopSupportRule: false });
    expect(badOption(d)).toBeNull();
    const lopsided = structuredClone(d);
    lopsided.matchupTable.smash.counter = 'W';
    expect(badOption(lopsided)).toBe('matchupTable');
  });
});

function np(id: string) {
  return { id, name: id, npType: 'antiPersonnel' as const, mode: 'alwaysActive' as const, hpDamage: 1, mpDamage: 0, mpCost: 0, cards: 1 };
}
