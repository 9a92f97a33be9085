import { describe, expect, test } from 'vitest';
import type { GrailWarState } from './state.ts';
import { knows } from './test-pair.ts';
import { hitsOf, judgment as j, master, passWindow, planVs, prepareAll, refused, room, seat, servant, start, submit } from './test-support.ts';

/** What a battle reads when nobody has told it anything yet (000 §1), and the size of its batches. */

/** Servant a against servant b; `knowledge` is the ledger handed to the battle. a plays 강타 (C: 3) in slot 1. */
function smash(knowledge: ReturnType<typeof knows>[]): number[] {
  let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant({ alias: 'Lancer' }) } });
  s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge }));
  s = submit(s, 'a', planVs('b', [j('smash')])).state;
  return hitsOf(passWindow(submit(s, 'b', planVs('a', [])).state)).map((h) => h.hp);
}

describe('GW-FLOW-01 GW-INFO-04 a ledger nobody has set is "[공통 : -3점]… 상대의 \'클래스\'조차 모르고 있는 상태"', () => {
  test.each([
    ['GW-FLOW-01 no entry either way: T = −3 on both sides (d = 0), class unknown: 3 − 1 = 2', [], [2]],
    ['GW-INFO-04 a knows b at T 0 with its class, b has no entry (−3): d = 3 → +1, so 3 + 1 = 4', [knows('a', 'b')], [4]],
  ] as const)('%s', (_name, knowledge, expected) => {
    expect(smash([...knowledge])).toEqual(expected);
  });
});

describe('GW-INFO-01 "정보점은 서번트의 정보점만 취급합니다"', () => {
  test('GW-INFO-01 ten judgments against a servant and a master: battle info about the servant only', () => {
    let s: GrailWarState = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant({ alias: 'Lancer' }) }, mb: { seat: 's3', partner: 'b', sheet: master() } });
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }, { character: 'mb', side: 'B', row: 'front' }]));
    for (let batch = 1; batch <= 2; batch++) {
      s = submit(s, 'a', { slots: Array.from({ length: 5 }, () => ({ type: 'play' as const, vs: { b: j('wait'), mb: j('wait') } })), activatePlus: [] }).state;
      s = submit(s, 'b', planVs('a', [])).state;
      s = passWindow(submit(s, 'mb', planVs('a', [])).state);
    }
    expect(s.battle!.slotsPlayed).toBe(10);
    expect(s.battle!.rewards!.find((r) => r.character === 'a')!.info.map((i) => i.target)).toEqual(['b']);
  });
});

describe('GW-CORE-07 judgments come in batches of five ("전반부 5판정")', () => {
  test('GW-CORE-07 a plan of four slots is refused', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant({ alias: 'Lancer' }) } });
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }]));
    const four = { slots: planVs('b', []).slots.slice(0, 4), activatePlus: [] };
    expect(refused(s, seat('s1'), { type: 'battle.submit', plan: four })).toBe('BAD_SLOT_COUNT GW-BATTLE-09');
  });
});
