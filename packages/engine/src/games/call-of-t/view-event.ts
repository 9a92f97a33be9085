import type { Viewer } from '@veiltable/protocol';
import type { CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import { clonePlain } from './clone.ts';
import type { CotEvent } from './events.ts';

/**
 * The part of an event one viewer may read, not copied: the full event for its audience and the GM, else the
 * public part, else nothing. Callers that hand it out of the engine copy it, or share only entries never changed.
 */
export function readableBody(event: CotEvent, viewer: Viewer): CotViewEvent | null {
  if (viewer.role === 'gm' || event.to.kind === 'all') return event.body;
  if (event.to.kind === 'seats' && viewer.role === 'player' && event.to.seats.includes(viewer.seat)) return event.body;
  return event.others ?? null;
}

/** What one viewer learns from one event, as its own copy. */
export function viewEvent(event: CotEvent, viewer: Viewer): CotViewEvent | null {
  const body = readableBody(event, viewer);
  return body ? clonePlain(body) : null;
}
