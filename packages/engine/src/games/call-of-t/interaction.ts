import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import type { Rng } from '../../kernel/rng.ts';
import { err } from '../../kernel/result.ts';
import { isOrthogonal } from './board.ts';
import { suitOf } from './cards.ts';
import { rollSum } from './checks.ts';
import type { Ctx } from './context.ts';
import { done, emitAll, faceView, note, requireGm } from './context.ts';
import { finishStep, moveParty } from './event-step.ts';
import { addFact } from './ledger.ts';
import type { Square } from './state.ts';
import { enterStep, stepOutcome } from './step-log.ts';
import { findSquare, locateEntry, seatedPlayers } from './state.ts';
import { INTERACTION_TABLE } from './tables.ts';
import { drawTop, openEntry, placeOnSquare, removeEntry, squareStatus, topFaceDown } from './zones.ts';

/** The number appearing for a T-INT row: [dice, sides, plus]; the minimum possible roll, too. */
export function interactionCount(rng: Rng, spec: [number, number, number]): { count: number; min: number } {
  const [dice, sides, plus] = spec;
  return { count: rollSum(rng, dice, sides) + plus, min: dice + plus };
}

/**
 * COT-INT-01/02: the engine rolls the number appearing and hands the row to the GM. After a defeat, the same
 * number appears only when the roll is above its minimum, and then twice as many, hostile.
 */
export function beginInteraction(ctx: Ctx, entryId: string, number: number): void {
  const state = ctx.state;
  const row = INTERACTION_TABLE[number];
  const phase = state.phase;
  if (phase.kind !== 'event') return;
  if (!row) {
    enterStep(ctx, { kind: 'interaction', entryId, number, count: 0 });
    note(ctx, 'interaction', { number, counterpart: null, count: 0 });
    return;
  }
  let { count, min } = interactionCount(ctx.rng, row.count);
  const defeated = state.party.defeatedInteractionNumbers.includes(number);
  if (defeated && count === min && row.count[0] > 0) {
    stepOutcome(ctx, 'interaction', 'nobody', { number });
    const located = locateEntry(state, entryId);
    if (located) removeEntry(ctx, located.square, located.entry);
    return;
  }
  if (defeated) count *= 2;
  enterStep(ctx, { kind: 'interaction', entryId, number, count });
  note(ctx, 'interaction', { number, counterpart: row.counterpart, count, effects: row.effects.join(','), hostile: defeated });
}

/** A substitute scout for the party: a blank square is closed first; the suit is told to every player. */
function interactionScout(ctx: Ctx, square: Square): void {
  square.scouted = true;
  if (squareStatus(square) === 'blank') {
    const card = drawTop(ctx);
    if (card) placeOnSquare(ctx, square, card, { faceUp: false, origin: 'deck' });
  }
  const level = ctx.state.options.substituteLevel;
  const hidden = topFaceDown(square);
  if (!hidden) return;
  if (level === 'success') addFact(ctx, seatedPlayers(ctx.state), square, hidden, 'suit', suitOf(hidden.card) ?? '?');
  else openEntry(ctx, square, hidden);
}

/** Effects that only the rows listing them give; declining (none) or beating them in a fight (combatWon) is always possible. */
const TABLE_EFFECTS: ReadonlySet<string> = new Set(['move', 'reinforce', 'defend', 'scout']);

/** COT-INT-03/04: the GM reports the one effect taken (trade happens alongside, at the table). */
export function applyInteractionOutcome(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.int.outcome' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-INT-01');
  if (!gm.ok) return gm;
  const phase = ctx.state.phase;
  if (phase.kind !== 'event' || phase.step?.kind !== 'interaction') return err('NOT_YOUR_PHASE', 'COT-INT-01');
  const s = phase.step;
  const state = ctx.state;
  const grid = { width: state.width, height: state.height };
  const located = locateEntry(state, s.entryId);
  const result = command.result;
  // A number without a T-INT row (the ♥A, Q1) is the GM's to rule: any effect, any length of move.
  const row = INTERACTION_TABLE[s.number];
  if (row && TABLE_EFFECTS.has(result.effect) && !row.effects.includes(result.effect)) return err('NOT_OFFERED', 'COT-INT-01');
  switch (result.effect) {
    case 'move': {
      if (row && result.path.length > row.move) return err('TOO_FAR', 'COT-INT-04');
      let at = state.party.position;
      for (const sq of result.path) {
        if (!findSquare(state, sq) || !isOrthogonal(grid, at, sq)) return err('NOT_ADJACENT', 'COT-INT-04');
        at = sq;
      }
      if (located) removeEntry(ctx, located.square, located.entry);
      // Each square passed gets a deck card placed and opened (COT-HID-05 point 6); no time, no LTF.
      for (const sq of result.path) {
        const square = findSquare(state, sq)!;
        if (squareStatus(square) === 'blank') {
          const card = drawTop(ctx);
          if (card) placeOnSquare(ctx, square, card, { faceUp: true, origin: 'deck' });
        } else {
          const hidden = topFaceDown(square);
          if (hidden) openEntry(ctx, square, hidden);
        }
      }
      moveParty(ctx, at);
      break;
    }
    case 'reinforce': {
      // 援軍: the card is tapped and moves to an adjacent square, waiting for the first encounter there.
      if (!findSquare(state, result.to) || !isOrthogonal(grid, state.party.position, result.to)) return err('NOT_ADJACENT', 'COT-INT-04');
      if (located) {
        located.square.stack.splice(located.index, 1);
        located.entry.tapped = true;
        findSquare(state, result.to)!.stack.unshift(located.entry);
        emitAll(ctx, { type: 'cot.card', op: 'moved', card: faceView(located.entry.card), square: located.square.id, character: null, to: result.to });
      }
      state.party.reinforcements.push({ square: result.to, entryId: s.entryId, value: result.value });
      break;
    }
    case 'defend':
      state.party.defense = { square: state.party.position, value: result.value };
      if (located) removeEntry(ctx, located.square, located.entry);
      break;
    case 'scout': {
      // COT-INT-03: each named square next to the party gets a substitute scout roll, a success by default.
      if (new Set(result.squares).size !== result.squares.length) return err('DUPLICATE', 'COT-INT-03');
      for (const sq of result.squares) {
        const square = findSquare(state, sq);
        if (!square || !isOrthogonal(grid, state.party.position, sq)) return err('NOT_ADJACENT', 'COT-INT-03');
        if (squareStatus(square) === 'open') return err('SQUARE_OPEN', 'COT-INT-03');
      }
      if (located) removeEntry(ctx, located.square, located.entry);
      for (const sq of result.squares) interactionScout(ctx, findSquare(state, sq)!);
      break;
    }
    case 'combatWon':
      if (!state.party.defeatedInteractionNumbers.includes(s.number)) state.party.defeatedInteractionNumbers.push(s.number);
      if (located) removeEntry(ctx, located.square, located.entry);
      break;
    case 'none':
      if (located) removeEntry(ctx, located.square, located.entry);
      break;
  }
  stepOutcome(ctx, 'interaction', result.effect);
  finishStep(ctx);
  return done;
}
