import { describe, expect, test } from 'vitest';
import type { Judgment, SlotPlan } from './commands.ts';
import type { GrailWarState } from './state.ts';
import { hpOf, pair, poolOf } from './test-pair.ts';
import { judgment as j, planVs, prepareAll, refused, room, seat, servant, start, submit, windowDecl } from './test-support.ts';

describe('GW-BATTLE-07 GW-SUP-01 a support is spent whether or not the judgment it backs wins', () => {
  const support: SlotPlan = { type: 'support', ally: 'a', opponent: 'b', mode: 'physical', card: 'normal', aspect: 'smash' };

  test.each<[string, Judgment, { a: number; b: number }]>([
    ['GW-SUP-02 a\'s 강타 beats b\'s 맹공: the support adds 2 and its 일반 card is spent', j('rush'), { a: 60, b: 60 - 5 }],
    ['GW-BATTLE-07 a\'s 강타 loses to b\'s 반격: no bonus lands, yet the 일반 card is spent and counts toward the limit', j('counter'), { a: 60 - 3, b: 60 }],
  ])('%s', (_name, bJudgment, hp) => {
    let s = pair({ maIn: 'back' });
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = submit(s, 'ma', planVs('', [support])).state;
    s = submit(s, 'b', planVs('a', [bJudgment])).state;
    s = windowDecl(s, 'ma', { actions: [] }).state;
    const ma = s.battle!.participants.find((p) => p.id === 'ma')!;
    expect({ a: hpOf(s, 'a'), b: hpOf(s, 'b') }).toEqual(hp);
    expect([poolOf(s, 'ma').normal, ma.used, s.battle!.history[0]!.supports[0]!.accepted]).toEqual([2, 1, true]);
  });
});

describe('GW-CLASS-01 a Berserker spends one card only for the same judgment to every opponent', () => {
  /** Berserker x with 마술 C (3 cards) against b and c in a melee. */
  function melee(): GrailWarState {
    const s = room({
      x: { seat: 's1', sheet: servant({ className: 'berserker', magecraft: 'C' }) },
      b: { seat: 's2', sheet: servant() },
      c: { seat: 's3', sheet: servant() },
    });
    return prepareAll(start(s, [{ character: 'x', side: 'X' }, { character: 'b', side: 'B' }, { character: 'c', side: 'C' }]));
  }
  const slot = (b: Judgment, c: Judgment) => ({ type: 'play' as const, vs: { b, c } });
  const waits = () => slot(j('wait'), j('wait'));
  /** Five slots of 대기 against everyone else in the melee. */
  const idle = (...others: string[]) => ({ slots: Array.from({ length: 5 }, () => ({ type: 'play' as const, vs: Object.fromEntries(others.map((o) => [o, j('wait')])) })), activatePlus: [] });

  test.each<[string, Judgment, Judgment, number]>([
    ['GW-CLASS-01 마술 as 강타 against both: one card', j('magecraft', { aspect: 'smash' }), j('magecraft', { aspect: 'smash' }), 2],
    ['GW-CLASS-01 마술 as 강타 and as 반격: two judgments, two cards', j('magecraft', { aspect: 'smash' }), j('magecraft', { aspect: 'counter' }), 1],
  ])('%s', (_name, vsB, vsC, left) => {
    let s = melee();
    s = submit(s, 'x', { slots: [slot(vsB, vsC), waits(), waits(), waits(), waits()], activatePlus: [] }).state;
    s = submit(s, 'b', idle('x', 'c')).state;
    s = submit(s, 'c', idle('x', 'b')).state;
    expect(poolOf(s, 'x').magecraft).toBe(left);
  });

  test('GW-CLASS-01 GW-BATTLE-07 the pool must cover two aspects as two cards', () => {
    const s = melee();
    const two = slot(j('magecraft', { aspect: 'smash' }), j('magecraft', { aspect: 'rush' }));
    expect(refused(s, seat('s1'), { type: 'battle.submit', plan: { slots: [two, two, waits(), waits(), waits()], activatePlus: [] } })).toBe('POOL_EMPTY GW-BATTLE-07');
  });
});
