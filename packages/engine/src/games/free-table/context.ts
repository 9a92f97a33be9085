import type { ActorRef } from '@veiltable/protocol';
import type { FreeTableCommand } from '@veiltable/protocol/games/free-table';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Rng } from '../../kernel/rng.ts';
import type { FreeTableEvent } from './events.ts';
import type { Owned } from './own.ts';
import type { FreeTableState, Seat } from './state.ts';
import { findSeat } from './state.ts';

/**
 * What a command handler works on: a working copy of the state whose parts are shared with the input until taken
 * (own.ts), its RNG, the actor, the events so far, and which parts this command already took.
 */
export type Ctx = { state: FreeTableState; rng: Rng; actor: ActorRef; events: FreeTableEvent[]; owned: Owned };

/** The command of one type. */
export type Cmd<T extends FreeTableCommand['type']> = Extract<FreeTableCommand, { type: T }>;

/** Handlers check everything before they change anything, then return ok or a rejection. */
export type Handler<T extends FreeTableCommand['type']> = (ctx: Ctx, command: Cmd<T>) => Result<void>;

export function requireGm(ctx: Ctx): Result<void> {
  return ctx.actor.role === 'gm' ? ok(undefined) : err('NOT_GM');
}

/** The acting player's seat: refused for the GM, and for a seat that does not exist. */
export function requireSeat(ctx: Ctx): Result<Seat> {
  if (ctx.actor.role !== 'player') return err('NOT_A_PLAYER');
  const seat = findSeat(ctx.state, ctx.actor.seat);
  return seat ? ok(seat) : err('NO_SUCH_SEAT');
}

export function emit(ctx: Ctx, event: FreeTableEvent): void {
  ctx.events.push(event);
}

export const done: Result<void> = ok(undefined);
