import { describe, expect, test } from 'vitest';
import type { Knowledge } from './commands.ts';
import { classKnownAfter } from './info-gain.ts';
import type { GrailWarState } from './state.ts';
import { knows } from './test-pair.ts';
import { GM, planVs, prepareAll, room, run, servant, start, submit } from './test-support.ts';
import { view } from './view.ts';

/** a (s1) and b (s2) fight one batch of five slots, so INFO-06 gives each +1 전투 about the other. */
function fiveSlots(ledger: Knowledge[]): GrailWarState {
  let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant({ className: 'lancer' }) } }, { battleBatches: 1 });
  for (const entry of ledger) s = run(s, GM, { type: 'knowledge.set', entry }).state;
  s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }]);
  s = prepareAll(s);
  s = submit(s, 'a', planVs('b', [])).state;
  s = submit(s, 'b', planVs('a', [])).state;
  expect([s.battle!.phase, s.battle!.slotsPlayed]).toEqual(['ended', 5]);
  return s;
}
const entryOf = (s: GrailWarState, knower: string) => s.ledger.find((k) => k.knower === knower && k.target !== knower)!;

describe('GW-INFO-13 the class becomes known after 3 points received', () => {
  test.each([
    ['GW-INFO-13 2 genuine points received, +1 from the battle: class known', { total: -1, believed: -1 }, { total: 0, believed: 0, classKnown: true }],
    ['GW-INFO-13 1 point received, +1 from the battle: still unknown', { total: -2, believed: -2 }, { total: -1, believed: -1, classKnown: false }],
    ['GW-INFO-13 a false point counts toward the 3 although it lowers T', { total: -4, believed: -1 }, { total: -3, believed: 0, classKnown: true }],
  ])('%s', (_name, before, after) => {
    const s = fiveSlots([knows('a', 'b', { ...before, classKnown: false })]);
    expect(entryOf(s, 'a')).toMatchObject(after);
    // Once the battle is closed, the knower sees the class of its target from the room ledger.
    const closed = run(s, GM, { type: 'battle.close' }).state;
    expect(view(closed, { role: 'player', seat: 's1' }).characters.find((c) => c.id === 'b')!.className).toBe(after.classKnown ? 'lancer' : null);
  });

  test('GW-INFO-13 a knower with no ledger starts at Common −3; one battle point leaves the class unknown', () => {
    const s = fiveSlots([]);
    expect(entryOf(s, 'b')).toMatchObject({ target: 'a', total: -2, believed: -2, classKnown: false });
  });

  test.each([
    ['GW-INFO-13 believed −3 (nothing received) is unknown', -3, false],
    ['GW-INFO-13 believed 0 (3 received) is known', 0, true],
  ])('%s', (_name, believed, known) => {
    expect(classKnownAfter(knows('a', 'b', { total: believed, believed, classKnown: false }))).toBe(known);
  });
});
