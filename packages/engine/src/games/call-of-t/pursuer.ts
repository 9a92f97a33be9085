import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Direction } from './board.ts';
import { stepIn, stepToward } from './board.ts';
import type { Ctx } from './context.ts';
import { done, emitAll, faceView, requireGm } from './context.ts';
import { moveOn } from './flow.ts';
import { strongestFaceUpSpades } from './spades.ts';
import type { Party } from './state.ts';
import { findSquare, locateEntry } from './state.ts';

/**
 * COT-TIM-11/12: finds the pursuer candidates and waits for the GM: a tie is the GM's choice, and a single
 * candidate is the GM's to confirm (the pursuer moves a card the players see, so the GM checks it before it goes).
 * Returns true when it waits, false when no face-up spade can pursue.
 */
export function beginPursuer(ctx: Ctx): boolean {
  const candidates = strongestFaceUpSpades(ctx.state);
  if (candidates.length === 0) return false;
  ctx.state.phase = { kind: 'time', step: { kind: 'pursuer', candidates } };
  emitAll(ctx, { type: 'cot.phase', cycle: ctx.state.cycle, phase: 'time', step: 'pursuer' });
  return true;
}

export function applyPursuerChoice(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.pursuer.choose' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-TIM-12');
  if (!gm.ok) return gm;
  const phase = ctx.state.phase;
  if (phase.kind !== 'time' || phase.step.kind !== 'pursuer') return err('NOT_YOUR_PHASE', 'COT-TIM-12');
  if (!phase.step.candidates.includes(command.entry)) return err('NOT_A_CANDIDATE', 'COT-TIM-12');
  movePursuer(ctx, command.entry);
  moveOn(ctx, 'event');
  return done;
}

const ACE_TABLE: Record<number, Party['aceLastMove']> = { 1: 'up', 2: 'right', 3: 'down', 4: 'left', 5: 'stop', 10: 'toward' };

/** T-ACE: the ace's move for a D10, given the last one; 6–9 repeat it, and with none the ace stops (COT-TIM-13). */
export function aceMove(d10: number, last: Party['aceLastMove']): Party['aceLastMove'] {
  return ACE_TABLE[d10] ?? last ?? 'stop';
}

/** Moves the pursuer one step toward the party, vertical first; the ace follows T-ACE instead (COT-TIM-12/13). */
function movePursuer(ctx: Ctx, entryId: string): void {
  const state = ctx.state;
  const grid = { width: state.width, height: state.height };
  const located = locateEntry(state, entryId)!;
  const isAce = state.options.aceHigh && located.entry.card.face.kind === 'standard' && located.entry.card.face.rank === 1;
  let target: string | null = located.square.id;
  if (isAce) {
    const d10 = ctx.rng.die(10);
    const move = aceMove(d10, state.party.aceLastMove);
    state.party.aceLastMove = move;
    emitAll(ctx, { type: 'cot.note', key: 'ace.move', params: { d10, move } });
    if (move === 'toward') {
      for (let i = 0; i < 2 && target; i++) target = stepToward(grid, target, state.party.position) ?? target;
    } else if (move !== 'stop' && move) {
      target = stepIn(grid, located.square.id, move as Direction) ?? located.square.id;
    }
  } else {
    target = stepToward(grid, located.square.id, state.party.position) ?? located.square.id;
  }
  if (target === located.square.id) {
    emitAll(ctx, { type: 'cot.note', key: 'pursuer.stays', params: { square: target } });
    return;
  }
  located.square.stack.splice(located.index, 1);
  findSquare(state, target)!.stack.unshift(located.entry);
  emitAll(ctx, { type: 'cot.card', op: 'moved', card: faceView(located.entry.card), square: located.square.id, character: null, to: target });
}
