import type { Rejection, Result } from '@veiltable/engine';
import { ok } from '@veiltable/engine';
import type { Viewer } from '@veiltable/protocol';
import type { Room } from './room.ts';

const GM: Viewer = { role: 'gm' };

/**
 * Adds a seat as the GM through the room's queue: every game takes `{ type: 'seat.add', name }`, and the new seat is
 * the one its game declares after the command and not before.
 */
export async function addSeat(room: Room, name: string): Promise<Result<{ seat: string; name: string }, Rejection>> {
  const result = await room.submit({ type: 'seat.add', name }, GM);
  if (!result.ok) return result;
  if (!('after' in result.value)) throw new Error(`room ${room.id}: seat.add answered as a retry`);
  const before = new Set(room.game.seats(result.value.before).map((s) => s.id));
  const added = room.game.seats(result.value.after).find((s) => !before.has(s.id));
  if (!added) throw new Error(`room ${room.id}: seat.add committed without a new seat`);
  return ok({ seat: added.id, name: added.name });
}

/** A seat's current name, or undefined when the room has no such seat. */
export function seatName(room: Room, seat: string): string | undefined {
  return room.seats().find((s) => s.id === seat)?.name;
}
