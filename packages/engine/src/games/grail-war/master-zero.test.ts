import { describe, expect, test } from 'vitest';
import type { GrailWarOptions } from './options.ts';
import type { MasterSheet } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { hpOf, mpOf, pair } from './test-pair.ts';
import { GM, refused, run, seat } from './test-support.ts';
import { viewEvent } from '../../kernel/events.ts';
import { view } from './view.ts';

/** Servant a with its master ma in the back row against b; side A withdraws at once, ending the battle. */
function afterBattle(ma: Partial<MasterSheet>, options: Partial<GrailWarOptions> = {}, hpHit = 0): GrailWarState {
  let s = pair({ ma, maIn: 'back', options });
  if (hpHit) s = run(s, GM, { type: 'battle.override', character: 'ma', hp: hpHit, mp: 0, reason: 'stray blow' }).state;
  if (s.battle!.phase !== 'ended') s = run(s, seat('s1'), { type: 'battle.withdraw' }).state;
  return s;
}

/** A master already flagged after a battle, with these meters. */
function flagged(hp: number, mp: number): GrailWarState {
  let s = afterBattle({ mp: { current: 0, max: 30 } });
  s = run(s, GM, { type: 'battle.close' }).state;
  const sheet = structuredClone(s.characters.ma!.sheet) as MasterSheet;
  sheet.hp.current = hp;
  sheet.mp.current = mp;
  // The meters the case starts from, set by the GM.
  return run(s, GM, { type: 'character.update', id: 'ma', sheet }).state;
}

describe('GW-MASTER-01 masters at HP or MP ≤ 0 after a battle', () => {
  test.each([
    ['GW-MASTER-01 a master ending the battle at MP 0 is flagged', { mp: { current: 0, max: 30 } }, {}, 0, true],
    ['GW-MASTER-01 a master ending the battle at HP −3 is flagged', {}, {}, -33, true],
    ['GW-MASTER-01 a master with HP and MP above 0 is not flagged', { mp: { current: 1, max: 30 } }, {}, 0, false],
    ['GW-MASTER-01 with masterZeroRule off nobody is flagged', { mp: { current: 0, max: 30 } }, { masterZeroRule: false }, 0, false],
  ] as const)('%s', (_name, ma, options, hpHit, expected) => {
    const s = afterBattle(ma, options, hpHit);
    expect(s.battle!.phase).toBe('ended');
    expect(s.characters.ma!.zero).toBe(expected);
  });

  test('GW-MASTER-01 (a) a flagged master cannot be put into another battle', () => {
    let s = afterBattle({ mp: { current: 0, max: 30 } });
    s = run(s, GM, { type: 'battle.close' }).state;
    const code = refused(s, GM, { type: 'battle.start', scene: 'night', participants: [{ character: 'ma', side: 'A' }, { character: 'b', side: 'B' }], regions: {}, knowledge: [], ambushSide: null });
    expect(code).toBe('MASTER_MUST_REST GW-MASTER-01');
  });

  test.each([
    ['TV-MASTER-01 GW-MASTER-01 HP −3, MP 20: convert 8 MP → HP 1, MP 12; alive', -3, 20, 'mpToHp', 8, [1, 12], false],
    ['TV-MASTER-02 GW-MASTER-01 HP −3, MP 6: convert 6 MP → HP 0; dies', -3, 6, 'mpToHp', 6, [0, 0], true],
    ['GW-MASTER-01 (c) MP −1, HP 10: convert 4 HP → MP 1; alive', 10, -1, 'hpToMp', 4, [6, 1], false],
  ] as const)('%s', (_name, hp, mp, direction, amount, after, dead) => {
    let s = flagged(hp, mp);
    s = run(s, seat('s3'), { type: 'master.convert', direction, amount }).state;
    expect([hpOf(s, 'ma'), mpOf(s, 'ma')]).toEqual(after);
    s = run(s, GM, { type: 'master.settle', character: 'ma' }).state;
    expect([s.characters.ma!.dead, s.characters.ma!.zero]).toEqual([dead, false]);
  });

  test.each([
    ['GW-MASTER-01 (c) no conversion into a pool above 0', 5, -2, 'mpToHp', 2, 'NOT_AT_ZERO GW-MASTER-01'],
    ['GW-MASTER-01 (c) conversion goes 2:1, so odd amounts are refused', -3, 20, 'mpToHp', 3, 'BAD_AMOUNT GW-MASTER-01'],
    ['GW-MASTER-01 (c) no paying more than the other pool holds', -3, 4, 'mpToHp', 6, 'NOT_ENOUGH GW-MASTER-01'],
  ] as const)('%s', (_name, hp, mp, direction, amount, code) => {
    expect(refused(flagged(hp, mp), seat('s3'), { type: 'master.convert', direction, amount })).toBe(code);
  });

  test('GW-MASTER-01 (c) only a flagged master may convert', () => {
    const s = afterBattle({ mp: { current: 5, max: 30 } });
    expect(refused(s, seat('s3'), { type: 'master.convert', direction: 'hpToMp', amount: 2 })).toBe('NOT_AT_ZERO GW-MASTER-01');
  });

  test('GW-MASTER-01 (d) a dead master cannot be put into a battle; the flag and death reach only the pair and the GM', () => {
    let s = flagged(-3, 6);
    s = run(s, seat('s3'), { type: 'master.convert', direction: 'mpToHp', amount: 6 }).state;
    const settled = run(s, GM, { type: 'master.settle', character: 'ma' });
    s = settled.state;
    const code = refused(s, GM, { type: 'battle.start', scene: 'night', participants: [{ character: 'ma', side: 'A' }, { character: 'b', side: 'B' }], regions: {}, knowledge: [], ambushSide: null });
    expect(code).toBe('NOT_STANDING GW-BATTLE-20');
    const seen = (v: Parameters<typeof viewEvent>[1]) => settled.events.map((e) => viewEvent(e, v)).filter((e) => e !== null);
    expect(seen(seat('s3'))).toEqual([{ type: 'master.settled', character: 'ma', dead: true }]);
    expect(seen(seat('s1'))).toHaveLength(1);
    expect(seen(seat('s2'))).toEqual([]);
    expect(view(s, seat('s2')).characters.find((c) => c.id === 'ma')!.status).toBeNull();
    expect(view(s, seat('s1')).characters.find((c) => c.id === 'ma')!.status).toMatchObject({ dead: true });
  });

  test.each([
    ['GW-MASTER-01 (b) a flagged master resting at a base recovers twice the amount: HP −3 + 2×5 = 7, MP 2 + 2×4 = 10', true, [7, 10]],
    ['GW-MASTER-01 (a) a flagged master may rest anywhere, at the plain amount: HP 2, MP 6', false, [2, 6]],
  ] as const)('%s', (_name, atBase, after) => {
    let s = flagged(-3, 2);
    s = run(s, GM, { type: 'master.rest', character: 'ma', hp: 5, mp: 4, atBase }).state;
    expect([hpOf(s, 'ma'), mpOf(s, 'ma')]).toEqual(after);
    s = run(s, GM, { type: 'master.settle', character: 'ma' }).state;
    expect(s.characters.ma!.dead).toBe(false);
  });

  test('GW-MASTER-01 rest stops at the maximum', () => {
    const s = run(flagged(25, -1), GM, { type: 'master.rest', character: 'ma', hp: 20, mp: 0, atBase: true }).state;
    expect([hpOf(s, 'ma'), mpOf(s, 'ma')]).toEqual([30, -1]);
  });

  test.each([
    ['GW-MASTER-01 only a flagged master rests this way', () => afterBattle({ mp: { current: 5, max: 30 } }), 5, 'NOT_AT_ZERO GW-MASTER-01'],
    ['GW-MASTER-01 a rest of nothing is refused', () => flagged(-3, 2), 0, 'BAD_AMOUNT GW-MASTER-01'],
  ] as const)('%s', (_name, given, amount, code) => {
    expect(refused(given(), GM, { type: 'master.rest', character: 'ma', hp: amount, mp: amount, atBase: true })).toBe(code);
  });
});
