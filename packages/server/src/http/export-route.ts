import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ExportAs, ExportHead, Viewer } from '@veiltable/protocol';
import { exportQuery } from '@veiltable/protocol';
import type { BaseState } from '@veiltable/engine';
import type { Store } from '../db/store.ts';
import type { RoomRegistry } from '../rooms/room-registry.ts';
import { isRoomId } from '../rooms/room-registry.ts';
import type { Room } from '../rooms/room.ts';
import { exportHead, exportJson, exportLines, exportViews } from '../rooms/viewer-export.ts';
import type { HttpFailure } from './http-error.ts';
import { failure, sendFailure, shapeFailure } from './http-error.ts';
import { checkViewer } from './member-auth.ts';
import { perMinute } from './rate-limit.ts';

export type ExportDeps = { store: Store; rooms: RoomRegistry; now?: () => Date; exportsAtOnce?: number };

/** Exports one client address may start per minute: each reads the whole log, and a session is saved once or twice. */
export const EXPORTS_PER_MINUTE = 12;

/**
 * Exports replaying at once over the whole server: each is about 3 s of CPU per 10,000 entries, so past this a new one
 * is asked to come back (503 EXPORT_BUSY with Retry-After) rather than slow every room's commands.
 */
export const EXPORTS_AT_ONCE = 2;

/** Who an export is of, in its file name: gm, the seat's id, or spectator (whose table it was read as, if asked). */
function viewerLabel(head: ExportHead): string {
  const of = head.as ?? head.viewer;
  return of.role === 'player' ? of.seat : of.role;
}

/**
 * Whose table an export is read as: the token's viewer's until the GM released the open edition (REL-01), and then
 * the GM's, or the one `as` names (a seat the room has). `as` before the release is refused: the token opens only
 * its own viewer's table until then.
 */
function readAs(room: Room, as: ExportAs | undefined, own: Viewer): { viewer: Viewer; open: boolean } | { denied: HttpFailure } {
  const open = (room.state as BaseState).released === true;
  if (as === undefined) return { viewer: open ? { role: 'gm' } : own, open };
  if (!open) return { denied: failure(403, 'NOT_RELEASED', 'only the GM\'s release of the open edition lets an export be read as another viewer') };
  if (as === 'gm' || as === 'spectator') return { viewer: { role: as }, open };
  if (!room.seats().some((s) => s.id === as)) return { denied: failure(400, 'NO_SUCH_SEAT', `the room has no seat ${as}`) };
  return { viewer: { role: 'player', seat: as }, open };
}

/**
 * `attachment` with a file name from the room's title, the day in the viewer's zone and who exported it: an ASCII
 * name for every browser, and the title as written (Korean, Japanese) in `filename*`.
 */
export function exportDisposition(head: ExportHead): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: head.tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(head.exportedAt));
  const tail = `${day}-${viewerLabel(head)}.json`;
  const ascii = head.room.title.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || head.room.id;
  const written = head.room.title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim().slice(0, 60) || head.room.id;
  return `attachment; filename="veiltable-${ascii}-${tail}"; filename*=UTF-8''${encodeURIComponent(`${written}-${tail}`)}`;
}

/**
 * GET /api/rooms/:roomId/export?lang=ko|ja|en&tz=<IANA zone>&as=…: the session as the token's holder read it,
 * streamed as one JSON document (viewer-export.ts): its timeline lines, and its views replayed from the log. Only
 * the viewer's own link token opens it, and it holds what that token's viewer was sent, no more; once the GM
 * released the open edition (REL-01), it holds the whole session, as the GM read it or as `as` names, for every
 * viewer. The client makes the HTML page from it with the timeline's own sentences.
 */
export function registerExportRoute(app: FastifyInstance, deps: ExportDeps): void {
  const { store, rooms } = deps;
  const now = deps.now ?? (() => new Date());
  const atOnce = deps.exportsAtOnce ?? EXPORTS_AT_ONCE;
  let running = 0;

  app.get('/api/rooms/:roomId/export', { config: perMinute(EXPORTS_PER_MINUTE) }, async (request, reply) => {
    const roomId = (request.params as { roomId?: unknown }).roomId;
    if (typeof roomId !== 'string' || !isRoomId(roomId)) return sendFailure(reply, failure(400, 'BAD_ROOM_ID', 'malformed room id'));
    const checked = await checkViewer(request, store, roomId);
    if ('denied' in checked) return sendFailure(reply, checked.denied);
    const query = exportQuery.safeParse(request.query ?? {});
    if (!query.success) return sendFailure(reply, shapeFailure(query.error.issues));
    const at = now();
    const read = await exportHead(store, roomId, checked.viewer, query.data, at);
    const room = await rooms.get(roomId);
    if (!read || !room) return sendFailure(reply, failure(404, 'NO_SUCH_ROOM', 'no such room'));
    const as = readAs(room, query.data.as, checked.viewer);
    if ('denied' in as) return sendFailure(reply, as.denied);
    if (running >= atOnce) return sendFailure(reply, failure(503, 'EXPORT_BUSY', 'other exports are being made; try again shortly'));
    // A spectator's own export stops where its delayed table stands: nothing it has not been shown.
    const shown = !as.open && as.viewer.role === 'spectator' ? { ...read, lastSeq: Math.min(read.lastSeq, await room.spectatorSeq()) } : read;
    const head: ExportHead = as.open ? { ...shown, open: true, ...(query.data.as ? { as: as.viewer } : {}) } : shown;
    // One piece read ahead of the socket at most: a slow reader holds back the store's reads, not the server's memory.
    const lines = exportLines(store, roomId, as.viewer, head.lastSeq);
    const views = exportViews(store, room.game, roomId, as.viewer, head.lastSeq, at);
    const body = Readable.from(exportJson(head, lines, views), { highWaterMark: 1 });
    running += 1;
    // Read to the end ('end' comes before the reply finishes), failed, or cut by the reader: its place is free once.
    let freed = false;
    const free = () => {
      if (!freed) running -= 1;
      freed = true;
    };
    for (const ending of ['end', 'error', 'close']) body.once(ending, free);
    return reply.type('application/json; charset=utf-8').header('content-disposition', exportDisposition(head)).send(body);
  });
}
