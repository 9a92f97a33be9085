import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CreateRoomResponse, LinkResponse, RoomLinksResponse, SeatLinkResponse, SpectatorDelay, Viewer } from '@veiltable/protocol';
import { addSeatRequest, createRoomRequest, seatId, spectatorDelayRequest } from '@veiltable/protocol';
import type { Store } from '../db/store.ts';
import type { Room } from '../rooms/room.ts';
import type { RoomRegistry } from '../rooms/room-registry.ts';
import { isRoomId } from '../rooms/room-registry.ts';
import { newLinkKey } from '../rooms/link-seal.ts';
import { currentLinks, gmLinkKey } from '../rooms/room-links.ts';
import { addSeat, seatName } from '../rooms/seats.ts';
import { issueToken, reissueToken, roomUrl } from '../rooms/tokens.ts';
import { checkGm } from './gm-auth.ts';
import { registerHealth } from './health.ts';
import type { HttpFailure } from './http-error.ts';
import { failure, sendFailure, shapeFailure, storeUnavailable } from './http-error.ts';
import { registerExportRoute } from './export-route.ts';
import { registerPortraitRoutes } from './portraits.ts';
import { perMinute } from './rate-limit.ts';
import { registerRecordRoute } from './record-route.ts';

export type ApiDeps = {
  store: Store;
  rooms: RoomRegistry;
  publicUrl: () => string;
  /** Rooms one client address may create per minute. */
  roomsPerMinute: number;
  /** Portraits one client address may upload per minute. */
  uploadsPerMinute: number;
};

const GM: Viewer = { role: 'gm' };

/** A refusal of the room's queue as an HTTP failure: an outage is a 503 to retry, anything else the table's 400. */
function tableRefusal(code: string, detail: string | undefined): HttpFailure {
  return code === 'STORE_UNAVAILABLE' ? storeUnavailable() : failure(400, code, detail ?? 'the table refused');
}

/**
 * The JSON API: room creation, the GM's link management, portraits and each viewer's export. Everything else
 * happens over the socket.
 * Responses carry link tokens, so none may be kept by a browser or proxy cache.
 */
export function registerApiRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const { store, rooms } = deps;
  const url = (roomId: string, token: string) => roomUrl(deps.publicUrl(), roomId, token);

  // A route that says how its answer may be kept (portraits) keeps its own header.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });

  /**
   * Param check, then the room, then the GM check. Room ids are unguessable, so a 404 gives nothing away. A GM
   * request comes with the room's link key, opened with the GM's token: every link it makes is kept for the GM.
   */
  async function gmRoom(request: FastifyRequest): Promise<{ room: Room; linkKey: Buffer } | { denied: HttpFailure }> {
    const roomId = (request.params as { roomId?: unknown }).roomId;
    if (typeof roomId !== 'string' || !isRoomId(roomId)) return { denied: failure(400, 'BAD_ROOM_ID', 'malformed room id') };
    const room = await rooms.get(roomId);
    if (!room) return { denied: failure(404, 'NO_SUCH_ROOM', 'no such room') };
    const gm = await checkGm(request, store, roomId);
    if ('status' in gm) return { denied: gm };
    return { room, linkKey: await gmLinkKey(store, roomId, gm.gmToken) };
  }

  registerHealth(app, deps);
  registerPortraitRoutes(app, { store, uploadsPerMinute: deps.uploadsPerMinute });
  registerExportRoute(app, { store, rooms });
  registerRecordRoute(app, { store, rooms });

  app.post('/api/rooms', { config: perMinute(deps.roomsPerMinute) }, async (request, reply) => {
    const body = createRoomRequest.safeParse(request.body ?? {});
    if (!body.success) return sendFailure(reply, shapeFailure(body.error.issues));
    if (!rooms.gameIds.includes(body.data.game)) return sendFailure(reply, failure(400, 'UNKNOWN_GAME', `games: ${rooms.gameIds.join(', ')}`));
    const room = await rooms.create(body.data);
    const linkKey = newLinkKey();
    const gmToken = await issueToken(store, room.id, GM, linkKey);
    const spectatorToken = await issueToken(store, room.id, { role: 'spectator' }, linkKey);
    const response: CreateRoomResponse = {
      roomId: room.id,
      gmToken,
      gmUrl: url(room.id, gmToken),
      spectatorUrl: url(room.id, spectatorToken),
    };
    return reply.code(201).send(response);
  });

  app.post('/api/rooms/:roomId/seats', async (request, reply) => {
    const found = await gmRoom(request);
    if ('denied' in found) return sendFailure(reply, found.denied);
    const { room, linkKey } = found;
    const body = addSeatRequest.safeParse(request.body ?? {});
    if (!body.success) return sendFailure(reply, shapeFailure(body.error.issues));
    const added = await addSeat(room, body.data.name);
    if (!added.ok) return sendFailure(reply, tableRefusal(added.error.code, added.error.detail));
    const token = await issueToken(store, room.id, { role: 'player', seat: added.value.seat }, linkKey);
    const response: SeatLinkResponse = { ...added.value, token, url: url(room.id, token) };
    return reply.code(201).send(response);
  });

  // Any of the GM's devices sees the links the GM made on another, without replacing them.
  app.get('/api/rooms/:roomId/links', async (request, reply) => {
    const found = await gmRoom(request);
    if ('denied' in found) return sendFailure(reply, found.denied);
    const { room, linkKey } = found;
    const links = await currentLinks(store, room.id, room.seats(), linkKey);
    const link = (token: string | null): LinkResponse | null => (token === null ? null : { token, url: url(room.id, token) });
    const response: RoomLinksResponse = {
      seats: links.seats.map((s) => ({ seat: s.seat, name: s.name, link: link(s.token) })),
      spectator: link(links.spectator),
    };
    return reply.send(response);
  });

  app.post('/api/rooms/:roomId/seats/:seat/reissue', async (request, reply) => {
    const found = await gmRoom(request);
    if ('denied' in found) return sendFailure(reply, found.denied);
    const { room, linkKey } = found;
    const seat = seatId.safeParse((request.params as { seat?: unknown }).seat);
    if (!seat.success) return sendFailure(reply, failure(400, 'BAD_SEAT', 'malformed seat id'));
    const name = seatName(room, seat.data);
    if (name === undefined) return sendFailure(reply, failure(404, 'NO_SUCH_SEAT', 'no such seat'));
    const viewer: Viewer = { role: 'player', seat: seat.data };
    const token = await reissueToken(store, room.id, viewer, linkKey);
    await room.kick((c) => c.viewer.role === 'player' && c.viewer.seat === seat.data, 'TOKEN_REVOKED');
    const response: SeatLinkResponse = { seat: seat.data, name, token, url: url(room.id, token) };
    return reply.send(response);
  });

  app.post('/api/rooms/:roomId/spectator/reissue', async (request, reply) => {
    const found = await gmRoom(request);
    if ('denied' in found) return sendFailure(reply, found.denied);
    const { room, linkKey } = found;
    const token = await reissueToken(store, room.id, { role: 'spectator' }, linkKey);
    await room.kick((c) => c.viewer.role === 'spectator', 'TOKEN_REVOKED');
    return reply.send({ token, url: url(room.id, token) });
  });

  // The GM puts the spectators behind the table (a stream shows nothing the players could still act on) or live.
  app.put('/api/rooms/:roomId/spectator-delay', async (request, reply) => {
    const found = await gmRoom(request);
    if ('denied' in found) return sendFailure(reply, found.denied);
    const body = spectatorDelayRequest.safeParse(request.body ?? {});
    if (!body.success) return sendFailure(reply, shapeFailure(body.error.issues));
    const delay = 'mode' in body.data ? body.data.mode : body.data.ms;
    if (delay === 'phase' && !found.room.phased) return sendFailure(reply, failure(400, 'NO_PHASES', `${found.room.game.id} has no phases to be behind by`));
    if (!(await found.room.setSpectatorDelay(delay))) return sendFailure(reply, failure(404, 'NO_SUCH_ROOM', 'no such room'));
    const now = found.room.spectatorDelay;
    const response: SpectatorDelay = now === 'phase' ? { mode: 'phase', ms: 0 } : { mode: now === 0 ? 'off' : 'seconds', ms: now };
    return reply.send(response);
  });

  // The GM link leaked or was shared by mistake: a new one replaces it, and every socket opened with the old one
  // (the GM's own included; the new link opens the console again) is closed.
  app.post('/api/rooms/:roomId/gm/reissue', async (request, reply) => {
    const found = await gmRoom(request);
    if ('denied' in found) return sendFailure(reply, found.denied);
    const { room, linkKey } = found;
    // The new GM token wraps the same link key, so every seat's link stays readable with it.
    const token = await reissueToken(store, room.id, GM, linkKey);
    await room.kick((c) => c.viewer.role === 'gm', 'TOKEN_REVOKED');
    const response: LinkResponse = { token, url: url(room.id, token) };
    return reply.send(response);
  });
}
