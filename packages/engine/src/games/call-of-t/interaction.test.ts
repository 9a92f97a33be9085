import { describe, expect, test } from 'vitest';
import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { CotState } from './state.ts';
import { GM, refusal, run, square, stack, started, toDecision } from './test-support.ts';

/** The party waits on the gate C5 under a face-up ♥ of this rank; its interaction waits for the GM. */
function meeting(rank: number): CotState {
  const s = toDecision(started());
  stack(s, 'C5', 'H', rank, true);
  return run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
}

type Outcome = Extract<CotCommand, { type: 'cot.int.outcome' }>['result'];
const outcome = (result: Outcome): CotCommand => ({ type: 'cot.int.outcome', result });

describe('interaction outcomes the GM reports (COT-INT)', () => {
  test.each([
    ['COT-INT-01 ♥7 hidden village offers no 移動', 7, { effect: 'move', path: ['C4'] }],
    ['COT-INT-01 ♥8 the trader offers no 偵察', 8, { effect: 'scout', squares: ['C4'] }],
    ['COT-INT-01 ♥3 fishermen offer no 防衛', 3, { effect: 'defend', value: 3 }],
    ['COT-INT-01 ♥4 the ferryman offers no 援軍', 4, { effect: 'reinforce', to: 'C4', value: 2 }],
  ] as const)('%s: refused as not offered', (_name, rank, result) => {
    expect(refusal(meeting(rank), outcome(result as Outcome))).toEqual({ code: 'NOT_OFFERED', rule: 'COT-INT-01' });
  });

  test.each([
    ['COT-INT-01 declining (none) is open to every row', { effect: 'none' }],
    ['COT-INT-01 a fight won is open to every row', { effect: 'combatWon' }],
  ] as const)('%s', (_name, result) => {
    for (const rank of [2, 7, 8, 13]) expect(run(meeting(rank), outcome(result)).state.phase.kind).toBe('cycleEnd');
  });

  test.each([
    ['COT-INT-04 ♥2 newtlings 移動(1): one square', 2, ['C4'], null],
    ['COT-INT-04 ♥4 ferryman 移動(2): one square is within it', 4, ['C4'], null],
    ['COT-INT-04 ♥4 ferryman 移動(2): two squares', 4, ['C4', 'C3'], null],
    ['COT-INT-04 ♥4 ferryman 移動(2): three squares are too far', 4, ['C4', 'C3', 'C2'], 'TOO_FAR'],
    ['COT-INT-04 ♥J explorers 移動(1): two squares are too far', 11, ['C4', 'C3'], 'TOO_FAR'],
    ['COT-INT-04 each step goes to a square next to the last', 4, ['C4', 'B3'], 'NOT_ADJACENT'],
    ['COT-INT-01 the ♥A (no row, Q1) is the GM\'s: a walk of any length', 1, ['C4', 'C3', 'C2', 'C1', 'B1'], null],
  ] as const)('%s', (_name, rank, path, code) => {
    const s = meeting(rank);
    const command = outcome({ effect: 'move', path: [...path] });
    if (code) {
      expect(refusal(s, command).code).toBe(code);
      return;
    }
    const out = run(s, command).state;
    expect(out.party.position).toBe(path.at(-1));
    // COT-HID-05 point 6: each square walked through gets a deck card, opened; the last one's events run next.
    for (const id of path.slice(0, -1)) expect(square(out, id).stack.map((e) => e.faceUp)).toEqual([true]);
  });
});
