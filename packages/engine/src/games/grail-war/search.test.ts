import { describe, expect, test } from 'vitest';
import type { RegionGraph } from './search.ts';
import { EX_DEFAULT } from './grades.ts';
import { canMeet, isFound, searchRange, territoryFoundBySearch } from './search.ts';

/**
 * A city around 대교 (bridge): two regions 1 칸 away, two at 2, three at 3, two at 4, two at 5.
 * Eleven regions besides the bridge, so "every region except 2" means nine are reached.
 */
const city: RegionGraph = {
  bridge: ['d1', 'e1'],
  d1: ['bridge', 'd2'],
  e1: ['bridge', 'e2'],
  d2: ['d1', 'd3', 'f3'],
  e2: ['e1', 'e3'],
  d3: ['d2', 'd4'],
  f3: ['d2'],
  e3: ['e2', 'e4'],
  d4: ['d3', 'd5'],
  e4: ['e3', 'e5'],
  d5: ['d4'],
  e5: ['e4'],
};
const all = Object.keys(city);

describe('GW-CLASS-05 Clairvoyance search range', () => {
  test('GW-CLASS-05 Clairvoyance A from 대교 reaches every region except 2', () => {
    const r = searchRange(city, 'bridge', 'A', true, EX_DEFAULT);
    expect(r.choose).toBeNull();
    expect(all.filter((x) => !r.sure.includes(x)).sort()).toEqual(['d5', 'e5']);
  });

  test.each([
    ['GW-CLASS-05 without Clairvoyance: 2 칸', null, true, ['bridge', 'd1', 'e1', 'd2', 'e2'], null],
    ['GW-CLASS-05 with the rule off Clairvoyance adds nothing', 'A', false, ['bridge', 'd1', 'e1', 'd2', 'e2'], null],
    ['GW-CLASS-05 grade C (3) takes the whole 3-칸 ring', 'C+', true, ['bridge', 'd1', 'e1', 'd2', 'e2', 'd3', 'f3', 'e3'], null],
    ['GW-CLASS-05 grade D (2) cannot take the 3-칸 ring whole: the GM breaks the tie', 'D', true, ['bridge', 'd1', 'e1', 'd2', 'e2'], { from: ['d3', 'f3', 'e3'], count: 2 }],
    ['GW-CLASS-05 grade B (4): the ring of 3, then 1 of the 2 at 4 칸', 'B', true, ['bridge', 'd1', 'e1', 'd2', 'e2', 'd3', 'f3', 'e3'], { from: ['d4', 'e4'], count: 1 }],
    ['GW-CLASS-05 §0.1 grade EX (6 by default): the rings at 3 and 4 칸, then 1 of the 2 at 5', 'EX', true, ['bridge', 'd1', 'e1', 'd2', 'e2', 'd3', 'f3', 'e3', 'd4', 'e4'], { from: ['d5', 'e5'], count: 1 }],
  ])('%s', (_name, grade, ruleOn, sure, choose) => {
    const r = searchRange(city, 'bridge', grade, ruleOn, EX_DEFAULT);
    expect(r.sure.sort()).toEqual([...sure].sort());
    expect(r.choose ? { from: [...r.choose.from].sort(), count: r.choose.count } : null).toEqual(choose ? { from: [...choose.from].sort(), count: choose.count } : null);
  });

  test.each([
    ['GW-CLASS-05 tracking after a Clairvoyance search always succeeds, even against a fleeing target 4 칸 away', { distance: 4, flees: true, clairvoyance: true, ruleOn: true }, true],
    ['GW-CLASS-05 base rule: a servant 2 칸 away that flees cannot be met', { distance: 2, flees: true, clairvoyance: false, ruleOn: true }, false],
    ['GW-CLASS-05 base rule: a servant 1 칸 away cannot flee the meeting', { distance: 1, flees: true, clairvoyance: false, ruleOn: true }, true],
    ['GW-CLASS-05 base rule: a servant 3 칸 away that stays is met', { distance: 3, flees: false, clairvoyance: false, ruleOn: true }, true],
    ['GW-CLASS-05 rule off: Clairvoyance gives no sure tracking', { distance: 2, flees: true, clairvoyance: true, ruleOn: false }, false],
  ])('%s', (_name, x, expected) => {
    expect(canMeet(x)).toBe(expected);
  });
});

describe('GW-CLASS-06 a Caster in its territory', () => {
  const inside = { className: 'caster', inTerritory: true };
  test.each([
    ['GW-CLASS-06 not found by 탐색', 'search', inside, 0, true, false],
    ['GW-CLASS-06 found by 정찰 in its region when no other servant is there', 'recon', inside, 0, true, true],
    ['GW-CLASS-06 not found even by 정찰 when another servant is in the region', 'recon', inside, 1, true, false],
    ['GW-CLASS-06 a Caster outside its territory is found by 탐색', 'search', { className: 'caster', inTerritory: false }, 0, true, true],
    ['GW-CLASS-06 only Casters hide so', 'search', { className: 'saber', inTerritory: true }, 0, true, true],
    ['GW-CLASS-06 with casterTerritoryHidden off, 탐색 finds it', 'search', inside, 0, false, true],
  ] as const)('%s', (_name, method, target, others, ruleOn, found) => {
    expect(isFound(method, target, others, ruleOn)).toBe(found);
  });

  test.each([
    ['GW-CLASS-06 the territory itself cannot be found by 탐색', true, false],
    ['GW-CLASS-06 with the rule off it can', false, true],
  ])('%s', (_name, ruleOn, found) => {
    expect(territoryFoundBySearch(ruleOn)).toBe(found);
  });
});
