import { describe, expect, test } from 'vitest';
import type { Knowledge, PrebattleDecl } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import type { MasterSheet, ServantSheet } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { hitsOf, judgment as j, master, passWindow, planVs, prepareAll, refused, room, seat, servant, start, submit } from './test-support.ts';

const known = (knower: string, target: string): Knowledge => ({ knower, target, total: 0, believed: 0, classKnown: true, failedGuess: false, trueNameKnown: false });

/** Master m (s1, front row) against a lone opponent o (s2): a master or a servant. */
function masterVs(m: Partial<MasterSheet>, o: Partial<MasterSheet> | Partial<ServantSheet>, kind: 'master' | 'servant', options: Partial<GrailWarOptions> = {}, conviction = 0, consumables: PrebattleDecl['consumables'] = []): GrailWarState {
  let s = room({ m: { seat: 's1', sheet: master(m) }, o: { seat: 's2', sheet: kind === 'master' ? master({ name: 'Other', ...(o as Partial<MasterSheet>) }) : servant(o as Partial<ServantSheet>) } }, options);
  s = start(s, [{ character: 'm', side: 'A', row: 'front' }, { character: 'o', side: 'B', row: 'front' }], { knowledge: [known('m', 'o'), known('o', 'm')] });
  return prepareAll(s, { m: { conviction, consumables } });
}
const sheetOf = (s: GrailWarState, id: string) => s.characters[id]!.sheet;

describe('master specials', () => {
  test.each([
    ['TV-SPEC-01 GW-SPEC-03 GW-SPEC-05 new rule, specialized, 3 신념: HP/MP +40, damage +4, cards ×2, limit ×2', '001new', true, 3, 40, 4, 0],
    ['TV-SPEC-02 GW-SPEC-05 old rule, specialized, 3 신념: HP/MP +50, damage +6, incoming −3', '001old', true, 3, 50, 6, 3],
    ['TV-SPEC-03 GW-SPEC-05 new rule, not specialized, 1 신념: HP/MP +10, damage +1', '001new', false, 1, 10, 1, 0],
    // 000 §2 gives only the specialization ("최대 3회까지 중복해 사용 가능합니다"), not what one point gives (GAP): the
    // base is the room's, nothing until the GM sets it.
    ['GW-SPEC-05 000 GAP, not specialized, 1 신념 with the base unset: no HP/MP and no damage; cards and limit ×2', '000', false, 1, 0, 0, 0],
    ['GW-SPEC-05 000 GAP, the GM sets the base to 15 HP/MP and +3 damage: 1 신념 gives that', '000', false, 1, 15, 3, 0, { conviction000HpMp: 15, conviction000Damage: 3 }],
    ['GW-SPEC-05 000 specialized "최대 3회까지 중복": 3 신념 give the set base 3 times, 45 HP/MP and +9', '000', true, 3, 45, 9, 0, { conviction000HpMp: 15, conviction000Damage: 3 }],
  ] as const)('%s', (_name, convictionRule, specialized, spend, hpMp, bonus, reduction, base: Partial<GrailWarOptions> = {}) => {
    let s = masterVs({ specializations: specialized ? ['conviction'] : [], judgmentLimit: 4 }, { stats: { combat: 'A', magic: 'C', conviction: 'C', fate: 'C' } }, 'master', { convictionRule, ...base }, spend);
    const p = s.battle!.participants[0]!;
    expect([sheetOf(s, 'm').hp.current, sheetOf(s, 'm').mp.current]).toEqual([30 + hpMp, 30 + hpMp]);
    expect([p.pool.normal, p.limit]).toEqual([6, 8]);
    s = submit(s, 'm', planVs('o', [j('normal', { aspect: 'smash' }), j('wait')])).state;
    s = passWindow(submit(s, 'o', planVs('m', [j('wait'), j('normal', { aspect: 'smash' })])).state);
    expect(hitsOf(s).map((h) => [h.attacker, h.hp])).toEqual([['m', 3 + bonus], ['o', 5 - reduction]]);
  });

  test('GW-SPEC-05 000 without the specialization: one 신념 at a time', () => {
    let s = room({ m: { seat: 's1', sheet: master() }, o: { seat: 's2', sheet: master({ name: 'O' }) } }, { convictionRule: '000' });
    s = start(s, [{ character: 'm', side: 'A', row: 'front' }, { character: 'o', side: 'B', row: 'front' }]);
    expect(refused(s, seat('s1'), { type: 'battle.prepare', decl: { row: null, seals: [], conviction: 2, consumables: [], activatePlus: [], guardian: false } })).toBe('BAD_CONVICTION GW-SPEC-05');
  });

  test.each([
    ['GW-SPEC-05 000 신념 specialization: chanting (a 마술 card) resists remaining 신념 (2) × 3 = 6 of a 3-damage hit', 'magecraft', ['conviction'], 0],
    ['GW-SPEC-05 000 not chanting (일반), the same hit lands in full', 'normal', ['conviction'], 3],
    ['GW-SPEC-05 000 without the specialization chanting resists nothing (the base amount is a GAP)', 'magecraft', [], 3],
  ] as const)('%s', (_name, card, specializations, taken) => {
    let s = masterVs({ specializations: [...specializations], spells: { cards: 2, grade: 'C' } }, {}, 'master', { convictionRule: '000' }, 1);
    s = submit(s, 'm', planVs('o', [j(card, { aspect: 'smash' })])).state;
    s = passWindow(submit(s, 'o', planVs('m', [j('normal', { aspect: 'counter' })])).state);
    expect(hitsOf(s).filter((h) => h.target === 'm').map((h) => h.hp)).toEqual([taken]);
  });

  test('TV-SPEC-04 GW-SPEC-04 명운 on a 일반 judgment: 치명, base 2 + max 명운 3 = 5; a 4th use is refused', () => {
    let s = masterVs({ stats: { combat: 'D', magic: 'C', conviction: 'C', fate: 'C' }, specializations: ['fate'], fate: { current: 3, max: 3 }, consumables: { berserkerPotion: 1 } }, {}, 'master', {}, 0, [{ item: 'berserkerPotion' }]);
    // 전투력 D gives 2 일반 cards; the Berserker's Potion adds the third (its +1 damage is for <일반> only, not 치명).
    s = submit(s, 'm', planVs('o', [j('normal', { aspect: 'smash', fate: true }), j('normal', { aspect: 'rush', fate: true }), j('normal', { aspect: 'rush', fate: true })])).state;
    // The 명운 judgment resolves as 치명: it beats the opponent's 반격 in slot 1.
    s = passWindow(submit(s, 'o', planVs('m', [j('normal', { aspect: 'counter' })])).state);
    expect(hitsOf(s).map((h) => [h.slot, h.attacker, h.hp])).toEqual([[1, 'm', 5], [2, 'm', 5], [3, 'm', 5]]);
    expect((sheetOf(s, 'm') as MasterSheet).fate).toEqual({ current: 0, max: 3 });
    expect(refused(s, seat('s1'), { type: 'battle.submit', plan: planVs('o', [j('normal', { aspect: 'smash', fate: true })]) })).toBe('FATE_LIMIT GW-SPEC-04');
  });

  test('TV-SPEC-05 GW-SPEC-01 일격 필살 with 전투력 3: 15 fixed damage, −3 merit, once per battle', () => {
    let s = masterVs({ grade: 11, stats: { combat: 'D', magic: 'C', conviction: 'C', fate: 'C' }, specializations: ['combat'] }, {}, 'servant');
    s = submit(s, 'm', planVs('o', [j('oneHitKill')])).state;
    s = passWindow(submit(s, 'o', planVs('m', [j('smash')])).state);
    expect(hitsOf(s).map((h) => [h.attacker, h.hp])).toEqual([['m', 15]]);
    expect(sheetOf(s, 'm').merit).toBe(7);
    expect(refused(s, seat('s1'), { type: 'battle.submit', plan: planVs('o', [j('oneHitKill')]) })).toBe('ONCE_PER_BATTLE GW-SPEC-01');
  });

  const np = { id: 'np', name: 'NP', npType: 'antiArmy' as const, mode: 'alwaysActive' as const, hpDamage: 20, mpDamage: 6, mpCost: 0, cards: 1 };
  test.each([
    ['TV-BATTLE-06 GW-BATTLE-15 000: 일격 필살 wins, 15 to the NP user, the NP is nullified', '000', [['m', 'o', 15, 0]]],
    ['TV-BATTLE-06 GW-BATTLE-15 001: the NP lands with 20 − 15 = 5 HP and 6 MP', '001', [['o', 'm', 5, 6]]],
  ] as const)('%s', (_name, rule, expected) => {
    let s = masterVs({ grade: 11, stats: { combat: 'D', magic: 'C', conviction: 'C', fate: 'C' }, specializations: ['combat'] }, { noblePhantasms: [np] }, 'servant', { specialJudgmentRule: rule });
    s = submit(s, 'm', planVs('o', [j('oneHitKill')])).state;
    s = passWindow(submit(s, 'o', planVs('m', [j('np', { np: 'np' })])).state);
    expect(hitsOf(s).map((h) => [h.attacker, h.target, h.hp, h.mp])).toEqual(expected);
  });

  test('GW-BATTLE-16 GW-SPEC-02 001 대마술: 3 slots, waits in the first two, resolves as 치명 in the last, damages MP', () => {
    let s = masterVs({ grade: 11, specializations: ['magic'] }, {}, 'servant');
    s = submit(s, 'm', planVs('o', [j('arcane'), j('arcane'), j('arcane')])).state;
    s = passWindow(submit(s, 'o', planVs('m', [j('smash'), j('wait'), j('smash')])).state);
    // Slot 1: the caster counts as 대기 and takes the 강타; slot 3: 치명 beats 강타, (마력 C 3 + 1) × 2 = 8 to MP.
    expect(hitsOf(s).map((h) => [h.slot, h.attacker, h.hp, h.mp])).toEqual([[1, 'o', 3, 0], [3, 'm', 0, 8]]);
    expect(sheetOf(s, 'm').merit).toBe(5);
    expect(refused(s, seat('s1'), { type: 'battle.submit', plan: planVs('o', [j('arcane'), j('arcane'), j('arcane')]) })).toBe('ONCE_PER_BATTLE GW-SPEC-02');
  });

  test('GW-BATTLE-16 000 비전 마술 hits every enemy with 마술 damage, less 대마력', () => {
    let s = room(
      { m: { seat: 's1', sheet: master({ grade: 11, specializations: ['magic'] }) }, o: { seat: 's2', sheet: servant({ magicResistance: 3 }) }, p: { seat: 's3', sheet: servant() } },
      { specialJudgmentRule: '000', magicDamageRouting: 'allMp' },
    );
    s = start(s, [{ character: 'm', side: 'A', row: 'front' }, { character: 'o', side: 'B' }, { character: 'p', side: 'B' }], { knowledge: [known('m', 'o'), known('m', 'p')] });
    s = prepareAll(s);
    const wait = { o: j('wait'), p: j('wait') };
    const arc = { o: j('arcane'), p: j('arcane') };
    s = submit(s, 'm', { slots: [arc, arc, arc, wait, wait].map((vs) => ({ type: 'play' as const, vs })), activatePlus: [] }).state;
    for (const id of ['o', 'p']) s = submit(s, id, planVs('m', [])).state;
    s = passWindow(s);
    expect(hitsOf(s).map((h) => [h.target, h.mp, h.via])).toEqual([['o', 5, 'arcane'], ['p', 8, 'arcane']]);
  });

  test('GW-BATTLE-10 비전 마술 must take three consecutive slots', () => {
    const s = masterVs({ grade: 11, specializations: ['magic'] }, {}, 'servant');
    expect(refused(s, seat('s1'), { type: 'battle.submit', plan: planVs('o', [j('arcane'), j('wait'), j('arcane'), j('arcane')]) })).toBe('ARCANE_THREE_SLOTS GW-BATTLE-10');
  });

  test('TV-ITEM-01 GW-ITEM-D1 STR B with a Giant`s Belt: 5 강타 cards of damage 6', () => {
    let s = room({ a: { seat: 's1', sheet: servant({ stats: { str: 'B', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' }, items: ['giantsBelt'] }) }, b: { seat: 's2', sheet: servant() } });
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [known('a', 'b'), known('b', 'a')] }));
    expect(s.battle!.participants[0]!.pool.smash).toBe(5);
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = submit(s, 'b', planVs('a', [])).state;
    expect(hitsOf(s).map((h) => h.hp)).toEqual([6]);
  });

  test('GW-MERIT-06 one-shot + costs 2 merit, doubles the base, and is refused for 치명 and for a stat with its own +', () => {
    let s = room({ a: { seat: 's1', sheet: servant({ stats: { str: 'C', end: 'C+', agi: 'C', mag: 'C', luk: 'C', np: 'C' } }) }, b: { seat: 's2', sheet: servant() } });
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [known('a', 'b'), known('b', 'a')] }));
    expect(refused(s, seat('s1'), { type: 'battle.submit', plan: planVs('b', [j('critical', { plus: true })]) })).toBe('PLUS_NOT_ALLOWED GW-MERIT-06');
    expect(refused(s, seat('s1'), { type: 'battle.submit', plan: planVs('b', [j('counter', { plus: true })]) })).toBe('STAT_HAS_PLUS GW-MERIT-06');
    s = submit(s, 'a', planVs('b', [j('smash', { plus: true })])).state;
    s = submit(s, 'b', planVs('a', [])).state;
    expect(hitsOf(s).map((h) => h.hp)).toEqual([6]);
    expect(sheetOf(s, 'a').merit).toBe(8);
  });
});
