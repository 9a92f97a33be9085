import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import { rekey } from '../../capabilities/cards/deck.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { done, emitTo, note, requireCharacter, requireGm, seatsOf } from './context.ts';
import { moveOn } from './flow.ts';
import { findCharacter, idTaken } from './state.ts';

function cycleEnd(ctx: Ctx): Result<{ confirmed: string[] }> {
  const phase = ctx.state.phase;
  if (phase.kind !== 'cycleEnd') return err('NOT_YOUR_PHASE', 'COT-END-01');
  return ok(phase);
}

/** COT-END-01: a player confirms the LTF change of the cycle for their character. */
export function applyConfirm(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.end.confirm' }>): Result<void> {
  const phase = cycleEnd(ctx);
  if (!phase.ok) return phase;
  const c = requireCharacter(ctx, command.character, 'COT-END-01');
  if (!c.ok) return c;
  if (!phase.value.confirmed.includes(c.value.id)) phase.value.confirmed.push(c.value.id);
  note(ctx, 'ltf.recorded', { character: c.value.id, change: c.value.ltfThirds - c.value.ltfAtCycleStart, ltfThirds: c.value.ltfThirds });
  return done;
}

/** COT-END-02: the GM carries out a hand passing; only giver, receiver and GM see the card (re-keyed on the way). */
export function applyPass(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.end.pass' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-END-02');
  if (!gm.ok) return gm;
  const phase = cycleEnd(ctx);
  if (!phase.ok) return phase;
  const from = findCharacter(ctx.state, command.from);
  const to = findCharacter(ctx.state, command.to);
  if (!from || !to || from === to) return err('NO_SUCH_CHARACTER', 'COT-END-02');
  const index = from.hand.findIndex((c) => c.id === command.card);
  if (index < 0) return err('CARD_NOT_IN_HAND', 'COT-END-02');
  const card = from.hand.splice(index, 1)[0]!;
  const oldId = card.id;
  rekey(card, ctx.rng, idTaken(ctx.state));
  to.hand.push(card);
  // One line for giver and receiver, under the id the card had in the giver's hand: no card has it any longer, and
  // the receiver's hand shows the new one. Everyone else learns only that a card changed hands.
  const pub = { type: 'cot.card' as const, op: 'passed' as const, square: null, character: from.id, to: to.id };
  emitTo(ctx, seatsOf(ctx, [from.id, to.id]), { ...pub, card: { id: oldId, face: card.face } }, pub);
  return done;
}

/** COT-END-03, COT-MOD-13: the GM closes the cycle; after the last one comes the night cycle. */
export function applyNext(ctx: Ctx): Result<void> {
  const gm = requireGm(ctx, 'COT-END-01');
  if (!gm.ok) return gm;
  const phase = cycleEnd(ctx);
  if (!phase.ok) return phase;
  moveOn(ctx, 'cycle');
  return done;
}

