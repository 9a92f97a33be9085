import { describe, expect, test } from 'vitest';
import type { GrailWarCommand } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import { SCENE_ACTIONS } from './scene-actions.ts';
import type { SceneDecl } from './scene-actions.ts';
import { begun, declareAll, long, mapped, resolveTo, short } from './scene-test-support.ts';
import type { GrailWarState } from './state.ts';
import { GM, master, readAll, refused, room, run, seat, servant } from './test-support.ts';
import { upgrade } from './upgrade.ts';

/** a (s1, a berserker) contracted to ma (s3); b (s2) to mb (s4). */
const table = (options: Partial<GrailWarOptions> = {}) =>
  room(
    {
      a: { seat: 's1', sheet: servant({ className: 'berserker', alias: 'Berserker' }) },
      ma: { seat: 's3', partner: 'a', sheet: master({ name: 'Master A', mp: { current: 30, max: 30 } }) },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
      mb: { seat: 's4', partner: 'b', sheet: master({ name: 'Master B' }) },
    },
    options,
  );

const quiet: Record<string, SceneDecl> = { a: short('p1', 'search'), ma: short('p1', 'recon'), b: long('p2', 'rest'), mb: short('p2', 'study', 'labor') };

/** One whole scene: begin, every character declares, S3 walked, the scene ends. */
function playScene(s: GrailWarState): GrailWarState {
  s = run(s, GM, { type: 'scene.begin' }).state;
  s = declareAll(s, quiet);
  return run(resolveTo(s, 6), GM, { type: 'scene.end' }).state;
}
const at = (s: GrailWarState) => `${s.campaign.day}${s.campaign.half === 'day' ? 'D' : 'N'}${s.campaign.index}`;

describe('GW-FLOW-02 days and scenes', () => {
  test.each<[string, GrailWarOptions['scenesPerDay'], string[]]>([
    ['GW-FLOW-02 "`opt:scenesPerDay`, default 1 + 1 (INFERRED)": a Day scene, a Night scene, the next day', { day: 1, night: 1 }, ['1D1', '1N1', '2D1', '2N1']],
    ['GW-FLOW-02 "one or more Day scenes 낮 장면 followed by one or more Night scenes 밤 장면": 2 + 1', { day: 2, night: 1 }, ['1D1', '1D2', '1N1', '2D1']],
    ['GW-FLOW-02 1 + 3', { day: 1, night: 3 }, ['1D1', '1N1', '1N2', '1N3', '2D1']],
  ])('%s', (_, scenesPerDay, expected) => {
    let s = mapped(table({ scenesPerDay }));
    const seen = [at(s)];
    while (seen.length < expected.length) seen.push(at((s = playScene(s))));
    expect(seen).toEqual(expected);
  });

  test('GW-FLOW-02 the day ends (FLOW-04) only after the last Night scene', () => {
    let s = mapped(table());
    const ends: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      s = run(s, GM, { type: 'scene.begin' }).state;
      const r = run(resolveTo(run(s, GM, { type: 'scene.reveal' }).state, 6), GM, { type: 'scene.end' });
      if (r.events.some((e) => e.type === 'day.ended')) ends.push(at(s));
      s = r.state;
    }
    expect(ends).toEqual(['1N1', '2N1']);
  });
});

describe('GW-FLOW-03 a scene phase by phase', () => {
  test('GW-FLOW-03 S3 "Resolution, in order": moves, first half, encounters, battles, second half, special situations', () => {
    const s = run(begun(table()), GM, { type: 'scene.reveal' }).state;
    const steps: string[] = [];
    let t = s;
    for (let i = 0; i < 6; i += 1) {
      const r = run(t, GM, { type: 'scene.resolve' });
      steps.push(...readAll(r.events).flatMap((e) => (e?.type === 'scene.resolved' ? [e.step] : [])));
      t = r.state;
    }
    expect(steps).toEqual(['moves', 'firstHalf', 'encounters', 'battles', 'secondHalf', 'special']);
    expect(refused(t, GM, { type: 'scene.resolve' })).toBe('RESOLUTION_DONE GW-FLOW-03');
  });

  test.each<[string, (s: GrailWarState) => GrailWarState, string]>([
    ['GW-FLOW-03 S2 is "after scene-start processing": no declaration before the scene begins', (s) => mapped(s), 'NOT_DECLARING GW-FLOW-03'],
    ['GW-FLOW-01 the map comes before the scenes: no places, no scene', (s) => s, 'NO_PLACES GW-FLOW-01'],
  ])('%s', (_, given, code) => {
    const s = given(table());
    const command = code.startsWith('NO_PLACES') ? ({ type: 'scene.begin' } as const) : ({ type: 'scene.declare', decl: short('p1', 'search') } as const);
    expect(refused(s, code.startsWith('NO_PLACES') ? GM : seat('s1'), command)).toBe(code);
  });

  test('GW-FLOW-03 S3.4 battles start only at their step, with the scene half and each place from the declarations', () => {
    let s = declareAll(begun(table()), quiet);
    const battle: GrailWarCommand = { type: 'scene.battle', participants: [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], ambushSide: null };
    expect(refused(s, GM, battle)).toBe('NOT_BATTLE_STEP GW-FLOW-03');
    s = run(resolveTo(s, 3), GM, battle).state;
    expect(s.battle!.scene).toBe('day');
    expect(s.battle!.regions).toEqual({ a: 'church', b: 'harbour' });
    // The step waits for the battle to end; the scene waits for S3 to end.
    expect(refused(s, GM, { type: 'scene.resolve' })).toBe('BATTLE_IN_PROGRESS GW-FLOW-03');
  });

  test('GW-FLOW-03 S4 "Scene end, in this order": each step named, what the engine runs marked done, the rest the GM\'s', () => {
    const s = resolveTo(run(begun(table()), GM, { type: 'scene.reveal' }).state, 6);
    const ended = readAll(run(s, GM, { type: 'scene.end' }).events).find((e) => e?.type === 'scene.ended');
    expect(ended).toEqual({
      type: 'scene.ended',
      day: 1,
      half: 'day',
      index: 1,
      steps: [
        { step: 'regionIncome', rule: 'GW-REGION-01', status: 'gm' },
        { step: 'npcTraits', rule: 'GW-NPC-01', status: 'gm' },
        { step: 'relationshipScoring', rule: 'GW-HIDE-D7', status: 'done' },
        { step: 'populationScene', rule: 'GW-REGION-02', status: 'done' },
        { step: 'sceneEffects', rule: 'GW-FLOW-03 S4.5', status: 'done' },
        { step: 'cancelledUpkeep', rule: 'GW-CONTRACT-02', status: 'done' },
        { step: 'retreatVanish', rule: 'GW-SEAL-02', status: 'done' },
        { step: 'regionClosure', rule: 'GW-REGION-03', status: 'done' },
        { step: 'masterZero', rule: 'GW-MASTER-01', status: 'done' },
      ],
    });
    expect(refused(run(begun(table()), GM, { type: 'scene.reveal' }).state, GM, { type: 'scene.end' })).toBe('RESOLUTION_UNFINISHED GW-FLOW-03');
    expect(refused(begun(table()), GM, { type: 'scene.end' })).toBe('DECLARATIONS_OPEN GW-HIDE-D1');
  });

  test('GW-FLOW-03 S4.9 "Flag masters at HP or MP ≤ 0 for the next scene (MASTER-01)", and S1.6 "Apply the MASTER-01 rest-only flag"', () => {
    let s = structuredClone(resolveTo(run(begun(table()), GM, { type: 'scene.reveal' }).state, 6));
    s.characters.ma!.sheet.mp.current = 0;
    const r = run(s, GM, { type: 'scene.end' });
    expect(readAll(r.events).some((e) => e?.type === 'master.zero' && e.character === 'ma')).toBe(true);
    s = run(r.state, GM, { type: 'scene.begin' }).state;
    expect(s.campaign.restOnly).toEqual(['ma']);
    expect(refused(s, seat('s3'), { type: 'scene.declare', decl: short('p1', 'recon', 'rest') })).toBe('MASTER_MUST_REST GW-MASTER-01');
    expect(run(s, seat('s3'), { type: 'scene.declare', decl: long('p3', 'rest') }).state.campaign.declarations!.answers.ma).toBeDefined();
  });

  test('GW-FLOW-03 S4.5 "For the scene" effects expire (potions) at the scene end', () => {
    const s = structuredClone(resolveTo(run(begun(table()), GM, { type: 'scene.reveal' }).state, 6));
    const a = s.characters.a!;
    a.sheet.hp.max += 10;
    a.sceneEffects.push({ item: 'lifePotion', kind: null, maxHp: 10, maxMp: 0, hp: 0, mp: 0 });
    const after = run(s, GM, { type: 'scene.end' }).state.characters.a!;
    expect([after.sheet.hp.max, after.sceneEffects]).toEqual([60, []]);
  });
});

describe('GW-FLOW-04 the day end', () => {
  /** Day 1 played through its last Night scene, with state tweaks before the day end. */
  const dayEnd = (options: Partial<GrailWarOptions>, tweak: (s: GrailWarState) => void = () => {}) => {
    let s = playScene(mapped(table(options)));
    s = structuredClone(resolveTo(run(run(s, GM, { type: 'scene.begin' }).state, GM, { type: 'scene.reveal' }).state, 6));
    tweak(s);
    return run(s, GM, { type: 'scene.end' });
  };

  test.each<[string, Partial<GrailWarOptions>, (s: GrailWarState) => void, number]>([
    ['GW-FLOW-04.2 / CONTRACT-01 "upkeep 유지마력 10 MP per day", a lancer on day 1', { unnamedClassTraitTarget: 'none' }, () => {}, 10],
    ['GW-CONTRACT-01 `opt:upkeepPerDay` 7', { upkeepPerDay: 7, unnamedClassTraitTarget: 'none' }, () => {}, 7],
    ['GW-CLASS-02 (3) "Upkeep +1, cumulative": day 1 since summoning counts 0', {}, () => {}, 10],
    ['GW-CLASS-02 (3) on day 4 of summoning: 10 + 3', {}, (s) => void (s.campaign.daysSummoned.a = 3), 13],
    ['GW-CLASS-02 (3) "plus 1 more in any scene with a battle"', {}, (s) => void (s.campaign.battleScenesToday = 1), 11],
    ['GW-TRUST-05 "Its upkeep is −2" at trust −10 (trial on)', { trustRule: true, unnamedClassTraitTarget: 'none' }, (s) => void (s.characters.a!.trust = -10), 8],
    ['GW-TRUST-05 with the trial off, trust −10 changes nothing', { unnamedClassTraitTarget: 'none' }, (s) => void (s.characters.a!.trust = -10), 10],
  ])('%s', (_, options, tweak, mp) => {
    const r = dayEnd(options, tweak);
    expect(readAll(r.events).find((e) => e?.type === 'upkeep.paid' && e.character === 'ma')).toEqual({ type: 'upkeep.paid', character: 'ma', servant: 'a', mp });
    expect(r.state.characters.ma!.sheet.mp.current).toBe(30 - mp);
  });

  test('GW-FLOW-04 the steps in order: trust scoring is off without the trial and the engine\'s with it', () => {
    const steps = (o: Partial<GrailWarOptions>) => readAll(dayEnd(o).events).find((e) => e?.type === 'day.ended');
    expect(steps({})).toEqual({
      type: 'day.ended',
      day: 1,
      steps: [
        { step: 'trustScoring', rule: 'GW-HIDE-D8', status: 'off' },
        { step: 'upkeep', rule: 'GW-CONTRACT-01', status: 'done' },
        { step: 'populationDay', rule: 'GW-REGION-02', status: 'done' },
        { step: 'counters', rule: 'GW-FLOW-04.4', status: 'done' },
      ],
    });
    expect(steps({ trustRule: true })).toMatchObject({ steps: [{ step: 'trustScoring', status: 'done' }, {}, {}, {}] });
  });

  test.each<[string, (s: GrailWarState) => void, (s: GrailWarState) => unknown, unknown]>([
    ['GW-FLOW-04.4 "the 3-day lock of 001 SEAL-09" counts down a day', (s) => void (s.characters.a!.trustLockDays = 3), (s) => s.characters.a!.trustLockDays, 2],
    ['GW-CLASS-02 (1) "Consecutive front-row battles, unit = 1 day": a day with one grows the streak', (s) => void (s.campaign.frontToday = ['a']), (s) => s.campaign.streaks.a, 1],
    ['GW-CLASS-02 (1) "Each day without battle: −2, floor 0"', (s) => void (s.campaign.streaks.a = 3), (s) => s.campaign.streaks.a, 1],
    ['GW-CLASS-02 (1) floor 0', (s) => void (s.campaign.streaks.a = 1), (s) => s.campaign.streaks.a, 0],
    ['GW-FLOW-04.4 days since summoning grow by one per servant', () => {}, (s) => s.campaign.daysSummoned, { a: 1, b: 1 }],
  ])('%s', (_, tweak, read, expected) => {
    expect(read(dayEnd({}, tweak).state)).toEqual(expected);
  });

  test('GW-CLASS-02 (1) a battle the GM starts in S3 hands the streak to the unnamed class, and a front-row fight is counted by the day', () => {
    let s = structuredClone(declareAll(begun(table()), quiet));
    s.campaign.streaks.a = 2;
    s = run(resolveTo(s, 3), GM, { type: 'scene.battle', participants: [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], ambushSide: null }).state;
    expect(s.battle!.participants.find((p) => p.id === 'a')!.streak).toBe(2);
    s = run(run(s, seat('s1'), { type: 'battle.prepare', decl: { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false } }).state, GM, { type: 'battle.force' }).state;
    s = run(s, seat('s1'), { type: 'battle.withdraw' }).state;
    s = run(s, GM, { type: 'battle.close' }).state;
    expect([s.campaign.frontToday, s.campaign.sceneHadBattle]).toEqual([['a', 'b'], true]);
  });
});

describe('GW-FLOW-05 the scene-action catalogue', () => {
  test.each<[string, string, SceneDecl, string | null]>([
    ['정찰 Recon: master', 'ma', short('p1', 'recon'), null],
    ['정찰 Recon: master, not a servant', 'a', short('p1', 'recon'), 'ACTION_NOT_YOURS GW-FLOW-05'],
    ['탐색 Search: servant', 'a', short('p1', 'search'), null],
    ['탐색 Search: servant, not a master', 'ma', short('p1', 'search'), 'ACTION_NOT_YOURS GW-FLOW-05'],
    ['수색 Sweep: master (region set at S1)', 'a', short('p1', 'sweep'), 'ACTION_NOT_YOURS GW-FLOW-05'],
    ['휴식 Rest: all, as a long action', 'a', long('p1', 'rest'), null],
    ['노동 Labor: master (INFERRED)', 'a', short('p1', 'labor'), 'ACTION_NOT_YOURS GW-FLOW-05'],
    ['학습 Study: master (INFERRED)', 'ma', short('p1', 'rest', 'study'), null],
    ['식인 Cannibalism: servant', 'ma', short('p1', 'cannibalism'), 'ACTION_NOT_YOURS GW-FLOW-05'],
    ['거점 생성 Create base: master, "short action"', 'ma', short('p1', 'createBase', 'rest'), null],
    ['거점 생성 Create base is a short action, not a long one', 'ma', long('p1', 'createBase'), 'SHORT_ACTION_ONLY GW-FLOW-05'],
    ['계약 해지 / 재계약: "takes the scene" (CONTRACT-02)', 'a', long('p1', 'contract'), null],
    ['계약 해지 / 재계약 is not a half', 'a', short('p1', 'contract', 'rest'), 'LONG_ACTION_ONLY GW-FLOW-05'],
    ['자동 인형 Use automaton: master', 'a', short('p1', 'automaton'), 'ACTION_NOT_YOURS GW-FLOW-05'],
    ['GW-HIDE-D1 a location among the GM\'s places', 'a', short('p9', 'search'), 'NO_SUCH_PLACE GW-HIDE-D1'],
  ])('%s', (_, who, decl, code) => {
    const s = begun(table());
    const actor = seat(s.characters[who]!.seat);
    if (code) expect(refused(s, actor, { type: 'scene.declare', decl })).toBe(code);
    else expect(run(s, actor, { type: 'scene.declare', decl }).state.campaign.declarations!.answers[who]!.answer).toEqual(decl);
  });

  test('GW-FLOW-05 every declarable action keeps its Korean name', () => {
    expect(Object.fromEntries(Object.entries(SCENE_ACTIONS).map(([k, v]) => [k, v.korean]))).toEqual({
      recon: '정찰',
      search: '탐색',
      sweep: '수색',
      rest: '휴식',
      labor: '노동',
      study: '학습',
      cannibalism: '식인',
      createBase: '거점 생성',
      contract: '계약 해지 / 재계약',
      buyCraft: '구매 / 제작',
      automaton: '자동 인형',
      special: '특수 상황',
    });
  });
});

describe('GW-HIDE-D1 / D2 / 04 sealed scene declarations', () => {
  test('GW-HIDE-D1 the scene locks when every character is in; the reveal names who declared, never what', () => {
    const s = declareAll(begun(table()), { a: quiet.a!, ma: quiet.ma!, b: quiet.b! });
    expect(s.campaign.step).toBe('declare');
    const r = run(s, seat('s4'), { type: 'scene.declare', decl: quiet.mb! });
    expect(r.state.campaign.step).toBe('resolve');
    expect(readAll(r.events, seat('s2')).find((e) => e?.type === 'scene.revealed')).toEqual({ type: 'scene.revealed', declared: ['a', 'ma', 'b', 'mb'], missing: [] });
  });

  test('GW-HIDE-04 "an unsubmitted D1 means no action": the GM forces the lock, the missing are listed and may not declare late', () => {
    const s = declareAll(begun(table()), { a: quiet.a! });
    const r = run(s, GM, { type: 'scene.reveal' });
    expect(readAll(r.events).find((e) => e?.type === 'scene.revealed')).toEqual({ type: 'scene.revealed', declared: ['a'], missing: ['ma', 'b', 'mb'] });
    expect(refused(r.state, seat('s2'), { type: 'scene.declare', decl: quiet.b! })).toBe('NOT_DECLARING GW-FLOW-03');
    expect(r.state.campaign.declarations!.answers.b).toBeUndefined();
  });

  test('GW-HIDE-D2 "SEAL-10 (a) rewrite of the servant\'s declaration": one seal, the servant sees it changed and cannot undo it', () => {
    let s = declareAll(begun(table()), { a: short('p1', 'cannibalism') });
    const seals = () => (s.characters.ma!.sheet.kind === 'master' ? s.characters.ma!.sheet.sealsLeft : null);
    expect(seals()).toBe(3);
    const r = run(s, seat('s3'), { type: 'scene.rewrite', decl: long('p2', 'rest') });
    s = r.state;
    expect(seals()).toBe(2);
    const seen = (v: ReturnType<typeof seat>) => readAll(r.events, v);
    expect(seen(seat('s1'))).toEqual([{ type: 'scene.rewritten', master: 'ma', servant: 'a', commitment: s.campaign.declarations!.answers.a!.commitment }]);
    // Another player sees a fresh commitment and nothing of the seal.
    expect(seen(seat('s2'))).toEqual([{ type: 'scene.declared', character: 'a', commitment: s.campaign.declarations!.answers.a!.commitment }]);
    expect(s.campaign.declarations!.answers.a!.answer).toEqual(long('p2', 'rest'));
    expect(refused(s, seat('s1'), { type: 'scene.declare', decl: short('p1', 'search') })).toBe('DECLARATION_REWRITTEN GW-HIDE-D2');
  });

  test.each<[string, (s: GrailWarState) => GrailWarState, string]>([
    ['GW-HIDE-D2 "after the servant\'s D1": not before it', (s) => s, 'SERVANT_NOT_DECLARED GW-HIDE-D2'],
    ['GW-HIDE-D2 "before lock": not after it', (s) => run(declareAll(s, { a: quiet.a! }), GM, { type: 'scene.reveal' }).state, 'NOT_DECLARING GW-FLOW-03'],
    [
      'GW-SEAL-00 "A master spends 1 seal per use": none left, no rewrite',
      (s) => {
        const t = structuredClone(declareAll(s, { a: quiet.a! }));
        if (t.characters.ma!.sheet.kind === 'master') t.characters.ma!.sheet.sealsLeft = 0;
        return t;
      },
      'NO_SEALS_LEFT GW-SEAL-00',
    ],
    ['GW-FLOW-05 the rewrite is still an action the servant may take', (s) => declareAll(s, { a: quiet.a! }), 'ACTION_NOT_YOURS GW-FLOW-05'],
  ])('%s', (name, given, code) => {
    const decl = name.includes('still an action') ? short('p1', 'recon') : long('p2', 'rest');
    expect(refused(given(begun(table())), seat('s3'), { type: 'scene.rewrite', decl })).toBe(code);
  });

  test('a room saved before the scene flow loads at day 1, the first Day scene, not begun', () => {
    const saved = JSON.parse(JSON.stringify(table())) as Record<string, unknown>;
    delete saved.campaign;
    const s = upgrade(saved, 0);
    expect([s.campaign.day, s.campaign.half, s.campaign.index, s.campaign.step, s.campaign.places]).toEqual([1, 'day', 1, 'pre', []]);
    expect(upgrade(s, 0)).toBe(s);
  });
});
