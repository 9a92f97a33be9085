import { describe, expect, test } from 'vitest';
import type { ItemId } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { knows } from './test-pair.ts';
import { hitsOf, judgment as j, master, passWindow, planVs, prepareAll, room, servant, start, submit } from './test-support.ts';

/** Mystic Codes in battle (000 §4): each row quotes the item's text and checks its card count and damage. */

const STATS = { str: 'C', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' };

/** Servant a (all stats C: 3 of each card) wearing `items`, against a waiting servant b; a plays `card` in slot 1. */
function servantHit(items: ItemId[], card: 'smash' | 'counter' | 'rush' | 'critical'): { count: number; damage: number[] } {
  let s = room({ a: { seat: 's1', sheet: servant({ stats: STATS, items }) }, b: { seat: 's2', sheet: servant() } });
  s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [knows('a', 'b'), knows('b', 'a')] }));
  const count = s.battle!.participants[0]!.pool[card] ?? 0;
  s = submit(s, 'a', planVs('b', [j(card)])).state;
  s = passWindow(submit(s, 'b', planVs('a', [])).state);
  return { count, damage: hitsOf(s).map((h) => h.hp) };
}

describe('GW-ITEM servant Mystic Codes: count +1 and, where the text says so, damage +2', () => {
  test.each([
    // ② 뇌격의 방패 "착용 시 서번트의 반격 판정 피해점 2점 추가, 반격 판정의 횟수 1회 증가"
    ['GW-ITEM-D2 Thunderbolt Shield: 반격 END C → 4 cards, 3 + 2 = 5', ['thunderboltShield'], 'counter', { count: 4, damage: [5] }],
    ['GW-ITEM-D2 … and nothing for the other kinds (강타 stays 3 cards of 3)', ['thunderboltShield'], 'smash', { count: 3, damage: [3] }],
    // ③ 요정의 신발 "착용 시 서번트의 맹공 판정 피해점 2점 추가, 맹공 판정의 횟수 1회 증가"
    ['GW-ITEM-D3 Fairy Shoes: 맹공 AGI C → 4 cards, 3 + 2 = 5', ['fairyShoes'], 'rush', { count: 4, damage: [5] }],
    // ① 토끼발 목걸이 "착용 시 서번트의 <치명> 판정 횟수 1회 증가" (a count, no damage)
    ['GW-ITEM-A1 Rabbit\'s-Foot Necklace: 치명 LUK C → 4 cards, damage still 3', ['rabbitsFoot'], 'critical', { count: 4, damage: [3] }],
  ] as const)('%s', (_name, items, card, expected) => {
    expect(servantHit([...items], card)).toEqual(expected);
  });
});

describe('GW-ITEM-C1 Nekote, "착용 시 마스터의 전투력 1등급 증가"', () => {
  /** Master m (전투력 C) in the front row, with or without Nekote, plays 일반 (강타 aspect) at a waiting master o. */
  function masterHit(items: ItemId[]): { count: number; damage: number[] } {
    let s: GrailWarState = room({ m: { seat: 's1', sheet: master({ items }) }, o: { seat: 's2', sheet: master({ name: 'Other' }) } });
    s = prepareAll(start(s, [{ character: 'm', side: 'A', row: 'front' }, { character: 'o', side: 'B', row: 'front' }]));
    const count = s.battle!.participants[0]!.pool.normal ?? 0;
    s = submit(s, 'm', planVs('o', [j('normal', { aspect: 'smash' })])).state;
    s = passWindow(submit(s, 'o', planVs('m', [])).state);
    return { count, damage: hitsOf(s).filter((h) => h.attacker === 'm').map((h) => h.hp) };
  }
  test.each([
    ['GW-ITEM-C1 without it: 전투력 C gives 3 일반 cards of 3', [], { count: 3, damage: [3] }],
    ['GW-ITEM-C1 with it: one grade up, 4 cards of 4', ['nekote'], { count: 4, damage: [4] }],
  ] as const)('%s', (_name, items, expected) => {
    expect(masterHit([...items])).toEqual(expected);
  });
});
