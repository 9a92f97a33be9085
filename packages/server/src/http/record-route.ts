import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { BaseState } from '@veiltable/engine';
import type { RecordHead } from '@veiltable/protocol';
import type { Store } from '../db/store.ts';
import { recordEntries, recordHead } from '../rooms/room-record.ts';
import type { RoomRegistry } from '../rooms/room-registry.ts';
import { isRoomId } from '../rooms/room-registry.ts';
import { failure, sendFailure } from './http-error.ts';
import { checkViewer } from './member-auth.ts';

export type RecordRouteDeps = { store: Store; rooms: RoomRegistry };

/**
 * GET /api/rooms/:roomId/record: the open edition, the room's whole session record (its RNG seed, every command and
 * event) for any holder of one of its tokens, GM, player or spectator, once the GM released it (REL-01..03). Before
 * that every token is refused RECORD_NOT_RELEASED: the seed never leaves the server while the room is played.
 */
export function registerRecordRoute(app: FastifyInstance, deps: RecordRouteDeps): void {
  const { store, rooms } = deps;
  app.get('/api/rooms/:roomId/record', async (request, reply) => {
    const roomId = (request.params as { roomId?: unknown }).roomId;
    if (typeof roomId !== 'string' || !isRoomId(roomId)) return sendFailure(reply, failure(400, 'BAD_ROOM_ID', 'malformed room id'));
    // A live token of this room proves the room is there (tokens go with their room).
    const member = await checkViewer(request, store, roomId);
    if ('denied' in member) return sendFailure(reply, member.denied);
    const room = await rooms.get(roomId);
    if (!room) return sendFailure(reply, failure(404, 'NO_SUCH_ROOM', 'no such room'));
    if (!(room.state as BaseState).released) {
      return sendFailure(reply, failure(403, 'RECORD_NOT_RELEASED', 'the GM has not released the open edition of this room'));
    }
    const head = await recordHead(store, roomId);
    if (!head) return sendFailure(reply, failure(404, 'NO_SUCH_ROOM', 'no such room'));
    // A released room takes no more commands, so the log read here ends at the release.
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="veiltable-${roomId}.json"`)
      .send(Readable.from(recordJson(head, recordEntries(store, roomId))));
  });
}

/** The record as JSON text, the head first and then one entry at a time, so a long session is never held whole. */
async function* recordJson(head: RecordHead, entries: AsyncIterable<unknown>): AsyncGenerator<string> {
  yield `${JSON.stringify(head).slice(0, -1)},"entries":[`;
  let first = true;
  for await (const entry of entries) {
    yield (first ? '' : ',') + JSON.stringify(entry);
    first = false;
  }
  yield ']}';
}
