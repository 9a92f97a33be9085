import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import type { NoblePhantasm } from './sheets.ts';
import type { GrailWarEvent } from './events.ts';
import type { GrailWarOptions } from './options.ts';
import type { Streak } from './region-map.ts';
import { battleLoss, distancesFrom, mealLoss, nextStreak } from './region-map.ts';
import { battleSeen } from './region-observe.ts';
import { chain, withData } from './region-test-support.ts';
import { begun, declareAll, resolveTo, short } from './scene-test-support.ts';
import type { GrailWarState } from './state.ts';
import { GM, SPECTATOR, master, refused, room, run, seat, servant, start } from './test-support.ts';
import { view } from './view.ts';

const np = (id: string, npType: NoblePhantasm['npType']): NoblePhantasm => ({ id, name: id, npType, mode: 'trueNameRelease', hpDamage: 10, mpDamage: 0, mpCost: 0, cards: 1 });

/**
 * s (seat s1) and its master ms (s2) against p (s3); o (s4) and q (s5) stand outside; six regions p1–p6 in a chain,
 * one 칸 apart each (CORE-08).
 */
function table(options: Partial<GrailWarOptions> = {}): GrailWarState {
  const s = room(
    {
      s: { seat: 's1', sheet: servant({ noblePhantasms: [np('fortress', 'antiFortress'), np('country', 'antiCountry'), np('world', 'antiWorld')] }) },
      ms: { seat: 's2', partner: 's', sheet: master({ name: 'Master S' }) },
      p: { seat: 's3', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
      o: { seat: 's4', sheet: servant({ alias: 'Rider', className: 'rider' }) },
      q: { seat: 's5', sheet: master({ name: 'Master Q' }) },
    },
    options,
  );
  let b = begun(s);
  for (const name of ['번화가', '학교', '대교']) b = run(b, GM, { type: 'place.add', name }).state;
  return chain(b, 'p1', 'p2', 'p3', 'p4', 'p5', 'p6');
}

const SEATS = ['s1', 's2', 's3', 's4', 's5'];
const viewers: Viewer[] = [...SEATS.map(seat), SPECTATOR, GM];
const place = (s: GrailWarState, at: Record<string, string>): GrailWarState => {
  for (const [character, region] of Object.entries(at)) s = run(s, GM, { type: 'region.place', character, region }).state;
  return s;
};

/** An ended battle of s against p, s having played the named NP (or none), in a Day or Night scene. */
function ended(s: GrailWarState, used: string | null, scene: 'day' | 'night' = 'day'): GrailWarState {
  const next = structuredClone(start(s, [{ character: 's', side: 'A' }, { character: 'p', side: 'B' }], { scene }));
  const b = next.battle!;
  b.phase = 'ended';
  b.rewards = [];
  if (used) {
    b.npUsers = ['s'];
    b.history = [{ batch: 1, slot: 1, plays: [{ character: 's', opponent: 'p', judgment: { card: 'np', np: used } }], supports: [], hits: [], npCosts: [], defeated: [] }];
  }
  return next;
}

const gainsOf = (s: GrailWarState) => battleSeen(s, s.battle!)!.gains.map((g) => [g.knower, g.target, g.kind, g.points]);

describe('GW-CORE-08 the map: regions in a graph, distance in 칸', () => {
  test.each([
    ['GW-CORE-08 "Distance is counted in 칸 (steps between regions)": along the chain', 'p1', { p1: 0, p2: 1, p3: 2, p6: 5 }],
    ['GW-CORE-08 a region counts from itself both ways', 'p4', { p1: 3, p4: 0, p6: 2 }],
  ])('%s', (_rule, from, want) => {
    const d = distancesFrom(table().regions, from);
    for (const [r, n] of Object.entries(want)) expect(d.get(r)).toBe(n);
  });

  test('GW-CORE-08 a shortcut link is the shortest path; an unlinked pair is unreachable', () => {
    let s = run(table(), GM, { type: 'region.link', a: 'p1', b: 'p6', linked: true }).state;
    expect(distancesFrom(s.regions, 'p1').get('p6')).toBe(1);
    s = run(s, GM, { type: 'region.link', a: 'p3', b: 'p4', linked: false }).state;
    s = run(s, GM, { type: 'region.link', a: 'p1', b: 'p6', linked: false }).state;
    expect(distancesFrom(s.regions, 'p1').has('p6')).toBe(false);
  });

  test.each([
    ['GW-CORE-08 a link names two regions of the map', { type: 'region.link', a: 'p1', b: 'p9', linked: true }, 'NO_SUCH_REGION GW-CORE-08'],
    ['GW-CORE-08 a region is not linked to itself', { type: 'region.link', a: 'p1', b: 'p1', linked: true }, 'NO_SUCH_REGION GW-CORE-08'],
    ['GW-CORE-08 "Each character has one current region" among the map', { type: 'region.place', character: 's', region: 'p9' }, 'NO_SUCH_REGION GW-CORE-08'],
  ] as const)('%s', (_rule, command, code) => {
    expect(refused(table(), GM, command)).toBe(code);
  });

  test('GW-CORE-08 FLOW-03 S3.1 moves: resolving the moves puts each character in its declared region', () => {
    let s = declareAll(table(), { s: short('p2', 'search'), ms: short('p5', 'rest') });
    s = resolveTo(run(s, GM, { type: 'scene.reveal' }).state, 1);
    expect([s.regions.at.s, s.regions.at.ms]).toEqual(['p2', 'p5']);
  });
});

describe('GW-REGION-01..03 region data, population and closure', () => {
  test('GW-REGION-02 "Example: 번화가 (downtown), population 6, recovery 1 per scene": 3 eaten, 1 back at the scene end', () => {
    let s = withData(table(), 'p1');
    s = declareAll(s, { s: short('p1', 'cannibalism') });
    s = resolveTo(run(s, GM, { type: 'scene.reveal' }).state, 6);
    s = run(s, GM, { type: 'region.eat', character: 's', count: 3 }).state;
    expect(view(s, GM).map.known.p1!.people.day).toBe(3);
    expect(refused(s, GM, { type: 'region.eat', character: 's', count: 4 })).toBe('NOT_ENOUGH_PEOPLE GW-REGION-02');
    s = run(s, GM, { type: 'scene.end' }).state;
    expect(view(s, GM).map.known.p1!.people.day).toBe(4);
  });

  test('GW-REGION-02 a per-day rate refills both halves at the day end, not at a scene end', () => {
    let s = withData(table(), 'p1', { recovery: { day: 2, night: 2, per: 'day' } });
    s = structuredClone(s);
    s.regions.eaten.p1 = { day: 3, night: 3 };
    s = run(run(s, GM, { type: 'scene.reveal' }).state, GM, { type: 'scene.resolve' }).state;
    s = resolveTo(s, 6);
    s = run(s, GM, { type: 'scene.end' }).state;
    expect(s.regions.eaten.p1).toEqual({ day: 3, night: 3 });
    s = resolveTo(run(run(s, GM, { type: 'scene.begin' }).state, GM, { type: 'scene.reveal' }).state, 6);
    s = run(s, GM, { type: 'scene.end' }).state;
    expect(s.regions.eaten.p1).toEqual({ day: 1, night: 1 });
  });

  test('GW-REGION-05 식인 is the declared servant\'s: without the declaration it is refused', () => {
    let s = withData(table(), 'p1');
    s = resolveTo(run(declareAll(s, { s: short('p1', 'search') }), GM, { type: 'scene.reveal' }).state, 1);
    expect(refused(s, GM, { type: 'region.eat', character: 's', count: 1 })).toBe('NOT_DECLARED GW-FLOW-05');
    expect(refused(s, GM, { type: 'region.eat', character: 'ms', count: 1 })).toBe('NOT_A_SERVANT GW-REGION-05');
  });

  test('GW-REGION-03 TV-REGION-03 "concealment 3 and a battle generating 3; expect 0 → region closed and bases there destroyed"', () => {
    let s = withData(table(), 'p1', { concealment: { day: 3, night: 10 } });
    s = structuredClone(s);
    s.regions.bases.push({ master: 'ms', region: 'p1' });
    s = place(s, { s: 'p1', p: 'p1', o: 'p2', q: 'p3' });
    // o (1 칸) and q (2 칸) see a Day battle without NP: +1 each; p's reward adds 1 more.
    s = ended(s, null);
    s.battle!.rewards = [{ character: 'p', xp: 0, merit: 0, info: [{ target: 's', type: 'combat', points: 1 }], notes: [] }];
    s = run(s, GM, { type: 'battle.close' }).state;
    expect(s.regions.data.p1!.concealment.day).toBe(0);
    const closed = run(resolveTo(run(s, GM, { type: 'scene.reveal' }).state, 6), GM, { type: 'scene.end' });
    expect(closed.state.regions.closed).toEqual(['p1']);
    expect(closed.state.regions.bases).toEqual([]);
    // Closure is public (HIDE-F21, F32); the destroyed base reads to its pair and the GM only.
    for (const v of viewers) {
      const read = closed.events.map((e) => viewEvent(e, v));
      expect(read.some((e) => e?.type === 'region.closed')).toBe(true);
      expect(read.some((e) => e?.type === 'base.destroyed')).toBe(v.role === 'gm' || (v.role === 'player' && ['s1', 's2'].includes(v.seat)));
    }
  });

  test('GW-REGION-03 `opt:regionConcealment` off: no concealment falls and no region closes', () => {
    let s = withData(table({ regionConcealment: false }), 'p1', { concealment: { day: 1, night: 1 } });
    s = run(ended(place(s, { s: 'p1', p: 'p1', o: 'p2' }), null), GM, { type: 'battle.close' }).state;
    expect(s.regions.data.p1!.concealment.day).toBe(1);
  });
});

describe('GW-REGION-04/05/08 concealment lost to battles and 식인', () => {
  test.each([
    ['GW-REGION-04 TV-REGION-01 "battles in region R in consecutive scenes generate 4, 3, 2 info points; expect concealment −4, −5, −6"', [4, 3, 2], [4, 5, 6], false],
    ['GW-REGION-08 "프랜 시포 −1 on battle concealment loss"', [4, 3, 0], [3, 4, 3], true],
  ])('%s', (_rule, info, want, fran) => {
    let streak: Streak | undefined;
    const got = info.map((n, i) => {
      streak = nextStreak(streak, i + 1, 'consecutiveScenes');
      return battleLoss(n, streak.k, fran);
    });
    expect(got).toEqual(want);
  });

  test.each([
    ['GW-REGION-05 TV-REGION-02 "cannibalism of 3, then 2, then 2 in consecutive scenes; expect −3, −4, −6"', [3, 2, 2], [3, 4, 6], false],
    ['GW-REGION-08 TV-REGION-02 "With 조지 바스커빌 eating 1 (first act): expect 0"', [1], [0], true],
  ])('%s', (_rule, eaten, want, george) => {
    let streak: Streak | undefined;
    const got = eaten.map((n, i) => {
      streak = nextStreak(streak, i + 1, 'consecutiveScenes');
      return mealLoss(n, streak.k, george);
    });
    expect(got).toEqual(want);
  });

  test.each([
    ['GW-REGION-04 "Consecutive" = in consecutive scenes: a gap of a scene starts again', 'consecutiveScenes', [1, 3], [1, 1]],
    ['GW-REGION-04 `opt:consecutiveDefinition` sameScene: only within one scene', 'sameScene', [1, 1, 2], [1, 2, 1]],
  ] as const)('%s', (_rule, def, scenes, ks) => {
    let streak: Streak | undefined;
    expect(scenes.map((n) => (streak = nextStreak(streak, n, def)).k)).toEqual(ks);
  });

  test('GW-REGION-05 식인 lowers the region\'s concealment for the half: 3 eaten → −3, told to the GM alone', () => {
    let s = withData(table(), 'p1');
    s = resolveTo(run(declareAll(s, { s: short('p1', 'cannibalism') }), GM, { type: 'scene.reveal' }).state, 1);
    const r = run(s, GM, { type: 'region.eat', character: 's', count: 3 });
    expect(r.state.regions.data.p1!.concealment).toEqual({ day: 7, night: 10 });
    for (const v of viewers) expect(r.events.map((e) => viewEvent(e, v)).some((e) => e?.type === 'region.concealment')).toBe(v.role === 'gm');
  });

  test('GW-REGION-08 조지 바스커빌 (by sheet name) eating 1 costs the region nothing', () => {
    let s = structuredClone(withData(table(), 'p1'));
    const sheet = s.characters.s!.sheet;
    if (sheet.kind === 'servant') sheet.alias = '조지 바스커빌';
    s = resolveTo(run(declareAll(s, { s: short('p1', 'cannibalism') }), GM, { type: 'scene.reveal' }).state, 1);
    expect(run(s, GM, { type: 'region.eat', character: 's', count: 1 }).state.regions.data.p1!.concealment.day).toBe(10);
  });

  test('GW-REGION-04 a battle lowers its region\'s concealment by the info points it generated there', () => {
    // o at 2 칸 sees a Day battle: +2 about s (INFO-07 doubled by its 대성 NP), +1 about p; p gains INFO-10's extra +1.
    let s = place(withData(table(), 'p1'), { s: 'p1', p: 'p1', o: 'p3', q: 'p6' });
    s = run(ended(s, 'fortress'), GM, { type: 'battle.close' }).state;
    expect(s.regions.data.p1!.concealment.day).toBe(10 - 4);
  });
});

describe('GW-INFO-07 / GW-INFO-10 observers, TV-INFO-07/08', () => {
  test('GW-INFO-07 TV-INFO-07 "observer O is 2 칸 away with 1 조우 and 0 전투; expect O +2 전투 (fallback). Observer P holds 1 전투; expect P +2 소문 or 전승"', () => {
    let s = place(table(), { s: 'p1', p: 'p1', o: 'p3', q: 'p3' });
    s = structuredClone(s);
    // q holds 전투 about s (an earlier battle's INFO-06 gain).
    s.regions.combatHeld.push('q>s');
    s = ended(s, 'fortress');
    const o = gainsOf(s).filter(([k, t]) => (k === 'o' || k === 'q') && t === 's');
    expect(o).toEqual([
      ['o', 's', 'combat', 2],
      ['q', 's', 'rumor', 2],
    ]);
  });

  test.each([
    ['GW-INFO-07 a Night battle is not a daytime battle: no observer gains', 'night', null, []],
    ['GW-INFO-07 "every character within 2 칸" and no farther, about each servant fighting: o at 2 gains, q at 5 does not; the participants are no observers (INFERRED)', 'day', null, [['o', 's', 'combat', 1], ['o', 'p', 'combat', 1]]],
  ] as const)('%s', (_rule, scene, used, want) => {
    const s = ended(place(table(), { s: 'p1', p: 'p1', o: 'p3', q: 'p6' }), used, scene);
    expect(gainsOf(s)).toEqual(want);
  });

  test('GW-INFO-10 TV-INFO-08 "a 대국 NP in region R; O at distance 3, Q at distance 5, opponent P in the battle; expect O +1, Q +0, P gets INFO-06/08 gains +2"', () => {
    const s = ended(place(table(), { s: 'p1', p: 'p1', o: 'p4', q: 'p6' }), 'country', 'night');
    expect(gainsOf(s)).toEqual([
      ['o', 's', 'combat', 1],
      ['p', 's', 'combat', 2],
    ]);
  });

  test('GW-INFO-10 대계 "all regions": everyone outside gains 2, the opponents +3, wherever they stand', () => {
    const s = ended(place(table(), { s: 'p1', p: 'p1', o: 'p6' }), 'world', 'night');
    expect(gainsOf(s)).toEqual([
      ['o', 's', 'combat', 2],
      ['q', 's', 'combat', 2],
      ['p', 's', 'combat', 3],
    ]);
  });

  test('GW-INFO-10 with INFO-07 `opt:areaNpWithDaytime`: max by default, or summed', () => {
    const at = { s: 'p1', p: 'p1', o: 'p3', q: 'p6' };
    expect(gainsOf(ended(place(table(), at), 'fortress'))[0]).toEqual(['o', 's', 'combat', 2]);
    expect(gainsOf(ended(place(table({ areaNpWithDaytime: 'sum' }), at), 'fortress'))[0]).toEqual(['o', 's', 'combat', 3]);
  });

  test('GW-INFO-07 the gains enter the ledger at battle close through receiveInfo: o from −3 to −1', () => {
    const s = run(ended(place(table(), { s: 'p1', p: 'p1', o: 'p3', q: 'p6' }), 'fortress'), GM, { type: 'battle.close' }).state;
    expect(s.ledger.find((k) => k.knower === 'o' && k.target === 's')?.total).toBe(-1);
    expect(s.ledger.some((k) => k.knower === 'q')).toBe(false);
  });
});

/** Every event each viewer received, as JSON. */
const received = (events: GrailWarEvent[], v: Viewer): string => JSON.stringify(events.map((e) => viewEvent(e, v)));

describe('GW-HIDE-F19/F21/F22/F30 who sees the map', () => {
  test('GW-HIDE-F21 region data (population, concealment, features, special situations) is the GM\'s until a master\'s 정찰 there (REGION-06, REGION-07)', () => {
    const secret = 'PLANTED-special-4471';
    let s = table();
    const set = run(s, GM, { type: 'region.set', region: 'p2', data: { features: ['nightMerit'], restBonus: 0, population: { day: 817, night: 818 }, recovery: { day: 1, night: 1, per: 'scene' }, concealment: { day: 913, night: 914 }, special: [secret] } });
    s = set.state;
    for (const v of viewers) {
      const seen = JSON.stringify(view(s, v)) + received(set.events, v);
      for (const planted of [secret, '817', '913', 'nightMerit']) expect(seen.includes(planted), `${JSON.stringify(v)} ${planted}`).toBe(v.role === 'gm');
    }
    // ms reconnoitres p2: its seat learns the data; its servant's seat, other players and spectators do not.
    s = declareAll(s, { ms: short('p2', 'recon', 'rest') });
    s = resolveTo(run(s, GM, { type: 'scene.reveal' }).state, 2);
    const recon = run(s, GM, { type: 'scene.resolve' });
    for (const v of viewers) {
      const seen = JSON.stringify(view(recon.state, v)) + received(recon.events, v);
      expect(seen.includes(secret), JSON.stringify(v)).toBe(v.role === 'gm' || (v.role === 'player' && v.seat === 's2'));
    }
    expect(recon.state.regions.knowers.p2).toEqual(['ms']);
  });

  test('GW-HIDE-F21 the regions\' names and links are everyone\'s, so a move can be declared', () => {
    for (const v of viewers) expect(view(table(), v).map.links).toHaveLength(5);
  });

  test('GW-HIDE-F22 a base (FLOW-05 거점 생성, 5 MP) is its master\'s pair\'s and the GM\'s', () => {
    let s = declareAll(table(), { ms: short('p4', 'createBase', 'rest') });
    s = resolveTo(run(s, GM, { type: 'scene.reveal' }).state, 1);
    const mp = s.characters.ms!.sheet.mp.current;
    const made = run(s, GM, { type: 'scene.resolve' });
    expect(made.state.regions.bases).toEqual([{ master: 'ms', region: 'p4' }]);
    expect(made.state.characters.ms!.sheet.mp.current).toBe(mp - 5);
    for (const v of viewers) {
      const seen = JSON.stringify(view(made.state, v).map.bases) + received(made.events, v);
      expect(seen.includes('p4'), JSON.stringify(v)).toBe(v.role === 'gm' || (v.role === 'player' && ['s1', 's2'].includes(v.seat)));
    }
  });

  test('GW-HIDE-F19 a current region is its character\'s pair\'s and the GM\'s', () => {
    const r = run(table(), GM, { type: 'region.place', character: 'ms', region: 'p5' });
    for (const v of viewers) {
      const seen = JSON.stringify(view(r.state, v).map.at) + received(r.events, v);
      expect(seen.includes('p5'), JSON.stringify(v)).toBe(v.role === 'gm' || (v.role === 'player' && ['s1', 's2'].includes(v.seat)));
    }
  });

  test('GW-HIDE-F30 observers in range get "battle involving servant X at region R" and their own gain; nobody else', () => {
    const s = ended(place(table(), { s: 'p1', p: 'p1', o: 'p3', q: 'p6' }), 'fortress');
    const r = run(s, GM, { type: 'battle.close' });
    for (const v of viewers) {
      const read = r.events.map((e) => viewEvent(e, v));
      const observed = read.filter((e) => e?.type === 'battle.observed');
      const o = v.role === 'player' && v.seat === 's4';
      expect(observed.length > 0, JSON.stringify(v)).toBe(o || v.role === 'gm');
      if (o) expect(observed).toEqual(['s', 'p'].map((servant) => ({ type: 'battle.observed', observer: 'o', servant, region: 'p1' })));
      const gain = read.some((e) => e?.type === 'knowledge.set' && e.entry.knower === 'o');
      expect(gain, JSON.stringify(v)).toBe(o || v.role === 'gm');
    }
  });

  test('GW-HIDE-F30 "대계: everyone": the battle in its region is told to every viewer', () => {
    const r = run(ended(place(table(), { s: 'p1', p: 'p1' }), 'world', 'night'), GM, { type: 'battle.close' });
    for (const v of viewers) expect(r.events.map((e) => viewEvent(e, v)).some((e) => e?.type === 'battle.observed' && e.observer === null)).toBe(true);
  });
});
