import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { SeatInfo } from '../../kernel/game.ts';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { done, emitAll, requireGm } from './context.ts';
import type { CotState } from './state.ts';

/** A seat id has at most four digits (the protocol's seatId). */
const MAX_SEATS = 9999;

/**
 * A player seat: the link the GM hands out, numbered s1, s2, … and never reused. Seats may be added before or
 * after the setup; a character names its seat in the setup (COT-SET-01 step 6), and a seat without a character
 * watches its own, empty, view.
 */
export function applySeatAdd(ctx: Ctx, command: Extract<CotCommand, { type: 'seat.add' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-SET-01');
  if (!gm.ok) return gm;
  if (ctx.state.seats.length >= MAX_SEATS) return err('TOO_MANY_SEATS', 'COT-SET-01');
  const id = `s${ctx.state.seats.length + 1}`;
  ctx.state.seats.push({ id, name: command.name });
  emitAll(ctx, { type: 'seat.added', seat: id, name: command.name });
  return done;
}

/** The room's player seats, in the order the GM made them: what the server hands out links for. */
export function seats(state: CotState): SeatInfo[] {
  return state.seats.map((seat) => ({ id: seat.id, name: seat.name }));
}
