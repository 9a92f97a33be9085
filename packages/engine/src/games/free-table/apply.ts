import type { Viewer } from '@veiltable/protocol';
import type { FreeTableCommand } from '@veiltable/protocol/games/free-table';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import { Rng } from '../../kernel/rng.ts';
import { cardDiscard, cardFlip, cardPass, cardPlay, deckCreate, deckDeal, deckDraw, deckShuffle } from './apply-cards.ts';
import { declAnswer, declOpen, declReveal } from './apply-decl.ts';
import { chatSend, noteAdd, noteRemove, roll, rollReveal, seatAdd, seatRename } from './apply-social.ts';
import type { Ctx, Handler } from './context.ts';
import type { FreeTableEvent } from './events.ts';
import { workingCopy } from './own.ts';
import type { FreeTableState } from './state.ts';
import { actorRef } from './state.ts';

type Handlers = { [T in FreeTableCommand['type']]: Handler<T> };

const handlers: Handlers = {
  'seat.add': seatAdd,
  'seat.rename': seatRename,
  'chat.send': chatSend,
  roll,
  'roll.reveal': rollReveal,
  'note.add': noteAdd,
  'note.remove': noteRemove,
  'deck.create': deckCreate,
  'deck.shuffle': deckShuffle,
  'deck.deal': deckDeal,
  'deck.draw': deckDraw,
  'card.pass': cardPass,
  'card.play': cardPlay,
  'card.flip': cardFlip,
  'card.discard': cardDiscard,
  'decl.open': declOpen,
  'decl.answer': declAnswer,
  'decl.reveal': declReveal,
};

/**
 * Runs a command on a copy-on-write copy of the state (own.ts): the input is never touched, whatever the outcome,
 * and only the parts the command changes are copied.
 */
export function apply(
  state: FreeTableState,
  command: FreeTableCommand,
  actor: Viewer,
): Result<{ state: FreeTableState; events: FreeTableEvent[] }> {
  const ref = actorRef(actor);
  if (!ref) return err('SPECTATOR_READ_ONLY');
  const next = workingCopy(state);
  const ctx: Ctx = { state: next, rng: new Rng(next.rng), actor: ref, events: [], owned: new Set() };
  const handler = handlers[command.type] as Handler<FreeTableCommand['type']> | undefined;
  if (!handler) return err('UNKNOWN_COMMAND');
  const outcome = handler(ctx, command);
  if (!outcome.ok) return outcome;
  return ok({ state: next, events: ctx.events });
}

/** Same verdict as apply, nothing kept. */
export function validate(state: FreeTableState, command: FreeTableCommand, actor: Viewer): Result<void> {
  const outcome = apply(state, command, actor);
  return outcome.ok ? ok(undefined) : outcome;
}
