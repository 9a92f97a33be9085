import { describe, expect, test } from 'vitest';
import type { GrailWarCommand } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import type { GrailWarState } from './state.ts';
import { pair } from './test-pair.ts';
import { GM, judgment as j, master, planVs, refused, room, run, seat, servant, submit } from './test-support.ts';
import { viewEvent } from '../../kernel/events.ts';

const seals = (s: GrailWarState) => (s.characters.ma!.sheet.kind === 'master' ? s.characters.ma!.sheet.sealsLeft : null);
/** Servant a (s1) and its master ma (s3), outside any battle. */
const calm = (options: Partial<GrailWarOptions> = {}) =>
  room({ a: { seat: 's1', sheet: servant() }, ma: { seat: 's3', partner: 'a', sheet: master() }, b: { seat: 's2', sheet: servant() } }, options);

describe('GW-SEAL-01 Forced Summon', () => {
  test('GW-SEAL-01 in battle: the servant leaves for its master\'s region; the seal is spent; battle members are told', () => {
    const s0 = pair({ regions: { a: 'r1', ma: 'r2', b: 'r1' } });
    const out = run(s0, seat('s3'), { type: 'seal.summon' });
    const s = out.state;
    expect(s.battle!.participants.find((p) => p.id === 'a')!.status).toBe('retreated');
    expect(s.battle!.regions.a).toBe('r2');
    expect(seals(s)).toBe(2);
    // Side A has nobody left standing, so the battle ends (BATTLE-20).
    expect([s.battle!.phase, s.battle!.winner]).toEqual(['ended', 'B']);
    const toB = out.events.map((e) => viewEvent(e, seat('s2'))).find((e) => e?.type === 'seal.summoned');
    expect(toB).toEqual({ type: 'seal.summoned', character: 'ma', servant: 'a', to: 'r2', left: true });
  });

  test('GW-SEAL-01 outside battle: the seal is spent, and only the pair and the GM learn of it', () => {
    const out = run(calm(), seat('s3'), { type: 'seal.summon' });
    expect(seals(out.state)).toBe(2);
    expect(out.events.map((e) => viewEvent(e, seat('s2')))).toEqual([null]);
    expect(out.events.map((e) => viewEvent(e, seat('s1')))).toEqual([{ type: 'seal.summoned', character: 'ma', servant: 'a', to: null, left: false }]);
  });

  test.each<[string, () => GrailWarState, string]>([
    ['GW-SEAL-01 nothing to summon when the master is in the same region', () => pair({ regions: { a: 'r1', ma: 'r1', b: 'r1' } }), 'ALREADY_TOGETHER GW-SEAL-01'],
    ['GW-SEAL-01 nothing to summon when the master fights beside it', () => pair({ maIn: 'back', regions: { a: 'r1', ma: 'r2', b: 'r1' } }), 'ALREADY_TOGETHER GW-SEAL-01'],
    [
      'GW-SEAL-01 not while a batch is being sealed',
      () => submit(pair({ regions: { a: 'r1', ma: 'r2', b: 'r1' } }), 'b', planVs('a', [j('smash')])).state,
      'BATCH_UNDER_WAY GW-SEAL-01',
    ],
    ['GW-SEAL-01 GW-SEAL-00 no seals left', () => pair({ ma: { sealsLeft: 0 }, regions: { a: 'r1', ma: 'r2', b: 'r1' } }), 'NO_SEALS_LEFT GW-SEAL-00'],
  ])('%s', (_name, given, code) => {
    expect(refused(given(), seat('s3'), { type: 'seal.summon' })).toBe(code);
  });
});

describe('GW-SEAL-09 Binding Order', () => {
  const bind: GrailWarCommand = { type: 'seal.bind', order: 'never harm the innocent', extreme: 'min' };

  test.each([
    ['GW-SEAL-09 001 with the trust trial: trust −10, locked 3 days', { trustRule: true }, 'min', -10, 3],
    ['GW-SEAL-09 001 with the trust trial: trust +10, locked 3 days', { trustRule: true }, 'max', 10, 3],
    ['GW-SEAL-09 trust trial off: the 000 effect; trust is untouched', {}, 'min', 0, 0],
    ['GW-SEAL-09 000 seal rules ignore trust even with the trial on', { trustRule: true, sealRules: '000' }, 'max', 0, 0],
  ] as const)('%s', (_name, options, extreme, trust, lock) => {
    const s = run(calm(options), seat('s3'), { ...bind, extreme }).state;
    const a = s.characters.a!;
    expect([a.binding, a.trust, a.trustLockDays, seals(s)]).toEqual([{ order: 'never harm the innocent', extreme }, trust, lock, 2]);
  });

  test.each<[string, () => GrailWarState, GrailWarCommand, string, string]>([
    ['GW-SEAL-09 outside battle only', () => pair(), bind, 's3', 'BATTLE_IN_PROGRESS GW-SEAL-09'],
    ['GW-SEAL-09 a master binds its own servant; a servant cannot', () => calm(), bind, 's1', 'NOT_A_MASTER GW-SEAL-09'],
    ['GW-SEAL-09 the order needs words', () => calm(), { ...bind, order: '   ' } as GrailWarCommand, 's3', 'BAD_ORDER GW-SEAL-09'],
  ])('%s', (_name, given, command, by, code) => {
    expect(refused(given(), seat(by), command)).toBe(code);
  });

  test('GW-SEAL-09 only the pair and the GM learn the order', () => {
    const out = run(calm(), seat('s3'), bind);
    expect(out.events.map((e) => viewEvent(e, seat('s2')))).toEqual([null]);
    expect(JSON.stringify(out.events.map((e) => viewEvent(e, seat('s1'))))).toContain('never harm the innocent');
    expect(JSON.stringify(out.events.map((e) => viewEvent(e, GM)))).toContain('never harm the innocent');
  });
});

describe('GW-SEAL-11 a servant at trust −10 resists one seal, once', () => {
  const bindMin = (options: Partial<GrailWarOptions> = { trustRule: true }) =>
    run(calm(options), seat('s3'), { type: 'seal.bind', order: 'stay in the tower', extreme: 'min' }).state;

  test('GW-SEAL-11 at trust −10 the servant lifts the Binding Order; the seal stays spent', () => {
    const s = run(bindMin(), seat('s1'), { type: 'seal.resist' }).state;
    expect([s.characters.a!.binding, s.characters.a!.sealResisted, seals(s)]).toEqual([null, true, 2]);
  });

  test.each<[string, () => GrailWarState, string]>([
    ['GW-SEAL-11 only once', () => run(run(bindMin(), seat('s1'), { type: 'seal.resist' }).state, seat('s3'), { type: 'seal.bind', order: 'again', extreme: 'min' }).state, 'ONCE_ONLY GW-SEAL-11'],
    ['GW-SEAL-11 not at trust +10', () => run(calm({ trustRule: true }), seat('s3'), { type: 'seal.bind', order: 'guard me', extreme: 'max' }).state, 'TRUST_NOT_MIN GW-SEAL-11'],
    ['GW-SEAL-11 a trial rule: off without trustRule', () => bindMin({}), 'RULE_OFF GW-SEAL-11'],
  ])('%s', (_name, given, code) => {
    expect(refused(given(), seat('s1'), { type: 'seal.resist' })).toBe(code);
  });
});
