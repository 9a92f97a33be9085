import { describe, expect, test } from 'vitest';
import { grailWar } from './index.ts';
import { GM, master, readAll, refused, room, run, seat, servant } from './test-support.ts';
import type { GrailWarState } from './state.ts';
import { setup } from './state.ts';

// Characters are named by the engine, never by whoever registers them (issue 13 item 6): c1, c2, … in registration
// order, like seats (s1, s2, …), so a replayed log names them the same and no two share a name.

const SEED = 'b'.repeat(64);
const seated = (n: number): GrailWarState => {
  let s = setup(SEED);
  for (let i = 1; i <= n; i++) s = run(s, GM, { type: 'seat.add', name: `P${i}` }).state;
  return s;
};

describe('character ids the engine makes', () => {
  test('registrations are named c1, c2, c3 in order; the partner is the chosen id; the event carries the id', () => {
    let s = seated(3);
    const first = run(s, GM, { type: 'character.register', seat: 's1', partner: null, sheet: servant() });
    s = first.state;
    expect(readAll(first.events)).toMatchObject([{ type: 'character.registered', id: 'c1', kind: 'servant' }]);
    s = run(s, GM, { type: 'character.register', seat: 's2', partner: 'c1', sheet: master({ name: 'Rin' }) }).state;
    s = run(s, GM, { type: 'character.register', seat: 's3', partner: null, sheet: servant({ alias: 'Lancer' }) }).state;
    expect(Object.keys(s.characters)).toEqual(['c1', 'c2', 'c3']);
    expect(s.characters.c1!.partner).toBe('c2');
    expect(s.characters.c2!.partner).toBe('c1');
    expect(readAll(first.events, seat('s2'))).toEqual([{ type: 'character.registered', id: 'c1', kind: 'servant', name: 'Saber of the east' }]);
  });

  test('the same commands on the same state name the same characters (a replayed log rebuilds them)', () => {
    const register = (s: GrailWarState) =>
      [1, 2, 3].reduce((acc, n) => run(acc, GM, { type: 'character.register', seat: `s${n}`, partner: null, sheet: servant({ alias: `A${n}` }) }).state, s);
    const a = register(seated(3));
    const b = register(seated(3));
    expect(Object.keys(a.characters)).toEqual(Object.keys(b.characters));
    expect(Object.values(a.characters).map((c) => [c.id, c.seat])).toEqual([['c1', 's1'], ['c2', 's2'], ['c3', 's3']]);
  });

  test('an id already taken is stepped over, so ids stay unique', () => {
    // A room whose first characters were named before the engine named them (here a fixture's handle 'c2').
    let s = room({ a: { seat: 's1', sheet: servant() }, c2: { seat: 's2', sheet: servant({ alias: 'B' }) } });
    s = run(s, GM, { type: 'character.register', seat: 's3', partner: null, sheet: servant({ alias: 'C' }) }).state;
    s = run(s, GM, { type: 'character.register', seat: 's4', partner: null, sheet: servant({ alias: 'D' }) }).state;
    const ids = Object.keys(s.characters);
    expect(ids).toEqual(['a', 'c2', 'c3', 'c4']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('a registration logged before the engine named characters replays under the id its GM typed', () => {
    let s = seated(2);
    s = run(s, GM, { type: 'character.register', id: 'saber', seat: 's1', partner: null, sheet: servant() }).state;
    s = run(s, GM, { type: 'character.register', seat: 's2', partner: 'saber', sheet: master() }).state;
    expect(Object.keys(s.characters)).toEqual(['saber', 'c2']);
    expect(s.characters['c2']?.partner).toBe('saber');
  });

  test('a logged id already taken is refused, never overwritten', () => {
    let s = seated(2);
    s = run(s, GM, { type: 'character.register', seat: 's1', partner: null, sheet: servant() }).state;
    expect(refused(s, GM, { type: 'character.register', id: 'c1', seat: 's2', partner: null, sheet: master() })).toBe('DUPLICATE_CHARACTER GW-CORE-01');
  });

  test('a refused registration names nobody: the next one still gets c1', () => {
    let s = seated(2);
    expect(refused(s, GM, { type: 'character.register', seat: 's1', partner: 'c9', sheet: master() })).toBe('BAD_PARTNER GW-CORE-01');
    expect(refused(s, seat('s1'), { type: 'character.register', seat: 's1', partner: null, sheet: servant() })).toBe('NOT_GM');
    s = run(s, GM, { type: 'character.register', seat: 's2', partner: null, sheet: servant() }).state;
    expect(Object.keys(s.characters)).toEqual(['c1']);
    expect(refused(s, GM, { type: 'character.register', seat: 's2', partner: null, sheet: servant() })).toBe('SEAT_HAS_CHARACTER');
  });
});
