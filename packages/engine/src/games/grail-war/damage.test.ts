import { describe, expect, test } from 'vitest';
import type { DamageInput } from './damage.ts';
import { classPenalty, computeDamage, infoBonus, playerSteps } from './damage.ts';
import { defaultGrailWarOptions } from './options.ts';

const o = defaultGrailWarOptions('001');
const input = (over: Partial<DamageInput>): DamageInput => ({
  form: 'normal',
  base: { source: 'STR', amount: 3 },
  plus: false,
  assassinVsFrontMaster: false,
  flats: [],
  doubleAfterFlats: false,
  penalties: [],
  defender: [],
  info: 0,
  floor: 0,
  npMp: 0,
  npHalf: false,
  npHpReduce: 0,
  npMpReduce: 0,
  nullified: false,
  ...over,
});
const flat = (source: string, amount: number) => ({ source, amount });

describe('damage formula', () => {
  test.each([
    ['TV-BATTLE-02 GW-DMG-01 강타 STR C vs 대기 → 3', input({}), 3, 0],
    ['TV-MERIT-01 GW-MERIT-02 C+ with 괴력 and + → (3×2)+2 = 8', input({ plus: true, flats: [flat('괴력', 2)] }), 8, 0],
    [
      'TV-BATTLE-07 GW-DMG-01 GW-DMG-02 C+ 괴력, belt, +, stance, class known, d=4 → 14',
      input({ plus: true, flats: [flat('괴력', 2), flat('giantsBelt', 2), flat('attackStance', 2)], info: infoBonus(4, false) }),
      14,
      0,
    ],
    [
      'TV-BATTLE-08 GW-INFO-12 same with class unknown → 13',
      input({
        plus: true,
        flats: [flat('괴력', 2), flat('giantsBelt', 2), flat('attackStance', 2)],
        penalties: [flat('classUnknown', classPenalty(false, false, o))],
        info: infoBonus(4, false),
      }),
      13,
      0,
    ],
    [
      'TV-BATTLE-09 GW-MASTER-02 master 전투력 C 일반 vs front-row servant → 3 − 2 = 1',
      input({ base: flat('combat', 3), penalties: [flat('masterVsServant', 2)] }),
      1,
      0,
    ],
    [
      'TV-BATTLE-09 GW-BATTLE-19 a defense of 1 brings it to 0',
      input({ base: flat('combat', 3), penalties: [flat('masterVsServant', 2)], defender: [flat('defense', -1)] }),
      0,
      0,
    ],
    ['TV-BATTLE-09 GW-SPEC-01 grade 11 with 전투력 특화 (C → 4) → 4 + 2 = 6', input({ base: flat('combat', 4), flats: [flat('combatSpecialization', 2)] }), 6, 0],
    [
      'TV-BATTLE-10 GW-MASTER-02 GW-ITEM-C3 STR D 강타 vs front-row master grade 2 with Protection Potion → 3',
      input({ base: flat('STR', 2), defender: [flat('masterHit', 2), flat('protectionPotion', -1)], floor: 1 }),
      3,
      0,
    ],
    ['TV-BATTLE-10 GW-MASTER-02 a 특수 hit of 1 vs 5 reduction → 1 (floor)', input({ form: 'special', base: flat('LUK', 1), defender: [flat('reduction', -5)], floor: 1 }), 1, 0],
    ['TV-BATTLE-10 the same master at grade 5 → 2 − 1 = 1', input({ base: flat('STR', 2), defender: [flat('protectionPotion', -1)], floor: 1 }), 1, 0],
    ['TV-BATTLE-11 GW-BATTLE-05 NP 9 HP / 6 MP, stance excluded, d = 6 → 12 HP, 6 MP', input({ form: 'np', base: flat('np', 9), npMp: 6, info: infoBonus(6, false) }), 12, 6],
    ['TV-BATTLE-06 GW-BATTLE-15 001: the NP lands with 20 − 15 = 5 HP and 6 MP', input({ form: 'np', base: flat('np', 20), npMp: 6, npHpReduce: 15 }), 5, 6],
    ['TV-MERIT-06 GW-MERIT-05 an upset NP of 9 deals 4 HP and 0 MP', input({ form: 'np', base: flat('np', 9), npMp: 6, npHalf: true }), 4, 0],
    ['TV-BATTLE-13 GW-SEAL-08 001 Absolute Defense: an 8-damage 강타 → 0', input({ base: flat('STR', 8), floor: 1, nullified: true }), 0, 0],
    ['TV-CLASS-01 GW-CLASS-03 Assassin STR D 강타 vs a front-row master → 5', input({ base: flat('STR', 2), assassinVsFrontMaster: true }), 5, 0],
    ['TV-CLASS-01 GW-CLASS-03 Assassin END C 반격 → 6', input({ base: flat('END', 3), assassinVsFrontMaster: true }), 6, 0],
    ['TV-CLASS-01 GW-MASTER-02 with the master below grade 5 → 7', input({ base: flat('STR', 2), assassinVsFrontMaster: true, defender: [flat('masterHit', 2)] }), 7, 0],
    ['GW-CLASS-04 old Guardian lineage doubles after the flat bonuses', input({ flats: [flat('괴력', 2)], doubleAfterFlats: true }), 10, 0],
  ])('%s', (_name, given, hp, mp) => {
    const r = computeDamage(given, o);
    expect(r.hp).toBe(hp);
    expect(r.mp).toBe(mp);
    expect(r.total).toBe(hp + mp);
  });

  test('TV-BATTLE-04 GW-BATTLE-05 마술 damage goes to MP, or half/half (HP ⌈d/2⌉, MP ⌊d/2⌋)', () => {
    const magic = input({ form: 'magic', base: flat('magecraft', 5) });
    expect(computeDamage(magic, o)).toMatchObject({ hp: 0, mp: 5 });
    expect(computeDamage(magic, { ...o, magicDamageRouting: 'halfHalf' })).toMatchObject({ hp: 3, mp: 2 });
  });

  test('GW-DMG-01 the info bonus is the last additive step, after defender modifiers', () => {
    const r = computeDamage(input({ defender: [flat('defense', -5)], info: 2 }), o);
    // 3 − 5 + 2 = 0; adding info before the reduction and flooring in between would give 2.
    expect(r.hp).toBe(0);
    expect(r.steps.map((s) => s.step)).toEqual(['base', 'defender', 'info']);
  });

  test('TV-INFO-01 TV-INFO-02 GW-INFO-15 info bonus = min(5, ⌊d/2⌋), doubled for a true-name-release NP', () => {
    expect([0, 1, 2, 3, 4, 9, 10, 11, 20].map((d) => infoBonus(d, false))).toEqual([0, 0, 1, 1, 2, 4, 5, 5, 5]);
    expect(infoBonus(4, true)).toBe(4);
    expect(infoBonus(11, true)).toBe(10);
    expect(infoBonus(-4, false)).toBe(0);
  });

  test('GW-INFO-14 a failed guess: −2 replacing −1, or −3 stacked', () => {
    expect(classPenalty(false, true, o)).toBe(2);
    expect(classPenalty(false, true, { ...o, classGuessFailPenalty: 'stack' })).toBe(3);
    expect(classPenalty(true, true, o)).toBe(0);
  });

  test('GW-HIDE-03 a player breakdown has no info term and no running totals', () => {
    const r = computeDamage(input({ info: 3, flats: [flat('괴력', 2)] }), o);
    const shown = playerSteps(r.steps);
    expect(shown.map((s) => s.step)).toEqual(['base', 'flat']);
    expect(JSON.stringify(shown)).not.toContain('running');
  });
});
