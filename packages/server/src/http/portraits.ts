import type { FastifyInstance } from 'fastify';
import type { PortraitUploadResponse } from '@veiltable/protocol';
import { PORTRAIT_LIMITS, portraitHash } from '@veiltable/protocol';
import type { Store } from '../db/store.ts';
import { isRoomId } from '../rooms/room-registry.ts';
import { failure, sendFailure } from './http-error.ts';
import { checkMember } from './member-auth.ts';
import { toPortrait } from './portrait-image.ts';
import { perMinute } from './rate-limit.ts';

export type PortraitDeps = { store: Store; uploadsPerMinute: number };

/** A stored portrait never changes (its address is its hash), so anything may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Portraits: a member uploads an image for the room's characters, the server stores it resized and answers its
 * hash; anyone holding a hash fetches the image (hashes are unguessable, and a secret face's reaches only the viewers
 * who may see it).
 */
export function registerPortraitRoutes(app: FastifyInstance, deps: PortraitDeps): void {
  const { store } = deps;

  void app.register(async (scope) => {
    // Every body of this scope arrives as bytes; the route reads the image itself, whatever type it claims.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PORTRAIT_LIMITS.bytes }, (_request, body, done) => done(null, body));

    scope.post('/api/rooms/:roomId/portraits', { config: perMinute(deps.uploadsPerMinute), bodyLimit: PORTRAIT_LIMITS.bytes }, async (request, reply) => {
      const roomId = (request.params as { roomId?: unknown }).roomId;
      if (typeof roomId !== 'string' || !isRoomId(roomId)) return sendFailure(reply, failure(400, 'BAD_ROOM_ID', 'malformed room id'));
      // A live token of this room proves the room is there (tokens go with their room).
      const member = await checkMember(request, store, roomId);
      if ('denied' in member) return sendFailure(reply, member.denied);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) return sendFailure(reply, failure(415, 'NOT_AN_IMAGE', 'send the image bytes as the body'));
      const made = await toPortrait(request.body);
      if (!made.ok) return sendFailure(reply, made.failure);
      const outcome = await store.putImage(roomId, made.image, PORTRAIT_LIMITS.perRoom);
      if (outcome === 'full') return sendFailure(reply, failure(409, 'PORTRAIT_QUOTA', `a room keeps at most ${PORTRAIT_LIMITS.perRoom} portraits`));
      const response: PortraitUploadResponse = { hash: made.image.hash };
      return reply.code(outcome === 'stored' ? 201 : 200).send(response);
    });
  });

  app.get('/api/portraits/:hash', async (request, reply) => {
    const hash = portraitHash.safeParse((request.params as { hash?: unknown }).hash);
    if (!hash.success) return sendFailure(reply, failure(400, 'BAD_HASH', 'a portrait is named by a sha256 in hex'));
    const image = await store.getImage(hash.data);
    if (!image) return sendFailure(reply, failure(404, 'NO_SUCH_PORTRAIT', 'no such portrait'));
    return reply.header('cache-control', IMMUTABLE).type(image.type).send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
  });
}
