import { describe, expect, test } from 'vitest';
import { callOfT } from './call-of-t/index.ts';
import { dungeon2d6 } from './dungeon-2d6/index.ts';
import { freeTable } from './free-table/index.ts';
import { grailWar } from './grail-war/index.ts';
import type { AnyGame } from '../kernel/game.ts';

// Issue 14 item 6: spectators "one phase behind". Each game declares its phases as a pure function of state; the
// server's feed compares the keys of consecutive states, so what matters is which states share a key.

const SEED = '7'.repeat(64);
/** Sets the fields a game's phase is read from, on a copy of a fresh table. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Change = (s: any) => void;
const at = (game: AnyGame, change: Change): string => {
  const state = structuredClone(game.setup(SEED));
  change(state);
  return game.phaseKey!(state);
};
const battle = (phase: string, batch: number, id = 1): Change => (s: { battle: unknown }) => {
  s.battle = { id, phase, batch };
};

describe('phase keys (issue 14 item 6: "one phase behind")', () => {
  test.each<[string, AnyGame, Change, Change, boolean]>([
    ['Call of <T>: the same phase kind in the same cycle is one phase', callOfT, (s) => Object.assign(s, { cycle: 1, phase: { kind: 'time', step: { kind: 'pursuer', candidates: [] } } }), (s) => Object.assign(s, { cycle: 1, phase: { kind: 'time', step: { kind: 'pursuer', candidates: ['c1'] } } }), true],
    ['Call of <T>: investigation then time phase', callOfT, (s) => Object.assign(s, { cycle: 1, phase: { kind: 'investigation' } }), (s) => Object.assign(s, { cycle: 1, phase: { kind: 'time' } }), false],
    ['Call of <T>: the next cycle\'s investigation is a new phase', callOfT, (s) => Object.assign(s, { cycle: 1, phase: { kind: 'investigation' } }), (s) => Object.assign(s, { cycle: 2, phase: { kind: 'investigation' } }), false],
    ['Grail War: a batch\'s submission and its seal window', grailWar, battle('submit', 1), battle('window', 1), false],
    ['Grail War: the next batch', grailWar, battle('submit', 1), battle('submit', 2), false],
    ['Grail War: pre-battle declarations are one phase whatever the batch counter says', grailWar, battle('prebattle', 0), battle('prebattle', 1), true],
    ['Grail War: the scene between battles, then the next', grailWar, (s) => Object.assign(s, { battleCount: 1 }), (s) => Object.assign(s, { battleCount: 2 }), false],
    ['dungeon-2d6: travel stays one phase', dungeon2d6, (s) => Object.assign(s, { mode: 'travel', turn: 0 }), (s) => Object.assign(s, { mode: 'travel', turn: 3 }), true],
    ['dungeon-2d6: each combat turn is a phase', dungeon2d6, (s) => Object.assign(s, { mode: 'combat', turn: 1 }), (s) => Object.assign(s, { mode: 'combat', turn: 2 }), false],
    ['dungeon-2d6: combat ends in travel', dungeon2d6, (s) => Object.assign(s, { mode: 'combat', turn: 2 }), (s) => Object.assign(s, { mode: 'travel', turn: 2 }), false],
  ])('%s', (_name, game, a, b, same) => {
    expect(at(game, a) === at(game, b)).toBe(same);
  });

  test('the free table declares no phases: "one phase behind" is not offered there', () => {
    expect(freeTable.phaseKey).toBeUndefined();
  });

  test.each<AnyGame>([callOfT, grailWar, dungeon2d6])('$id: a fresh table has a key, the same for the same state', (game) => {
    const state = game.setup(SEED);
    expect(typeof game.phaseKey!(state)).toBe('string');
    expect(game.phaseKey!(structuredClone(state))).toBe(game.phaseKey!(state));
  });
});
