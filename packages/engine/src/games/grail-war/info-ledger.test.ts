import { describe, expect, test } from 'vitest';
import { PIECES, atEncounters, gave } from './info-test-support.ts';
import { summarize, validPlacement } from './info-ledger.ts';
import type { CorePiece } from './info-ledger.ts';
import type { GrailWarState } from './state.ts';
import { GM, apply, master, room, run, seat, servant } from './test-support.ts';
import { view } from './view.ts';

/** a (s1) knows nothing yet of b (s2, Lancer), whose master mb sits at s4. */
const calm = (): GrailWarState =>
  room({
    a: { seat: 's1', sheet: servant() },
    b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
    mb: { seat: 's4', partner: 'b', sheet: master({ name: 'Master B' }) },
  });
const entry = (s: GrailWarState) => s.info.entries.find((e) => e.knower === 'a' && e.target === 'b')!;
const A = seat('s1');
const code = (s: GrailWarState, c: Parameters<typeof apply>[1]) => {
  const r = apply(s, c, A);
  return r.ok ? 'ok' : r.error.code;
};

describe('GW-INFO-03 core info: exactly the 16 placements', () => {
  const kinds = ['encounter', 'rumor', 'combat', 'legend'] as const;
  const all: [CorePiece, CorePiece][] = [];
  for (const k1 of kinds) for (const k2 of kinds) for (const g of [4, 5] as const) for (const h of ['stats', 'skills'] as const)
    for (const g2 of [4, 5] as const) for (const h2 of ['stats', 'skills'] as const)
      all.push([{ kind: k1, grade: g, holds: h, content: 'x' }, { kind: k2, grade: g2, holds: h2, content: 'y' }]);
  test('GW-INFO-03 "2×2×2×2 = 16 valid placements" (ordered pairs counted once each way)', () => {
    expect(all.filter(validPlacement).length).toBe(32);
  });
  test('GW-INFO-03 the GM placing two pieces both in 조우/전투 is refused', () => {
    const r = apply(calm(), { type: 'info.place', servant: 'b', pieces: [PIECES[0]!, { ...PIECES[1]!, kind: 'encounter' }] }, GM);
    expect(r.ok ? 'ok' : r.error.code).toBe('BAD_PLACEMENT');
  });
});

describe('GW-INFO-04 / TV-INFO-03 / TV-INFO-04 the derived summary', () => {
  test('TV-INFO-03 "given a new ledger with no guess; expect T = −3, class unknown". After 3 points: T = 0 and class known', () => {
    let s = gave(calm(), 'a', 'b', 'encounter', 0);
    expect(summarize(entry(s))).toMatchObject({ total: -3, classKnown: false });
    s = gave(gave(s, 'a', 'b', 'rumor', 2), 'a', 'b', 'combat', 1);
    expect(summarize(entry(s))).toMatchObject({ total: 0, classKnown: true });
  });
  test('TV-INFO-04 "given 1 point received and a correct guess; expect T = 1"', () => {
    const s = run(gave(calm(), 'a', 'b', 'combat', 1), A, { type: 'info.guess', target: 'b', className: 'lancer' }).state;
    expect(s.ledger.find((k) => k.knower === 'a')).toMatchObject({ total: 1, classKnown: true, failedGuess: false });
  });
  test('TV-INFO-04 "given a wrong guess instead; expect −2 on non-NP damage until 2 more points arrive"', () => {
    const s = run(gave(calm(), 'a', 'b', 'combat', 1), A, { type: 'info.guess', target: 'b', className: 'saber' }).state;
    expect(s.ledger.find((k) => k.knower === 'a')).toMatchObject({ total: -2, classKnown: false, failedGuess: true });
    expect(code(s, { type: 'info.guess', target: 'b', className: 'lancer' })).toBe('GUESS_USED');
  });
  test('TV-HIDE-02 "A received 2 false points about S": A sees T_believed = T_auth + 6; the GM sees both', () => {
    const s = run(gave(calm(), 'a', 'b', 'rumor', 2, 2), A, { type: 'info.allocate', target: 'b', kind: 'rumor' }).state;
    const k = s.ledger.find((x) => x.knower === 'a')!;
    expect(k.believed - k.total).toBe(6);
    const mine = view(s, A);
    expect(mine.info[0]).not.toHaveProperty('authoritative');
    expect(mine.ledger[0]).not.toHaveProperty('total');
    expect(view(s, GM).info[0]!.authoritative!.false.rumor).toBe(2);
  });
});

describe('GW-INFO-16 / TV-INFO-05 allocations and open attempts', () => {
  test('TV-INFO-05 "given 5 전투 points and a core piece at (전투, 4); allocate 4 → 전투 grade 4, then 1 → attempt at (전투, 4); expect success. T unchanged"', () => {
    let s = run(gave(calm(), 'a', 'b', 'combat', 5), GM, { type: 'info.place', servant: 'b', pieces: PIECES }).state;
    const before = s.ledger.find((k) => k.knower === 'a')?.total ?? summarize(entry(s)).total;
    for (let i = 0; i < 4; i++) s = run(s, A, { type: 'info.allocate', target: 'b', kind: 'combat' }).state;
    expect(entry(s).grades.combat).toBe(4);
    s = run(s, A, { type: 'info.open', target: 'b', kind: 'combat', grade: 4 }).state;
    expect(entry(s).attempts).toEqual([{ kind: 'combat', grade: 4, found: 'stats', content: 'STR B END C' }]);
    expect(s.ledger.find((k) => k.knower === 'a')!.total).toBe(before);
    expect(code(s, { type: 'info.allocate', target: 'b', kind: 'combat' })).toBe('NO_POINT');
  });
  test('GW-INFO-16 (b) / GW-HIDE-F03 a miss shows only "nothing here"; a grade above the knower\'s is refused', () => {
    let s = run(gave(calm(), 'a', 'b', 'encounter', 2), GM, { type: 'info.place', servant: 'b', pieces: PIECES }).state;
    expect(code(s, { type: 'info.open', target: 'b', kind: 'encounter', grade: 1 })).toBe('GRADE_TOO_HIGH');
    s = run(s, A, { type: 'info.allocate', target: 'b', kind: 'encounter' }).state;
    s = run(s, A, { type: 'info.open', target: 'b', kind: 'encounter', grade: 1 }).state;
    expect(view(s, A).info[0]!.attempts).toEqual([{ kind: 'encounter', grade: 1, found: null, content: null }]);
    expect(JSON.stringify(view(s, A))).not.toContain('Clairvoyance C');
  });
});

describe('GW-INFO-17 / GW-INFO-18 true-name rights', () => {
  test('GW-INFO-17 "both core pieces open → 1 right, +1 per point afterwards"; the GM judges; INFO-18 later points become XP', () => {
    let s = gave(calm(), 'a', 'b', 'encounter', 0);
    s.info.core.b = PIECES.map((p) => ({ ...p }));
    entry(s).attempts = [{ kind: 'combat', grade: 4, found: 'stats', content: 'STR B END C' }];
    entry(s).grades = { encounter: 0, rumor: 0, combat: 4, legend: 5 };
    entry(s).freeOpens = 1;
    s = run(s, A, { type: 'info.open', target: 'b', kind: 'legend', grade: 5 }).state;
    expect(entry(s).rights).toBe(1);
    s = run(atEncounters(s), GM, { type: 'info.encounter', knower: 'a', met: 'b' }).state;
    expect(entry(s).rights).toBe(2);
    s = run(s, A, { type: 'info.trueName', target: 'b', name: 'Cu Chulainn' }).state;
    expect(code(s, { type: 'info.trueName', target: 'b', name: 'Other' })).toBe('ATTEMPT_PENDING');
    s = run(s, GM, { type: 'info.judge', knower: 'a', target: 'b', right: true }).state;
    expect(s.ledger.find((k) => k.knower === 'a')!.trueNameKnown).toBe(true);
    s = run(atEncounters(s), GM, { type: 'info.encounter', knower: 'a', met: 'b' }).state;
    expect(entry(s).xp).toBe(1);
  });
});

describe('GW-INFO-05 / TV-INFO-06 recon and search encounters', () => {
  test('TV-INFO-06 "given a knower with 0 조우 and 0 전투 meets a master; expect no 소문/전승 gain"', () => {
    const r = apply(atEncounters(calm()), { type: 'info.encounter', knower: 'a', met: 'mb', kind: 'rumor' }, GM);
    expect(r.ok ? 'ok' : r.error.code).toBe('NEEDS_ENCOUNTER_OR_COMBAT');
  });
  test('TV-INFO-06 "given 1 조우 and a gain of 조우 already this scene; expect a 소문 gain refused, but 전승 allowed"', () => {
    const s = run(atEncounters(calm()), GM, { type: 'info.encounter', knower: 'a', met: 'b' }).state;
    const r = apply(s, { type: 'info.encounter', knower: 'a', met: 'mb', kind: 'rumor' }, GM);
    expect(r.ok ? 'ok' : r.error.code).toBe('KIND_EXCLUDED');
    const ok = run(s, GM, { type: 'info.encounter', knower: 'a', met: 'mb', kind: 'legend' }).state;
    expect(entry(ok).genuine).toMatchObject({ encounter: 1, legend: 1 });
  });
});

describe('GW-HIDE-F11 / F14 the ledger is the knower\'s and the GM\'s only', () => {
  test('GW-HIDE-F14 a class guess and its result reach neither the target nor anyone else', () => {
    const s = gave(calm(), 'a', 'b', 'combat', 1);
    const r = apply(s, { type: 'info.guess', target: 'b', className: 'berserker' }, A);
    expect(r.ok).toBe(true);
    const after = r.ok ? r.value.state : s;
    for (const v of [seat('s2'), seat('s4'), { role: 'spectator' } as const]) expect([view(after, v).info, view(after, v).ledger]).toEqual([[], []]);
    expect(view(after, A).info[0]!.guesses).toEqual([{ className: 'berserker', right: false }]);
    expect(view(after, GM).info[0]!.guesses).toEqual([{ className: 'berserker', right: false }]);
  });
});
