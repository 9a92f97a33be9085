import { describe, expect, test } from 'vitest';
import type { WindowAction } from './commands.ts';
import type { MasterSheet } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { hpOf, knows, mpOf, pair, poolOf } from './test-pair.ts';
import { GM, hitsOf, judgment as j, master, passWindow, planVs, prepareAll, refused, room, run, seat, servant, start, submit, windowDecl } from './test-support.ts';

describe('TV-SEAL vectors', () => {
  const sheetA = { stats: { str: 'B', end: 'C', agi: 'D', mag: 'C', luk: 'D', np: 'C' } };
  test.each([
    ['TV-SEAL-01 GW-SEAL-03 000 Attack Stance doubles all but 치명; cards are consumed', '000', { smash: 8, counter: 6, rush: 4, critical: 2 }, 7],
    ['TV-SEAL-02 GW-SEAL-03 001 Attack Stance doubles every kind; nothing is consumed', '001', { smash: 8, counter: 6, rush: 4, critical: 4 }, 8],
  ] as const)('%s', (_name, sealRules, pool, smashAfter) => {
    let s = pair({ a: sheetA, options: { sealRules }, decls: { ma: { seals: ['attackStance'] } } });
    expect(poolOf(s, 'a')).toMatchObject(pool);
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = passWindow(submit(s, 'b', planVs('a', [])).state);
    expect(poolOf(s, 'a').smash).toBe(smashAfter);
    // All non-NP damage +2: 4 + 2.
    expect(hitsOf(s).map((h) => h.hp)).toEqual([6]);
  });

  test('TV-SEAL-03 GW-SEAL-05 Defense Stance before battle sets HP to max + 20', () => {
    const s = pair({ a: { hp: { current: 25, max: 60 } }, decls: { ma: { seals: ['defenseStance'] } } });
    expect(hpOf(s, 'a')).toBe(80);
  });

  test.each([
    ['TV-SEAL-03 GW-SEAL-05 000 mid-battle heal: 25 → 55', 25, 55],
    ['TV-SEAL-03 GW-SEAL-05 000 mid-battle heal is capped at max: 45 → 60', 45, 60],
  ])('%s', (_name, hp, expected) => {
    let s = pair({ a: { hp: { current: hp, max: 60 } }, maIn: 'back', options: { sealDefenseMidBattleHeal: true } });
    s = submit(s, 'a', planVs('b', [])).state;
    s = submit(s, 'ma', planVs('', [])).state;
    s = submit(s, 'b', planVs('a', [])).state;
    s = windowDecl(s, 'ma', { actions: [{ seal: 'defenseStanceHeal' }] }).state;
    expect(hpOf(s, 'a')).toBe(expected);
  });

  test('GW-SEAL-05 the 001 default has no mid-battle heal', () => {
    let s = pair({ maIn: 'back' });
    s = submit(s, 'a', planVs('b', [])).state;
    s = submit(s, 'ma', planVs('', [])).state;
    s = submit(s, 'b', planVs('a', [])).state;
    expect(refused(s, seat('s3'), { type: 'battle.window', decl: { actions: [{ seal: 'defenseStanceHeal' }] } })).toBe('SEAL_VARIANT_OFF GW-SEAL-05');
  });

  test.each([
    ['TV-SEAL-04 GW-SEAL-07 000 Forced Attack on a 강타 from STR B: <치명:특수>, 4 × 2 = 8, card kept', 'B', [], 8],
    ['TV-SEAL-04 GW-SEAL-07 000 Forced Attack with + already active: 8 + 5 = 13', 'B+', ['str'], 13],
  ] as const)('%s', (_name, str, activatePlus, damage) => {
    let s = pair({
      a: { stats: { str, end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' } },
      b: { defense: { cards: 1, value: 3 } },
      maIn: 'back',
      options: { sealRules: '000' },
      decls: { a: { activatePlus: [...activatePlus] } },
    });
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = submit(s, 'ma', planVs('', [])).state;
    // 방어 does not reduce a 특수 hit.
    s = submit(s, 'b', planVs('a', [j('defense')])).state;
    s = windowDecl(s, 'ma', { actions: [{ seal: 'forcedAttack', slot: 1, opponent: 'b' }] }).state;
    expect(hitsOf(s).map((h) => h.hp)).toEqual([damage]);
    expect(poolOf(s, 'a').smash).toBe(4);
  });

  test('TV-SEAL-05 GW-SEAL-07 001 Forced Attack before slot 2: slots 2–4 are <특수> and keep their cards, 치명 excluded', () => {
    let s = pair({ maIn: 'back', b: { defense: { cards: 5, value: 2 } } });
    s = submit(s, 'a', planVs('b', [j('smash'), j('smash'), j('critical'), j('rush'), j('counter')])).state;
    s = submit(s, 'ma', planVs('', [])).state;
    s = submit(s, 'b', planVs('a', [j('defense'), j('defense'), j('wait'), j('defense'), j('wait')])).state;
    s = windowDecl(s, 'ma', { actions: [{ seal: 'forcedAttack', slot: 2 }] }).state;
    // Slot 1 is reduced by 방어 (3 − 2); slots 2 and 4 are 특수 and are not.
    expect(hitsOf(s).map((h) => [h.slot, h.hp])).toEqual([[1, 1], [2, 3], [3, 3], [4, 3], [5, 3]]);
    expect(poolOf(s, 'a')).toMatchObject({ smash: 2, critical: 2, rush: 3, counter: 2 });
  });

  test.each<[string, WindowAction[], [string, number][]]>([
    ['GW-CLASS-03 (1) an Assassin`s plain 강타 on a front-row servant splashes 2 on its back row', [], [['b', 3], ['mb', 2]]],
    ['GW-CLASS-03 (1) GW-SEAL-07 001 a forced 강타 is <특수>, not <일반>: no splash', [{ seal: 'forcedAttack', slot: 1 }], [['b', 3]]],
    ['GW-CLASS-03 (1) GW-SEAL-07 000 a forced 강타 is <치명: 특수>: no splash', [{ seal: 'forcedAttack', slot: 1, opponent: 'b' }], [['b', 6]]],
  ])('%s', (_name, actions, expected) => {
    const forced000 = actions.some((x) => x.seal === 'forcedAttack' && x.opponent);
    let s = room(
      {
        a: { seat: 's1', sheet: servant({ className: 'assassin' }) },
        ma: { seat: 's3', partner: 'a', sheet: master() },
        b: { seat: 's2', sheet: servant() },
        mb: { seat: 's4', partner: 'b', sheet: master() },
      },
      // The new Assassin traits (the splash) with the 000 seal, where a forced judgment also gets + (TV-SEAL-04).
      forced000 ? { sealRules: '000' } : {},
    );
    const participants = [{ character: 'a', side: 'A' }, { character: 'ma', side: 'A', row: 'back' as const }, { character: 'b', side: 'B' }, { character: 'mb', side: 'B', row: 'back' as const }];
    s = prepareAll(start(s, participants, { knowledge: [knows('a', 'b'), knows('b', 'a')] }));
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    for (const id of ['ma', 'mb']) s = submit(s, id, planVs('', [])).state;
    s = submit(s, 'b', planVs('a', [])).state;
    s = windowDecl(s, 'ma', { actions }).state;
    s = windowDecl(s, 'mb', { actions: [] }).state;
    expect(hitsOf(s).map((h) => [h.target, h.hp])).toEqual(expected);
  });

  test('TV-SEAL-06 GW-SEAL-02 001 Forced Retreat: servant apart and down; the mark for vanishing is set; once per master', () => {
    let s = pair({ a: { hp: { current: 2, max: 60 } }, regions: { a: 'r1', ma: 'r2', b: 'r1' } });
    s = submit(s, 'a', planVs('b', [])).state;
    s = passWindow(submit(s, 'b', planVs('a', [j('smash')])).state);
    expect(s.battle!.phase).toBe('ended');
    const after = run(s, seat('s3'), { type: 'seal.retreat' }).state;
    expect(after.characters.a!.rescueScenesLeft).toBe(2);
    expect(after.battle!.participants[0]!.status).toBe('retreated');
    const again = structuredClone(after);
    again.battle!.participants[0]!.status = 'defeated';
    expect(refused(again, seat('s3'), { type: 'seal.retreat' })).toBe('ONCE_ONLY GW-SEAL-02');
    // Not apart: the 001 seal is refused.
    let near = pair({ a: { hp: { current: 2, max: 60 } } });
    near = submit(near, 'a', planVs('b', [])).state;
    near = passWindow(submit(near, 'b', planVs('a', [j('smash')])).state);
    expect(refused(near, seat('s3'), { type: 'seal.retreat' })).toBe('NOT_APART GW-SEAL-02');
    // 000: allowed whenever the servant is down, wherever the master is.
    let near000 = pair({ a: { hp: { current: 2, max: 60 } }, options: { sealRules: '000' } });
    near000 = submit(near000, 'a', planVs('b', [])).state;
    near000 = passWindow(submit(near000, 'b', planVs('a', [j('smash')])).state);
    const pulled = run(near000, seat('s3'), { type: 'seal.retreat' }).state;
    expect([pulled.battle!.participants[0]!.status, pulled.characters.a!.rescueScenesLeft]).toEqual(['retreated', null]);
  });

  test('TV-SEAL-07 GW-SEAL-00 ⓛ seals need master and servant in the same location', () => {
    for (const seal of ['attackStance', 'defenseStance', 'restoration'] as const) {
      let s = room({ a: { seat: 's1', sheet: servant() }, ma: { seat: 's3', partner: 'a', sheet: master() }, b: { seat: 's2', sheet: servant() } });
      const apart = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { regions: { a: 'r1', ma: 'r2' } });
      expect(refused(apart, seat('s3'), { type: 'battle.prepare', decl: { row: null, seals: [seal], conviction: 0, consumables: [], activatePlus: [], guardian: false } })).toBe(
        'NOT_SAME_LOCATION GW-SEAL-00',
      );
      s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { regions: { a: 'r1', ma: 'r1' } });
      expect(run(s, seat('s3'), { type: 'battle.prepare', decl: { row: null, seals: [seal], conviction: 0, consumables: [], activatePlus: [], guardian: false } }).events).toHaveLength(1);
    }
  });

  test('GW-SEAL-06 000 Restoration is not a battle seal; 001 restores HP and MP to max before battle', () => {
    const s = pair({ a: { hp: { current: 10, max: 60 }, mp: { current: 3, max: 40 } }, decls: { ma: { seals: ['restoration'] } } });
    expect([hpOf(s, 'a'), mpOf(s, 'a')]).toEqual([60, 40]);
    // Usable once: the same master cannot declare it in a later battle.
    let later = run(run(s, GM, { type: 'battle.force' }).state, GM, { type: 'battle.force' }).state;
    while (later.battle!.phase !== 'ended') later = run(later, GM, { type: 'battle.force' }).state;
    later = start(run(later, GM, { type: 'battle.close' }).state, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { regions: { a: 'r1', ma: 'r1' } });
    expect(refused(later, seat('s3'), { type: 'battle.prepare', decl: { row: null, seals: ['restoration'], conviction: 0, consumables: [], activatePlus: [], guardian: false } })).toBe('ONCE_ONLY GW-SEAL-06');
    let s0 = room({ a: { seat: 's1', sheet: servant() }, ma: { seat: 's3', partner: 'a', sheet: master() }, b: { seat: 's2', sheet: servant() } }, { sealRules: '000' });
    s0 = start(s0, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { regions: { a: 'r1', ma: 'r1' } });
    expect(refused(s0, seat('s3'), { type: 'battle.prepare', decl: { row: null, seals: ['restoration'], conviction: 0, consumables: [], activatePlus: [], guardian: false } })).toBe('SEAL_NOT_IN_BATTLE GW-SEAL-06');
  });

  // 000 §5 4) "령주를 사용해 보구를 마력의 소모 없이 사용할 수 있습니다 … 마스터가 함께 전투에 참가하고 있을 때만 … 보구 1회 사용
  // 마다 각각의 령주를 소모해야 합니다" (001 #3 4): "기존 유지"). A seal is the master's to spend, so the master declares it.
  const np = { id: 'n', name: 'N', npType: 'antiPersonnel' as const, mode: 'alwaysActive' as const, hpDamage: 5, mpDamage: 0, mpCost: 10, cards: 2 };
  /** Servant a plays its NP against b in slot 1; its master ma fights in the back row; the window is open. */
  const npRevealed = (): GrailWarState => {
    let s = pair({ a: { noblePhantasms: [np] }, maIn: 'back' });
    s = submit(s, 'a', planVs('b', [j('np', { np: 'n' })])).state;
    s = submit(s, 'ma', planVs('', [])).state;
    return submit(s, 'b', planVs('a', [])).state;
  };
  test.each([
    ['GW-SEAL-04 the servant cannot spend its master\'s seal from its plan', () => refused(pair({ a: { noblePhantasms: [np] }, maIn: 'back' }), seat('s1'), { type: 'battle.submit', plan: planVs('b', [j('np', { np: 'n', boost: true })]) }), 'BOOST_IS_THE_MASTERS GW-SEAL-04'],
    ['GW-SEAL-04 the master boosts the revealed NP: no MP spent, one seal', () => {
      const s = windowDecl(npRevealed(), 'ma', { actions: [{ seal: 'npBoost', slot: 1, opponent: 'b' }] }).state;
      return [mpOf(s, 'a'), (s.characters.ma!.sheet as MasterSheet).sealsLeft];
    }, [40, 2]],
    ['GW-SEAL-04 without the boost the NP costs its MP and no seal', () => {
      const s = windowDecl(npRevealed(), 'ma', { actions: [] }).state;
      return [mpOf(s, 'a'), (s.characters.ma!.sheet as MasterSheet).sealsLeft];
    }, [30, 3]],
    ['GW-SEAL-04 only on a slot where the servant plays its NP', () => refused(npRevealed(), seat('s3'), { type: 'battle.window', decl: { actions: [{ seal: 'npBoost', slot: 2, opponent: 'b' }] } }), 'NO_SUCH_NP_USE GW-SEAL-04'],
  ] as const)('%s', (_name, run, expected) => {
    expect(run()).toEqual(expected);
  });
});
