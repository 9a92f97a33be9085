import { describe, expect, test } from 'vitest';
import { gave } from './info-test-support.ts';
import type { GrailWarCommand } from './commands.ts';
import type { GrailWarState } from './state.ts';
import type { Viewer } from '@veiltable/protocol';
import { apply, master, prepareAll, room, seat, servant, start } from './test-support.ts';
import { view } from './view.ts';

// GW-INFO-02 "Four types: Encounter 조우, Rumor 소문, Combat 전투, Legend 전승. Each type has a grade track 0..5 (starts
// at 0)", GW-INFO-19 (both SS keywords revealed), and GW-HIDE-D9: info allocations, core-info attempts, class guesses and true-name attempts are made "any time
// outside a batch" (INFERRED): refused while a judgment batch is open, allowed between battles and before one.

/** a (s1) has received 6 전투 points about b (s2, Lancer); each fights for its own side. */
const calm = (): GrailWarState =>
  gave(
    room({
      a: { seat: 's1', sheet: servant() },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
      mb: { seat: 's4', partner: 'b', sheet: master({ name: 'Master B' }) },
    }),
    'a',
    'b',
    'combat',
    6,
  );
const A = seat('s1');
const code = (s: GrailWarState, c: GrailWarCommand) => {
  const r = apply(s, c, A);
  return r.ok ? 'ok' : r.error.code;
};
const entry = (s: GrailWarState) => s.info.entries.find((e) => e.knower === 'a' && e.target === 'b')!;
const allocate = { type: 'info.allocate', target: 'b', kind: 'combat' } as const;

describe('GW-INFO-02 four kinds, each a grade track 0..5 from 0', () => {
  test('GW-INFO-02 a new entry holds the four kinds at grade 0', () => {
    expect(entry(calm()).grades).toEqual({ encounter: 0, rumor: 0, combat: 0, legend: 0 });
  });
  test('GW-INFO-02 allocations raise one kind\'s grade a step at a time, and no further than 5', () => {
    let s = calm();
    for (let g = 1; g <= 5; g++) {
      const r = apply(s, allocate, A);
      if (!r.ok) throw new Error(r.error.code);
      s = r.value.state;
      expect(entry(s).grades).toEqual({ encounter: 0, rumor: 0, combat: g, legend: 0 });
    }
    expect(code(s, allocate)).toBe('GRADE_MAX');
  });
});

describe('GW-HIDE-D9 ledger choices outside a batch', () => {
  const battling = () => prepareAll(start(calm(), [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }]));
  test.each([
    ['an allocation', allocate],
    ['a core-info attempt', { type: 'info.open', target: 'b', kind: 'combat', grade: 1 }],
    ['a class guess', { type: 'info.guess', target: 'b', className: 'lancer' }],
    ['a true-name attempt', { type: 'info.trueName', target: 'b', name: 'Cu Chulainn' }],
  ] as [string, GrailWarCommand][])('GW-HIDE-D9 %s while a judgment batch is open is refused', (_name, command) => {
    const s = battling();
    expect(s.battle!.phase).toBe('submit');
    expect(code(s, command)).toBe('IN_BATCH');
  });
  test('GW-HIDE-D9 the same allocation before the battle and in its pre-battle step is taken', () => {
    expect(code(calm(), allocate)).toBe('ok');
    const prebattle = start(calm(), [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }]);
    expect(prebattle.battle!.phase).toBe('prebattle');
    expect(code(prebattle, allocate)).toBe('ok');
  });
});

describe('GW-INFO-19 both SS keywords revealed count as the true name', () => {
  // 001 #13: "if both keywords are revealed, treat it as true name (or mission 사명) revealed" (MISC-01).
  const keyed = () => {
    const s = structuredClone(calm());
    s.characters.b!.ssKeywords = ['lake', 'spear'];
    return s;
  };
  const GM_: Viewer = { role: 'gm' };
  const keyword = (s: GrailWarState, word: string) => apply(s, { type: 'info.keyword', knower: 'a', target: 'b', keyword: word }, GM_);
  test.each([
    ['one keyword of two: not yet the true name', ['lake'], false],
    ['both keywords: the true name is revealed, as a right attempt would', ['lake', 'spear'], true],
  ])('GW-INFO-19 %s', (_name, words, revealed) => {
    let s = keyed();
    for (const w of words) {
      const r = keyword(s, w);
      if (!r.ok) throw new Error(r.error.code);
      s = r.value.state;
    }
    expect(entry(s).keywords).toEqual(words);
    expect(entry(s).trueNameRevealed).toBe(revealed);
    expect(s.ledger.find((k) => k.knower === 'a' && k.target === 'b')!.trueNameKnown).toBe(revealed);
  });
  test.each([
    ['a word that is not one of the target\'s keywords', (s: GrailWarState) => keyword(s, 'sword'), 'NOT_A_KEYWORD'],
    ['the same keyword twice', (s: GrailWarState) => keyword((keyword(s, 'lake') as { value: { state: GrailWarState } }).value.state, 'lake'), 'KEYWORD_KNOWN'],
    ['a player recording it for itself', (s: GrailWarState) => apply(s, { type: 'info.keyword', knower: 'a', target: 'b', keyword: 'lake' }, A), 'NOT_GM'],
  ])('GW-INFO-19 refused: %s', (_name, attempt, expected) => {
    const r = attempt(keyed());
    expect(r.ok ? 'ok' : r.error.code).toBe(expected);
  });
  test('GW-INFO-19 what the knower revealed is its own: the target\'s player and the others never read it', () => {
    const s = (keyword(keyed(), 'lake') as { value: { state: GrailWarState } }).value.state;
    expect(JSON.stringify(view(s, A))).toContain('lake');
    for (const other of [seat('s2'), seat('s4'), { role: 'spectator' } as Viewer]) expect(JSON.stringify(view(s, other)).includes('"keywords":["lake"]')).toBe(false);
  });
});
