import type { Rejection, Result } from '@veiltable/engine';
import { ok } from '@veiltable/engine';
import type { GameViewEvent, Viewer } from '@veiltable/protocol';
import type { Room } from './room.ts';

const GM: Viewer = { role: 'gm' };

/**
 * Adds a seat as the GM through the room's queue. Every game with seats takes `{ type: 'seat.add', name }` and
 * announces the new seat in a `seat.added` event, flat (free table) or under `data` (dungeon-2d6).
 */
export async function addSeat(room: Room, name: string): Promise<Result<{ seat: string; name: string }, Rejection>> {
  const result = await room.submit({ type: 'seat.add', name }, GM);
  if (!result.ok) return result;
  for (const event of result.value.events) {
    const added = seatAdded(room.game.viewEvent(event, GM));
    if (added) return ok(added);
  }
  throw new Error(`room ${room.id}: seat.add committed without a seat.added event`);
}

/** The seat a `seat.added` event names, in either event shape. */
function seatAdded(seen: GameViewEvent | null): { seat: string; name: string } | null {
  if (seen?.type !== 'seat.added') return null;
  const body: Record<string, unknown> = 'data' in seen ? seen.data : seen;
  return typeof body.seat === 'string' && typeof body.name === 'string' ? { seat: body.seat, name: body.name } : null;
}

/** A seat's current name, or undefined when the room has no such seat. */
export function seatName(room: Room, seat: string): string | undefined {
  // Every game's view lists its seats as { id, name }; checked rather than trusted, since views are typed per game.
  const seats = (room.viewFor(GM) as { seats?: unknown }).seats;
  if (!Array.isArray(seats)) return undefined;
  const found: unknown = seats.find((s: unknown) => typeof s === 'object' && s !== null && (s as { id?: unknown }).id === seat);
  const name = (found as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}
