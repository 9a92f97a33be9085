import type { Rejection, Result } from '@veiltable/engine';
import { ok } from '@veiltable/engine';
import type { GameView, GameViewEvent, Viewer } from '@veiltable/protocol';
import type { Room } from './room.ts';

const GM: Viewer = { role: 'gm' };

/** Adds a seat as the GM through the room's queue; the new seat's id and name come from its `seat.added` event. */
export async function addSeat(room: Room, name: string): Promise<Result<{ seat: string; name: string }, Rejection>> {
  const result = await room.submit({ type: 'seat.add', name }, GM);
  if (!result.ok) return result;
  for (const event of result.value.events) {
    const seen: GameViewEvent | null = room.game.viewEvent(event, GM);
    if (seen?.type === 'seat.added') return ok({ seat: seen.seat, name: seen.name });
  }
  throw new Error(`room ${room.id}: seat.add committed without a seat.added event`);
}

/** A seat's current name, or undefined when the room has no such seat. */
export function seatName(room: Room, seat: string): string | undefined {
  // Every game's view lists its seats this way; checked rather than trusted, since views are typed per game.
  const seats = (room.viewFor(GM) as Partial<GameView>).seats;
  return Array.isArray(seats) ? seats.find((s) => s.id === seat)?.name : undefined;
}
