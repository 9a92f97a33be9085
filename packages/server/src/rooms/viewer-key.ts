import type { Viewer } from '@veiltable/protocol';

/** A stable key per distinct viewer, so a projection is computed once and shared by its connections. */
export function viewerKey(viewer: Viewer): string {
  return viewer.role === 'player' ? `player:${viewer.seat}` : viewer.role;
}
