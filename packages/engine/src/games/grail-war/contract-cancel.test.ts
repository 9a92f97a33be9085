import { describe, expect, test } from 'vitest';
import { cancelledUpkeep } from './contract.ts';
import type { GrailWarOptions } from './options.ts';
import { begun, declareAll, long, short } from './scene-test-support.ts';
import type { GrailWarState } from './state.ts';
import { privateSeats } from './state.ts';
import { GM, master, readAll, refused, room, run, seat, servant } from './test-support.ts';
import { view } from './view.ts';

/** a (s1) contracted to ma (s3); c (s5) a servant without a master. */
const pair = (options: Partial<GrailWarOptions> = {}, independentAction?: string) =>
  room(
    {
      a: { seat: 's1', sheet: servant({ namedSkills: independentAction ? { independentAction } : {}, mp: { current: 200, max: 200 } }) },
      ma: { seat: 's3', partner: 'a', sheet: master() },
      c: { seat: 's5', sheet: servant({ alias: 'Rider', className: 'rider' }) },
    },
    options,
  );
const cut = (s: GrailWarState) => run(s, GM, { type: 'contract.cancel', servant: 'a' }).state;

describe('GW-CONTRACT-02 the upkeep of a cancelled servant, per scene', () => {
  test.each<[string, GrailWarOptions['contractCancelRule'], string | undefined, number]>([
    ['TV-CONTRACT-01 (000) "50 − (Independent Action grade × 10)", no 단독 행동 (grade 0, INFERRED)', '000', undefined, 50],
    ['TV-CONTRACT-01 (000) grade E → 40', '000', 'E', 40],
    ['TV-CONTRACT-01 (000) grade C → 20', '000', 'C', 20],
    ['TV-CONTRACT-01 (000) grade A → 0', '000', 'A', 0],
    ['TV-CONTRACT-02 (001) "base upkeep + {100 − (grade × 20)}", none → 110', '001', undefined, 110],
    ['TV-CONTRACT-02 (001) grade E → 90', '001', 'E', 90],
    ['TV-CONTRACT-02 (001) grade C → 50', '001', 'C', 50],
    ['TV-CONTRACT-02 (001) grade A → 10', '001', 'A', 10],
    ['GW-CONTRACT-02 an EX grade (6) cannot make the upkeep negative (INFERRED floor 0)', '000', 'EX', 0],
  ])('%s', (_, rule, grade, mp) => {
    const s = pair({ contractCancelRule: rule }, grade);
    const a = s.characters.a!.sheet;
    if (a.kind !== 'servant') throw new Error('a is a servant');
    expect(cancelledUpkeep(s, a)).toBe(mp);
  });

  test('GW-CONTRACT-02 / FLOW-03 S4.6 "Per-scene upkeep of cancelled-contract servants": paid by the servant (INFERRED) at every scene end', () => {
    let s = cut(pair({}, 'C'));
    const ended = run(s, GM, { type: 'scene.end' });
    s = ended.state;
    expect(s.characters.a!.sheet.mp.current).toBe(150);
    expect(readAll(ended.events).find((e) => e?.type === 'upkeep.paid')).toEqual({ type: 'upkeep.paid', character: 'a', servant: 'a', mp: 50 });
    expect(readAll(ended.events, seat('s3')).some((e) => e?.type === 'upkeep.paid')).toBe(false);
    s = run(s, GM, { type: 'scene.end' }).state;
    expect(s.characters.a!.sheet.mp.current).toBe(100);
  });

  test('GW-CONTRACT-01 a master whose servant was cut pays no daily upkeep; a re-contracted servant pays per scene no more', () => {
    let s = cut(pair({ unnamedClassTraitTarget: 'none' }));
    s = run(s, GM, { type: 'scene.end' }).state;
    const night = run(s, GM, { type: 'scene.end' });
    expect(readAll(night.events).filter((e) => e?.type === 'upkeep.paid').map((e) => e?.type === 'upkeep.paid' && e.character)).toEqual(['a']);
    s = run(night.state, GM, { type: 'contract.form', master: 'ma', servant: 'a' }).state;
    const mp = s.characters.a!.sheet.mp.current;
    s = run(s, GM, { type: 'scene.end' }).state;
    expect(s.characters.a!.sheet.mp.current).toBe(mp);
  });
});

describe('GW-CONTRACT-02 cancelling and re-contracting', () => {
  test('GW-HIDE-00 "After cancellation the partner becomes Other": the master\'s player no longer sees the servant\'s sheet', () => {
    const before = pair();
    expect(privateSeats(before, 'a')).toEqual(['s1', 's3']);
    expect(view(before, seat('s3')).characters.find((c) => c.id === 'a')!.sheet).not.toBeNull();
    const r = run(before, GM, { type: 'contract.cancel', servant: 'a' });
    expect(privateSeats(r.state, 'a')).toEqual(['s1']);
    expect(view(r.state, seat('s3')).characters.find((c) => c.id === 'a')!.sheet).toBeNull();
    expect(JSON.stringify(view(r.state, seat('s3')))).not.toContain(servant().trueName);
    // Told while the pair still held: both players and the GM read the cut, a stranger does not.
    for (const v of [GM, seat('s1'), seat('s3')]) expect(readAll(r.events, v)).toContainEqual({ type: 'contract.cancelled', character: 'a', master: 'ma' });
    expect(readAll(r.events, seat('s5')).filter(Boolean)).toEqual([]);
  });

  test.each<[string, Partial<GrailWarOptions>, string]>([
    ['GW-CONTRACT-02 001 "Can be done at the same place at once": cut and re-contract in one scene', {}, ''],
    ['GW-CONTRACT-02 000 "Cancel and re-contract cannot be done at the same place at once"', { contractCancelRule: '000' }, 'SAME_PLACE_AT_ONCE GW-CONTRACT-02'],
  ])('%s', (_, options, code) => {
    const s = cut(pair(options));
    const form = { type: 'contract.form', master: 'ma', servant: 'a' } as const;
    if (code) {
      expect(refused(s, GM, form)).toBe(code);
      const later = run(s, GM, { type: 'scene.end' }).state;
      expect(run(later, GM, form).state.characters.ma!.partner).toBe('a');
    } else expect(run(s, GM, form).state.characters.a!.partner).toBe('ma');
  });

  test.each<[string, (s: GrailWarState) => string]>([
    ['GW-CONTRACT-02 only a contracted servant can be cut', (s) => refused(s, GM, { type: 'contract.cancel', servant: 'c' })],
    ['GW-CONTRACT-02 a master is cut through its servant', (s) => refused(s, GM, { type: 'contract.cancel', servant: 'ma' })],
    ['GW-CORE-01 a pair is one master and one servant', (s) => refused(s, GM, { type: 'contract.form', master: 'a', servant: 'c' })],
    ['GW-CORE-01 a contracted master takes no second servant', (s) => refused(s, GM, { type: 'contract.form', master: 'ma', servant: 'c' })],
  ])('%s', (_, attempt) => {
    expect(attempt(pair())).toMatch(/^(NO_CONTRACT|NOT_A_SERVANT|NOT_A_PAIR|ALREADY_CONTRACTED) GW-(CONTRACT-02|CORE-01)$/);
  });

  test('GW-CONTRACT-02 / FLOW-05 "Cancel / re-contract … takes the scene": in a running scene, only after the long action 계약 해지 / 재계약', () => {
    const scene = (decl: 'contract' | 'rest') => {
      let s = begun(pair());
      s = declareAll(s, { a: decl === 'contract' ? long('p1', 'contract') : short('p1', 'rest'), ma: short('p1', 'rest'), c: short('p1', 'rest') });
      return s;
    };
    expect(refused(scene('rest'), GM, { type: 'contract.cancel', servant: 'a' })).toBe('CONTRACT_NOT_DECLARED GW-CONTRACT-02');
    expect(run(scene('contract'), GM, { type: 'contract.cancel', servant: 'a' }).state.characters.ma!.partner).toBeNull();
    expect(refused(pair(), seat('s1'), { type: 'contract.cancel', servant: 'a' })).toBe('NOT_GM');
  });
});
