import type { ActorRef, Audience, FreeTableView, Viewer } from '@veiltable/protocol';

/** The seat's display name, or its id when the view does not (yet) list it. */
export function seatName(view: FreeTableView, seat: string): string {
  return view.seats.find((s) => s.id === seat)?.name ?? seat;
}

/** "GM" is kept as is in every language: it is the term tables use. */
export function actorName(view: FreeTableView, actor: ActorRef): string {
  return actor.role === 'gm' ? 'GM' : seatName(view, actor.seat);
}

export function isSelf(viewer: Viewer | null, actor: ActorRef): boolean {
  if (!viewer || viewer.role === 'spectator') return false;
  if (viewer.role === 'gm') return actor.role === 'gm';
  return actor.role === 'player' && actor.seat === viewer.seat;
}

/** The audience as a short label key and seat name, for a chat line's "to …" tag. */
export function audienceSeat(view: FreeTableView, to: Audience): string | null {
  return to.kind === 'seat' ? seatName(view, to.seat) : null;
}
