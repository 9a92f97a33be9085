import type { ActorRef, Viewer } from '@veiltable/protocol';
import type { Audience } from '@veiltable/protocol';

/** Any game's view lists its seats this way. */
type WithSeats = { seats: readonly { id: string; name: string }[] };

/** The seat's display name, or its id when the view does not (yet) list it. */
export function seatName(view: WithSeats, seat: string): string {
  return view.seats.find((s) => s.id === seat)?.name ?? seat;
}

/** "GM" is kept as is in every language: it is the term tables use. */
export function actorName(view: WithSeats, actor: ActorRef): string {
  return actor.role === 'gm' ? 'GM' : seatName(view, actor.seat);
}

export function isSelf(viewer: Viewer | null, actor: ActorRef): boolean {
  if (!viewer || viewer.role === 'spectator') return false;
  if (viewer.role === 'gm') return actor.role === 'gm';
  return actor.role === 'player' && actor.seat === viewer.seat;
}

/** The audience as a short label key and seat name, for a chat line's "to …" tag. */
export function audienceSeat(view: WithSeats, to: Audience): string | null {
  return to.kind === 'seat' ? seatName(view, to.seat) : null;
}
