import type { z } from 'zod';
import type { seatCommands } from '@veiltable/protocol';
import type { Capability } from '../../kernel/capability.ts';
import type { Ctx } from '../../kernel/define-game.ts';
import { EVERYONE } from '../../kernel/events.ts';
import type { SeatInfo } from '../../kernel/game.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';

/** The seats' slice of a state: the room's player seats in the order the GM made them. */
export type SeatsSlice = { seats: SeatInfo[] };
export type SeatCommand = z.infer<(typeof seatCommands)[number]>;

/** A seat id has at most four digits (the protocol's seatId). */
const MAX_SEATS = 9999;

export function setupSeats(): SeatsSlice {
  return { seats: [] };
}

export function findSeat(state: SeatsSlice, id: string): SeatInfo | undefined {
  return state.seats.find((s) => s.id === id);
}

export function requireGm(ctx: Ctx<unknown>): Result<void> {
  return ctx.actor.role === 'gm' ? ok(undefined) : err('NOT_GM');
}

/** The acting player's seat: refused for the GM (NOT_A_PLAYER) and for a seat the room does not have. */
export function requireSeat(ctx: Ctx<unknown>): Result<string> {
  if (ctx.actor.role !== 'player') return err('NOT_A_PLAYER');
  const seat = ctx.actor.seat;
  return ctx.seats().some((s) => s.id === seat) ? ok(seat) : err('NO_SUCH_SEAT');
}

/** The GM, or a player whose seat the room has: who may speak and roll. */
export function requireMember(ctx: Ctx<unknown>): Result<void> {
  if (ctx.actor.role === 'gm') return ok(undefined);
  const seat = requireSeat(ctx);
  return seat.ok ? ok(undefined) : seat;
}

/** Seats, for games that keep them as a plain list: GM only; numbered s1, s2, … and never reused or removed. */
export const seats: Capability<SeatsSlice, SeatCommand> = {
  id: 'seats',
  handlers: {
    'seat.add': (ctx, command) => {
      const gm = requireGm(ctx);
      if (!gm.ok) return gm;
      if (ctx.state.seats.length >= MAX_SEATS) return err('TOO_MANY_SEATS');
      const id = `s${ctx.state.seats.length + 1}`;
      ctx.state.seats.push({ id, name: command.name });
      ctx.emit({ type: 'seat.added', parts: [{ to: EVERYONE, seen: { type: 'seat.added', seat: id, name: command.name } }] });
      return ok(undefined);
    },
    'seat.rename': (ctx, command) => {
      const gm = requireGm(ctx);
      if (!gm.ok) return gm;
      const seat = findSeat(ctx.state, command.seat);
      if (!seat) return err('NO_SUCH_SEAT');
      seat.name = command.name;
      ctx.emit({ type: 'seat.renamed', parts: [{ to: EVERYONE, seen: { type: 'seat.renamed', seat: seat.id, name: command.name } }] });
      return ok(undefined);
    },
  },
};
