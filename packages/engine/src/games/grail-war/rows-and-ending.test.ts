import { describe, expect, test } from 'vitest';
import type { Knowledge } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import { timers } from './index.ts';
import { view } from './view.ts';
import type { GrailWarState } from './state.ts';
import { AT, emptyDecl, GM, hitsOf, judgment as j, master, passWindow, planVs, prepareAll, refused, room, run, seat, servant, start, submit } from './test-support.ts';

const known = (knower: string, target: string): Knowledge => ({ knower, target, total: 0, believed: 0, classKnown: true, failedGuess: false, trueNameKnown: false });
const allKnow = (ids: string[]) => ids.flatMap((k) => ids.filter((t) => t !== k).map((t) => known(k, t)));
const waitAll = (opponents: string[]) => ({ slots: Array.from({ length: 5 }, () => ({ type: 'play' as const, vs: Object.fromEntries(opponents.map((o) => [o, j('wait')])) })), activatePlus: [] });

describe('sides, rows and engagement', () => {
  test('GW-BATTLE-02 partners fight on the same side, and a battle needs two sides', () => {
    const s = room({ a: { seat: 's1', sheet: servant() }, ma: { seat: 's3', partner: 'a', sheet: master() }, b: { seat: 's2', sheet: servant() } });
    expect(refused(s, GM, { type: 'battle.start', scene: 'day', participants: [{ character: 'a', side: 'A' }, { character: 'ma', side: 'B' }, { character: 'b', side: 'B' }], regions: {}, knowledge: [], ambushSide: null })).toBe('PARTNERS_SPLIT GW-BATTLE-02');
    expect(refused(s, GM, { type: 'battle.start', scene: 'day', participants: [{ character: 'a', side: 'A' }, { character: 'b', side: 'A' }], regions: {}, knowledge: [], ambushSide: null })).toBe('ONE_SIDE GW-BATTLE-02');
  });

  test('GW-BATTLE-03 a back-row member is out of reach until its side has no standing front row', () => {
    let s = room({ a: { seat: 's1', sheet: servant({ hp: { current: 3, max: 60 } }) }, ma: { seat: 's3', partner: 'a', sheet: master() }, b: { seat: 's2', sheet: servant() } });
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'ma', side: 'A', row: 'back' }, { character: 'b', side: 'B' }], { knowledge: allKnow(['a', 'ma', 'b']) }));
    // Allies never face each other (the automatic 대기 of BATTLE-02); the back-row master faces nobody.
    expect(s.battle!.engaged).toEqual({ a: ['b'], ma: [], b: ['a'] });
    s = submit(s, 'a', planVs('b', [])).state;
    s = submit(s, 'ma', planVs('', [])).state;
    s = submit(s, 'b', planVs('a', [j('smash')])).state;
    s = run(s, seat('s3'), { type: 'battle.window', decl: { actions: [] } }).state;
    expect(s.battle!.participants.map((p) => p.status)).toEqual(['defeated', 'standing', 'standing']);
    // Batch 2: with the front row down, the master is exposed.
    expect(s.battle!.engaged).toEqual({ a: [], ma: ['b'], b: ['ma'] });
  });

  test('GW-BATTLE-12 a participant down after slot 1 takes no more hits, and cards aimed at it stay in the pool', () => {
    let s = room({ a: { seat: 's1', sheet: servant({ hp: { current: 3, max: 60 } }) }, c: { seat: 's3', sheet: servant() }, b: { seat: 's2', sheet: servant() } });
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'c', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: allKnow(['a', 'b', 'c']) }));
    s = submit(s, 'a', planVs('b', [])).state;
    s = submit(s, 'c', planVs('b', [])).state;
    const vs = (x: 'smash' | 'wait') => ({ type: 'play' as const, vs: { a: j(x), c: j('wait') } });
    s = submit(s, 'b', { slots: [vs('smash'), vs('smash'), vs('wait'), vs('wait'), vs('wait')], activatePlus: [] }).state;
    expect(hitsOf(s).map((h) => [h.slot, h.target, h.hp])).toEqual([[1, 'a', 3]]);
    expect(s.battle!.participants.find((p) => p.id === 'b')!.pool.smash).toBe(2);
  });

  test('GW-BATTLE-M1 sequential1v1 pairs each participant with one opponent at a time', () => {
    let s = room({ x: { seat: 's1', sheet: servant() }, y: { seat: 's2', sheet: servant() }, z: { seat: 's3', sheet: servant() } }, { meleeMode: 'sequential1v1' });
    s = prepareAll(start(s, [{ character: 'x', side: 'X' }, { character: 'y', side: 'Y' }, { character: 'z', side: 'Z' }]));
    expect(s.battle!.engaged).toEqual({ x: ['y'], y: ['x'], z: [] });
  });
});

describe('length, timeouts and the end', () => {
  test('GW-BATTLE-09 two batches of five by default; the GM may add one', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant() } });
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }]));
    expect(s.battle!.batches).toBe(2);
    s = run(s, GM, { type: 'battle.extend' }).state;
    for (let batch = 1; batch <= 3; batch++) {
      expect([s.battle!.phase, s.battle!.batch]).toEqual(['submit', batch]);
      s = submit(s, 'a', planVs('b', [])).state;
      s = submit(s, 'b', planVs('a', [])).state;
    }
    expect([s.battle!.phase, s.battle!.slotsPlayed, s.battle!.endReason, s.battle!.winner]).toEqual(['ended', 15, 'batchesDone', null]);
  });

  test('GW-HIDE-04 when the GM forces the step, unanswered declarations are empty and unsubmitted slots are 대기', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant() } });
    s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B', row: 'back' }], { knowledge: allKnow(['a', 'b']) });
    s = run(s, GM, { type: 'battle.force' }).state;
    expect([s.battle!.phase, s.battle!.participants[1]!.row]).toEqual(['submit', 'back']);
    // b is alone on its side, so the back row is exposed.
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = run(s, GM, { type: 'battle.force' }).state;
    expect(s.battle!.history[0]!.plays).toEqual([{ character: 'a', opponent: 'b', judgment: j('smash') }, { character: 'b', opponent: 'a', judgment: j('wait') }]);
    expect(hitsOf(s).map((h) => h.hp)).toEqual([3]);
  });

  test('GW-HIDE-04 with stepTimerSeconds set, each open sealed step lists one timer that forces it', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant() } }, { stepTimerSeconds: 60 });
    s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }]);
    expect(timers(s)).toEqual([{ key: 'gw-1-prebattle-0', deadline: AT + 60_000, command: { type: 'battle.force' } }]);
    s = prepareAll(s);
    expect(timers(s).map((t) => t.key)).toEqual(['gw-1-submit-1']);
    const forced = run(s, GM, timers(s)[0]!.command).state;
    expect(forced.battle!.batch).toBe(2);
    expect(timers(room({}, {}))).toEqual([]);
  });

  test('GW-HIDE-04 a step’s deadline counts from the command that opened it and is shown to the battle’s members', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant() } }, { stepTimerSeconds: 60 });
    s = run(s, GM, { type: 'seat.add', name: 'Outsider' }).state;
    s = run(s, GM, { type: 'battle.start', scene: 'night', participants: [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], regions: {}, knowledge: [], ambushSide: null }, AT + 5_000).state;
    expect(s.battle!.deadline).toBe(AT + 65_000);
    s = run(s, seat('s1'), { type: 'battle.prepare', decl: emptyDecl() }, AT + 9_000).state;
    // The step that opens when the last declaration arrives gets its own full span.
    s = run(s, seat('s2'), { type: 'battle.prepare', decl: emptyDecl() }, AT + 20_000).state;
    expect([s.battle!.phase, s.battle!.deadline]).toEqual(['submit', AT + 80_000]);
    expect(view(s, GM).battle!.deadline).toBe(AT + 80_000);
    expect(view(s, seat('s1')).battle!.deadline).toBe(AT + 80_000);
    expect(view(s, seat('s3')).battle?.deadline ?? null).toBeNull();
    s = run(s, GM, { type: 'battle.force' }, AT + 80_000).state;
    expect(s.battle!.deadline).toBe(AT + 140_000);
  });

  test.each([
    ['GW-MISC-02 with withdrawalConcedes the side that stays wins', {}, 'B'],
    ['GW-MISC-02 GW-BATTLE-21 without it, damage decides', { withdrawalConcedes: false }, 'A'],
  ] as const)('%s', (_name, options: Partial<GrailWarOptions>, winner) => {
    let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant() } }, options);
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: allKnow(['a', 'b']) }));
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = submit(s, 'b', planVs('a', [])).state;
    s = run(s, seat('s1'), { type: 'battle.withdraw' }).state;
    expect([s.battle!.endReason, s.battle!.winner]).toEqual(['withdrawal', winner]);
  });

  test('GW-BATTLE-21 battleWinnerRule gm leaves the winner to the GM', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant({ hp: { current: 1, max: 60 } }) } }, { battleWinnerRule: 'gm' });
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: allKnow(['a', 'b']) }));
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = submit(s, 'b', planVs('a', [])).state;
    expect([s.battle!.endReason, s.battle!.winner]).toEqual(['sideDown', null]);
    s = run(s, GM, { type: 'battle.decide', winner: 'A' }).state;
    expect(s.battle!.winner).toBe('A');
    expect(run(s, GM, { type: 'battle.close' }).state.battle).toBeNull();
  });

  test('GW-MISC-03 GW-SEAL-02 001 retreat stops the battle; the rescued servant counts as defeated for rewards', () => {
    let s = room({
      a: { seat: 's1', sheet: servant({ hp: { current: 2, max: 60 } }) },
      ma: { seat: 's3', partner: 'a', sheet: master() },
      c: { seat: 's4', sheet: servant({ alias: 'Archer' }) },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer' }) },
    });
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'c', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: allKnow(['a', 'b', 'c']), regions: { a: 'r1', ma: 'r2' } }));
    s = submit(s, 'a', planVs('b', [])).state;
    s = submit(s, 'c', planVs('b', [])).state;
    s = passWindow(submit(s, 'b', { slots: [{ type: 'play', vs: { a: j('smash'), c: j('wait') } }, ...Array.from({ length: 4 }, () => ({ type: 'play' as const, vs: { a: j('wait'), c: j('wait') } }))], activatePlus: [] }).state);
    expect([s.battle!.phase, s.battle!.participants[0]!.status]).toEqual(['submit', 'defeated']);
    s = run(s, seat('s3'), { type: 'seal.retreat' }).state;
    expect([s.battle!.phase, s.battle!.endReason]).toEqual(['ended', 'retreat']);
    // Both sides stand, so damage decides (BATTLE-21 (c)): B. b dealt all the damage to a, so the defeat XP is
    // b's although a was pulled out: participation 1 + multi 1, front 1, win 2 + multi 1, defeat 3.
    expect(s.battle!.winner).toBe('B');
    const rb = s.battle!.rewards!.find((r) => r.character === 'b')!;
    expect(rb.xp).toBe(1 + 1 + 1 + 2 + 1 + 3);
    expect(s.characters.a!.rescueScenesLeft).toBe(2);
  });

  test('GW-BATTLE-22 rewards are computed at the end, logged after battle.ended, and added to the sheets', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant({ hp: { current: 1, max: 60 } }) } });
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: allKnow(['a', 'b']) }));
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    const last = submit(s, 'b', planVs('a', []));
    const types = last.events.map((e) => e.type);
    expect(types.slice(-2)).toEqual(['battle.ended', 'battle.rewards']);
    const ra = last.state.battle!.rewards!.find((r) => r.character === 'a')!;
    expect(last.state.characters.a!.sheet.xp).toBe(ra.xp);
    expect(last.state.characters.a!.sheet.merit).toBe(10 + ra.merit);
    expect(ra.notes).toContain('frontRowBattle');
  });

  test.each([
    ['TV-XP-01 GW-XP-08 GW-XP-02 000: 1 + multi 2', { multiOpponentXp: '000' }, ['B', 'C', 'D'], 1 + 2],
    ['TV-XP-01 GW-XP-08 perHead: 3 + multi 2', { multiOpponentXp: 'perHead' }, ['B', 'C', 'D'], 3 + 2],
    ['TV-XP-01 GW-XP-08 fixedAllied, three separate sides: 1', { multiOpponentXp: 'fixedAllied' }, ['B', 'C', 'D'], 1],
    ['TV-XP-01 GW-XP-08 fixedAllied, B and C allied: 1 + multi 1', { multiOpponentXp: 'fixedAllied' }, ['BC', 'BC', 'D'], 1 + 1],
  ] as const)('%s', (_name, options: Partial<GrailWarOptions>, sides, battleXp) => {
    let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant() }, c: { seat: 's3', sheet: servant() }, d: { seat: 's4', sheet: servant() } }, { ...options, battleBatches: 1 });
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: sides[0] }, { character: 'c', side: sides[1] }, { character: 'd', side: sides[2] }]));
    for (const id of ['a', 'b', 'c', 'd']) s = submit(s, id, waitAll(s.battle!.engaged[id]!)).state;
    const ra = s.battle!.rewards!.find((r) => r.character === 'a')!;
    // No damage, no winner: participation with its multi bonus, plus 1 for the front row (XP-03).
    expect(ra.xp).toBe(battleXp + 1);
  });
});

describe('streaks and ambushes', () => {
  test('GW-CLASS-02 the unnamed-class streak adds +n to the target class only', () => {
    const dmg = (className: 'berserker' | 'saber') => {
      let s = room({ a: { seat: 's1', sheet: servant({ className }) }, b: { seat: 's2', sheet: servant() } });
      s = prepareAll(start(s, [{ character: 'a', side: 'A', streak: 2 }, { character: 'b', side: 'B' }], { knowledge: allKnow(['a', 'b']) }));
      s = submit(s, 'a', planVs('b', [j('smash')])).state;
      return hitsOf(submit(s, 'b', planVs('a', [])).state).map((h) => h.hp);
    };
    expect(dmg('berserker')).toEqual([5]);
    expect(dmg('saber')).toEqual([3]);
  });

  test('GW-BATTLE-M2 GW-REL-04 an ambushing side gets + on every judgment of its first batch only', () => {
    let s: GrailWarState = room({ a: { seat: 's1', sheet: servant() }, m: { seat: 's3', partner: 'a', sheet: master() }, b: { seat: 's2', sheet: servant() } });
    // REL-04 negative 2: a's master holds b at −2.
    s = run(s, GM, { type: 'relation.set', entry: { holder: 'm', other: 'b', score: -2 } }).state;
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: allKnow(['a', 'b']), ambushSide: 'A' }));
    for (let batch = 1; batch <= 2; batch++) {
      s = submit(s, 'a', planVs('b', [j('smash')])).state;
      s = passWindow(submit(s, 'b', planVs('a', [])).state);
    }
    expect(hitsOf(s).map((h) => [h.batch, h.hp])).toEqual([[1, 6], [2, 3]]);
  });

  test('GW-BATTLE-M2 GW-REL-04 a servant turns on its ally at a batch boundary and gets + for that batch', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, c: { seat: 's3', sheet: servant() }, b: { seat: 's2', sheet: servant() } });
    s = run(s, GM, { type: 'relation.set', entry: { holder: 'a', other: 'c', score: -2 } }).state;
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'c', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: allKnow(['a', 'b', 'c']) }));
    s = run(s, seat('s1'), { type: 'battle.betray' }).state;
    expect(s.battle!.engaged.a).toEqual(['c', 'b']);
    s = submit(s, 'a', { slots: [{ type: 'play', vs: { c: j('smash'), b: j('wait') } }, ...Array.from({ length: 4 }, () => ({ type: 'play' as const, vs: { c: j('wait'), b: j('wait') } }))], activatePlus: [] }).state;
    s = submit(s, 'c', waitAll(['a', 'b'])).state;
    s = submit(s, 'b', waitAll(['a', 'c'])).state;
    expect(hitsOf(s).map((h) => [h.attacker, h.target, h.hp])).toEqual([['a', 'c', 6]]);
  });
});
