import { describe, expect, test } from 'vitest';
import type { WindowAction } from './commands.ts';
import { computeRewards } from './end.ts';
import type { MasterSheet } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { knows, pair } from './test-pair.ts';
import { GM, hitsOf, judgment as j, master, passWindow, planVs, prepareAll, refused, room, run, seat, servant, start, submit } from './test-support.ts';

/** Rules read again against the Korean originals: each row quotes the words it follows. */

describe('GW-CLASS-04 Guardian lineage, 001 #5 "1회에 한해 모든 공격의 피해점이 5점 증가합니다"', () => {
  const guardian = () => pair({ a: { lineage: 'guardian' }, decls: { a: { guardian: true } } });
  test.each([
    ['GW-CLASS-04 the battle it is used in: +5 on the 강타 (C 3 + 5 = 8)', () => {
      let s = submit(guardian(), 'a', planVs('b', [j('smash')])).state;
      s = passWindow(submit(s, 'b', planVs('a', [])).state);
      return hitsOf(s).map((h) => h.hp);
    }, [8]],
    ['GW-CLASS-04 the one use is spent: a second battle refuses it ("1회에 한해", not "전투 당")', () => {
      let s = guardian();
      while (s.battle && s.battle.phase !== 'ended') s = run(s, GM, { type: 'battle.force' }).state;
      s = run(s, GM, { type: 'battle.close' }).state;
      s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { regions: { a: 'r1', ma: 'r1', b: 'r1' } });
      return refused(s, seat('s1'), { type: 'battle.prepare', decl: { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: true } });
    }, 'ONCE_ONLY GW-CLASS-04'],
  ] as const)('%s', (_name, act, expected) => {
    expect(act()).toEqual(expected);
  });
});

/** m (master) and x (servant) on side A, both front row; foes as given, each a servant in the front row. */
function rewards(foeSides: string[], won: boolean, defeated: string[] = []): Record<string, number> {
  const cast: Parameters<typeof room>[0] = { m: { seat: 's1', sheet: master() }, x: { seat: 's2', sheet: servant() } };
  foeSides.forEach((_, i) => (cast[`f${i}`] = { seat: `s${i + 3}`, sheet: servant({ alias: `F${i}` }) }));
  let s = room(cast);
  s = start(s, [{ character: 'm', side: 'A', row: 'front' }, { character: 'x', side: 'A', row: 'front' }, ...foeSides.map((side, i) => ({ character: `f${i}`, side, row: 'front' as const }))]);
  const b = s.battle!;
  b.winner = won ? 'A' : foeSides[0]!;
  for (const id of defeated) {
    b.participants.find((p) => p.id === id)!.status = 'defeated';
    b.participants.find((p) => p.id === 'm')!.dealt[id] = 5;
  }
  return Object.fromEntries(computeRewards(s, b).filter((r) => r.character === 'm' || r.character === 'x').map((r) => [r.character, r.merit]));
}

describe('GW-MERIT-07 000 §3 merit for a win', () => {
  test.each([
    // "전열에서 전투하여, 승리했다. : 1점 (상대가 동맹중이며, 아군보다 숫자가 많을 경우 전열 인원의 숫자 차이만큼 추가로 얻습니다.)"
    ['GW-MERIT-07 a three-way melee: the two opponents are not allied, so no head-count bonus (x +1)', ['B', 'C', 'D', 'E'], true, [], 1],
    ['GW-MERIT-07 TV-MERIT-03 allied opponents, 3 front-row against our 2: +1 and the difference 1', ['B', 'B', 'B'], true, [], 2],
    ['GW-MERIT-07 a lost battle pays no win merit', ['B'], false, [], 0],
  ] as const)('%s', (_name, foes, won, defeated, merit) => {
    expect(rewards([...foes], won, [...defeated]).x).toBe(merit);
  });
  test.each([
    // "마스터가 서번트를 상대로 전열에서 전투하여 승리할 경우 - 전투 승리 및 소멸로 인해 받는 공적점을 2배로 받습니다."
    ['GW-MERIT-07 TV-MERIT-04 a master who beats a servant in the front row and wins: (1 + 1) × 2', true, 4],
    ['GW-MERIT-07 the same defeat without the win ("승리할 경우"): 1, not doubled', false, 1],
  ] as const)('%s', (_name, won, merit) => {
    expect(rewards(['B', 'B'], won, ['f0']).m).toBe(merit);
  });
});

describe('GW-SEAL-02 001 Forced Retreat, "다음 장면이 끝나기 전까지 생명력을 0 이상으로 회복시키지 못할 경우 서번트는 소멸합니다"', () => {
  /** Servant a, apart from its master, is brought to HP ≤ 0 and pulled out; the battle closes. */
  function rescued(): GrailWarState {
    let s = pair({ a: { hp: { current: 2, max: 60 } }, regions: { a: 'r1', ma: 'r2', b: 'r1' } });
    s = submit(s, 'a', planVs('b', [])).state;
    s = passWindow(submit(s, 'b', planVs('a', [j('smash')])).state);
    s = run(s, seat('s3'), { type: 'seal.retreat' }).state;
    return run(s, GM, { type: 'battle.close' }).state;
  }
  const endScene = (s: GrailWarState) => run(s, GM, { type: 'scene.end' }).state;
  test.each([
    ['GW-SEAL-02 the end of the rescue\'s own scene: still waiting', (s: GrailWarState) => endScene(s), [false, 1]],
    ['GW-SEAL-02 TV-SEAL-06 still at HP ≤ 0 when the next scene ends: it vanishes', (s: GrailWarState) => endScene(endScene(s)), [true, null]],
    ['GW-SEAL-02 healed to 1 before then: saved', (s: GrailWarState) => {
      const t = endScene(s);
      t.characters.a!.sheet.hp.current = 1;
      return endScene(t);
    }, [false, null]],
  ] as const)('%s', (_name, act, expected) => {
    const s = act(rescued());
    expect([s.characters.a!.vanished, s.characters.a!.rescueScenesLeft]).toEqual(expected);
  });
  test('GW-SEAL-02 a vanished servant takes part in no battle again; everyone is told', () => {
    const r = run(rescued(), GM, { type: 'scene.end' });
    const s = run(r.state, GM, { type: 'scene.end' });
    expect(s.events.some((e) => e.type === 'servant.vanished')).toBe(true);
    expect(refused(s.state, GM, { type: 'battle.start', participants: [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], knowledge: [], regions: {}, scene: 'night', ambushSide: null })).toBe('NOT_STANDING GW-BATTLE-20');
  });
});

describe('GW-BATTLE-15 일격 필살 damage', () => {
  /** A combat-specialized master against servant b, with or without its class known and 1 신념 spent. */
  function strike(specialJudgmentRule: '000' | '001', classKnown: boolean, conviction: number): number[] {
    let s = room({ m: { seat: 's1', sheet: master({ specializations: ['combat'], merit: 3 }) }, b: { seat: 's2', sheet: servant() } }, { specialJudgmentRule, convictionRule: '001new' });
    s = start(s, [{ character: 'm', side: 'A', row: 'back' }, { character: 'b', side: 'B', row: 'front' }], { knowledge: [knows('m', 'b', { classKnown }), knows('b', 'm')] });
    s = prepareAll(s, { m: { conviction } });
    s = submit(s, 'm', planVs('b', [j('oneHitKill')])).state;
    s = passWindow(submit(s, 'b', planVs('m', [j('smash')])).state);
    return hitsOf(s).filter((h) => h.attacker === 'm').map((h) => h.hp);
  }
  test.each([
    // 000 §2 "[전투력×5]만큼의 고정 피해": fixed, so neither the class-unknown −1 nor the 신념 +1 moves it.
    ['GW-BATTLE-15 GW-SPEC-01 000 class unknown: 전투력 4 × 5 = 20, no −1', '000', false, 0, [20]],
    ['GW-BATTLE-15 GW-SPEC-01 000 with 1 신념: 20, no +1', '000', true, 1, [20]],
    // 001 #21 "특수 피해에 영향을 주는 기술이나 마술에 영향을 받습니다": its modifiers apply.
    ['GW-BATTLE-15 001 class unknown: 20 − 1 = 19', '001', false, 0, [19]],
    ['GW-BATTLE-15 001 with 1 신념: 20 + 1 = 21', '001', true, 1, [21]],
  ] as const)('%s', (_name, rule, classKnown, conviction, expected) => {
    expect(strike(rule, classKnown, conviction)).toEqual(expected);
  });
});


describe('GW-BATTLE-11 GW-SEAL-00 mid-battle seals of a master outside the battle', () => {
  // 000 §5 keeps only 4) 보구 강화 to a fighting master: "이 판정은 마스터가 함께 전투에 참가하고 있을 때만 사용 가능합니다".
  const np = { id: 'n', name: 'N', npType: 'antiPersonnel' as const, mode: 'alwaysActive' as const, hpDamage: 5, mpDamage: 0, mpCost: 10, cards: 2 };
  /** Servant a plays its NP at b in slot 1 while its master ma stays out of the battle, in `maRegion`. */
  function revealed(maRegion: string): GrailWarState {
    let s = pair({ a: { noblePhantasms: [np] }, regions: { a: 'r1', ma: maRegion, b: 'r1' } });
    s = submit(s, 'a', planVs('b', [j('np', { np: 'n' })])).state;
    return submit(s, 'b', planVs('a', [])).state;
  }
  const declare = (s: GrailWarState, actions: WindowAction[]) => run(s, seat('s3'), { type: 'battle.window', decl: { actions } }).state;
  test.each([
    ['GW-BATTLE-11 the master of a fighting servant sits in the window though it does not fight', () => revealed('r1').battle!.window!.seats, ['ma']],
    ['GW-SEAL-08 standing where its servant is, it uses 절대 방어 (one seal spent)', () => (declare(revealed('r1'), [{ seal: 'absoluteDefense', slot: 1 }]).characters.ma!.sheet as MasterSheet).sealsLeft, 2],
    ['GW-SEAL-00 apart from its servant, it is refused (INFERRED from the ⓛ seals\' rule)', () => refused(revealed('r2'), seat('s3'), { type: 'battle.window', decl: { actions: [{ seal: 'absoluteDefense', slot: 1 }] } }), 'NOT_SAME_LOCATION GW-SEAL-00'],
    ['GW-SEAL-04 보구 강화 stays with a master fighting in the battle', () => refused(revealed('r1'), seat('s3'), { type: 'battle.window', decl: { actions: [{ seal: 'npBoost', slot: 1, opponent: 'b' }] } }), 'MASTER_NOT_IN_BATTLE GW-SEAL-04'],
  ] as const)('%s', (_name, act, expected) => {
    expect(act()).toEqual(expected);
  });
});
