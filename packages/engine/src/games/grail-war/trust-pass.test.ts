import { describe, expect, test } from 'vitest';
import type { Judgment } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import type { NoblePhantasm } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { hpOf, mpOf, pair } from './test-pair.ts';
import { hitsOf, judgment as j, passWindow, planVs, refused, seat, submit } from './test-support.ts';
import { passedDamage } from './trust-pass.ts';

const gae = (hpDamage: number, mpDamage = 0): NoblePhantasm => ({ id: 'gae', name: 'Gae', npType: 'antiPersonnel', mode: 'alwaysActive', hpDamage, mpDamage, mpCost: 0, cards: 1 });

/** Servant a (s1) at trust `trust` under the trust trial, its master ma (s3) outside the battle, against b (s2). */
function given(trust: number, options: Partial<GrailWarOptions> = {}, np = gae(9), maHp = 30): GrailWarState {
  const s = pair({ options: { trustRule: true, ...options }, b: { noblePhantasms: [np] }, ma: { hp: { current: maHp, max: 30 } } });
  s.characters.a!.trust = trust;
  return s;
}

/** b releases its NP in slot 1 while a waits, marking (or not) the slot for its master. */
function slotOne(s: GrailWarState, toMaster: boolean): GrailWarState {
  const aJudgment: Judgment = toMaster ? j('wait', { toMaster: true }) : j('wait');
  const s1 = submit(s, 'a', planVs('b', [aJudgment])).state;
  return passWindow(submit(s1, 'b', planVs('a', [j('np', { np: 'gae' })])).state);
}

describe('GW-TRUST-05 a servant at trust −10 passes a card\'s damage to its master', () => {
  test.each<[string, number, GrailWarOptions['trustHalfRounding'], number]>([
    ['TV-TRUST-03 a card of 10: the master takes 5', 10, 'floor', 5],
    ['TV-TRUST-03 a card of 4: the master takes at least 3', 4, 'floor', 3],
    ['TV-TRUST-03 a card of 7: max(3, 3) = 3 rounding down (default)', 7, 'floor', 3],
    ['GW-TRUST-05 trustHalfRounding ceil: a card of 7 gives 4', 7, 'ceil', 4],
    ['GW-TRUST-05 trustHalfRounding ceil: a card of 9 gives 5', 9, 'ceil', 5],
  ])('%s', (_name, original, rounding, master) => {
    expect(passedDamage(original, rounding)).toBe(master);
  });

  test.each<[string, Partial<GrailWarOptions>, NoblePhantasm, boolean, { a: number; ma: number }]>([
    ['GW-TRUST-05 an NP of 9 on a marked slot: a takes 0, its master ⌊9/2⌋ = 4', {}, gae(9), true, { a: 60, ma: 26 }],
    ['GW-TRUST-05 trustHalfRounding ceil: its master takes 5', { trustHalfRounding: 'ceil' }, gae(9), true, { a: 60, ma: 25 }],
    ['GW-TRUST-05 HP and MP damage pass together, to the master\'s HP: 9 + 4 → 6', {}, gae(9, 4), true, { a: 60, ma: 24 }],
    ['GW-TRUST-05 an unmarked slot: a takes it all', {}, gae(9), false, { a: 51, ma: 30 }],
  ])('%s', (_name, options, np, toMaster, expected) => {
    const s = slotOne(given(-10, options, np), toMaster);
    expect({ a: hpOf(s, 'a'), ma: hpOf(s, 'ma') }).toEqual(expected);
    expect(mpOf(s, 'a')).toBe(40);
  });

  test('GW-TRUST-05 the log shows the card passed on and the master\'s share as its own hit', () => {
    const hits = hitsOf(slotOne(given(-10), true)).map((h) => ({ target: h.target, hp: h.hp, via: h.via, last: h.steps.at(-1)!.step }));
    expect(hits).toEqual([
      { target: 'a', hp: 0, via: 'pairing', last: 'passed' },
      { target: 'ma', hp: 4, via: 'trust', last: 'base' },
    ]);
  });

  test('GW-TRUST-05 GW-MASTER-01 a master outside the battle driven to HP ≤ 0 this way is flagged when it ends', () => {
    const s = slotOne(given(-10, { battleBatches: 1 }, gae(9), 2), true);
    expect([s.battle!.phase, hpOf(s, 'ma'), s.characters.ma!.zero]).toEqual(['ended', -2, true]);
  });

  test.each<[string, () => GrailWarState, string, string, string]>([
    ['GW-TRUST-05 only under the trust trial', () => given(-10, { trustRule: false }), 'a', 'b', 'RULE_OFF GW-TRUST-05'],
    ['GW-TRUST-05 only at trust −10', () => given(-9), 'a', 'b', 'TRUST_NOT_MIN GW-TRUST-05'],
    ['GW-TRUST-05 only a servant passes damage to its master', () => pair({ maIn: 'front', options: { trustRule: true } }), 'ma', 'b', 'NOT_A_SERVANT GW-TRUST-05'],
  ])('%s', (_name, state, who, opponent, code) => {
    const s = state();
    expect(refused(s, seat(s.characters[who]!.seat), { type: 'battle.submit', plan: planVs(opponent, [j('wait', { toMaster: true })]) })).toBe(code);
  });
});
