import { describe, expect, test } from 'vitest';
import { EX_DEFAULT, gradeValue, ladderRow, parseRank, raiseRank, rankValue } from './grades.ts';
import { badOption } from './option-check.ts';
import { defaultGrailWarOptions, MATCH_KINDS } from './options.ts';
import { gwMatchKind } from '@veiltable/protocol/games/grail-war';
import { validateMasterSheet, validateServantSheet } from './sheets.ts';
import { hitsOf, judgment as j, master, passWindow, planVs, servant, submit } from './test-support.ts';
import { pair, poolOf } from './test-pair.ts';

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);

describe('grades and sheets', () => {
  test('GW-CORE-02 grades E..A are worth 1..5 and "+" parses separately', () => {
    expect(['E', 'D', 'C', 'B', 'A'].map((g) => gradeValue(parseRank(g)!.grade, EX_DEFAULT))).toEqual([1, 2, 3, 4, 5]);
    expect(parseRank('C+')).toEqual({ grade: 'C', plus: 1 });
    expect(parseRank('c')).toBeNull();
    expect(parseRank('EXA')).toBeNull();
  });

  test.each([
    ['§0.1 GW-CORE-02 EX parses, with or without "+"', () => [parseRank('EX'), parseRank('EX+')], [{ grade: 'EX', plus: 0 }, { grade: 'EX', plus: 1 }]],
    ['§0.1 EX is worth the room`s exGradeValue: 6 by default, 8 when the GM sets 8', () => [rankValue('EX', EX_DEFAULT), rankValue('EX+', 8)], [6, 8]],
    ['GW-ITEM-B3 a raise past A adds "+"; EX takes its "+" the same way', () => [raiseRank('A+', 1), raiseRank('EX', 1)], ['A++', 'EX+']],
    ['GW-SUP-03 grade rows: C −1 → D, E −1 → none, A +1 stays A, EX −1 → A', () => [ladderRow('C', -1), ladderRow('E', -1), ladderRow('A', 1), ladderRow('EX', -1)], [1, null, 4, 4]],
  ])('%s', (_name, given, expected) => {
    expect(given()).toEqual(expected);
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
    ['§0.1 EX stats, NP grade and skill grade on a servant', servant({ stats: { str: 'EX', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'EX' }, skill: { cards: 1, grade: 'EX' } }), 'ok'],
    ['GW-SUP-01 a magic support table needs five or six entries', servant({ magicSupport: [1, 2, 3] }), 'BAD_SUPPORT_TABLE'],
  ])('%s', (_name, sheet, expected) => {
    expect(code(validateServantSheet(sheet))).toBe(expected);
  });

  test.each([
    ['GW-CORE-03 a valid master sheet', master(), 'ok'],
    ['GW-CORE-03 a 신념 pool above its maximum', master({ conviction: { current: 4, max: 3 } }), 'BAD_METER'],
    ['GW-CORE-04 a negative seal count', master({ sealsLeft: -1 }), 'BAD_SEALS'],
    ['GW-SPEC-01 a specialization listed twice', master({ specializations: ['combat', 'combat'] }), 'BAD_SPECIALIZATION'],
    ['GW-CORE-03 a master`s stats have no EX (E..A only)', master({ stats: { combat: 'EX', magic: 'C', conviction: 'C', fate: 'C' } }), 'BAD_GRADE'],
    ['GW-ITEM-B2 a Mana Necklace and the new consumables are valid', master({ items: ['manaNecklace'], consumables: { recoveryPotion: 1, lifePotion: 1, mindPotion: 1 } }), 'ok'],
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

describe('§0.1 EX grades in battle', () => {
  test.each([
    ['§0.1 GW-BATTLE-06 GW-DMG-01 STR EX: 6 강타 cards and a base of 6 by default', {}, 6],
    ['§0.1 the GM may set exGradeValue: 8 cards, 8 damage', { exGradeValue: 8 }, 8],
  ])('%s', (_name, options, value) => {
    let s = pair({ a: { stats: { str: 'EX', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' } }, options });
    expect(poolOf(s, 'a').smash).toBe(value);
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = passWindow(submit(s, 'b', planVs('a', [])).state);
    expect(hitsOf(s).map((h) => h.hp)).toEqual([value]);
  });

  test('GW-MERIT-04 same kind: EX 강타 (6) beats A+ 강타 without + active (5)', () => {
    let s = pair({ a: { stats: { str: 'EX', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' } }, b: { stats: { str: 'A+', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' } } });
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = passWindow(submit(s, 'b', planVs('a', [j('smash')])).state);
    expect(hitsOf(s).map((h) => [h.attacker, h.hp])).toEqual([['a', 6]]);
  });

  test('§0.1 exGradeValue stays between 5 and 20', () => {
    expect(badOption({ ...defaultGrailWarOptions(), exGradeValue: 4 })).toBe('exGradeValue');
    expect(badOption({ ...defaultGrailWarOptions(), exGradeValue: 10 })).toBeNull();
  });
});

function np(id: string) {
  return { id, name: id, npType: 'antiPersonnel' as const, mode: 'alwaysActive' as const, hpDamage: 1, mpDamage: 0, mpCost: 0, cards: 1 };
}

test('GW-BATTLE-13 the matchup kinds the option forms use are the wire schema\'s, in its order', () => {
  expect([...MATCH_KINDS]).toEqual(gwMatchKind.options);
});
