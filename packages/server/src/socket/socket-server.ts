import type { Server as HttpServer } from 'node:http';
import type { ClientMessage, ServerMessage, Viewer } from '@veiltable/protocol';
import { handshakeAuth, WIRE_EVENT } from '@veiltable/protocol';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import type { Store } from '../db/store.ts';
import { isStoreUnavailable } from '../db/store.ts';
import type { Connection, Room } from '../rooms/room.ts';
import type { RoomRegistry } from '../rooms/room-registry.ts';
import { resolveToken } from '../rooms/tokens.ts';
import { watchBacklog } from './backlog.ts';
import { ConnectionLimits } from './connection-limits.ts';
import type { Rejected } from './inbound.ts';
import { parseInbound, refOfPayload, rejection } from './inbound.ts';
import { MAX_REJECTIONS_IN_A_ROW } from './rate-limit.ts';
import { wireParser } from './wire-parser.ts';

export type SocketDeps = { store: Store; rooms: RoomRegistry };

/** What the handshake established; fixed for the socket's life. */
type SocketData = { room: Room; viewer: Viewer; token: string; limitKey: string };

/** Largest frame the transport accepts at all; well above MAX_MESSAGE_CHARS so oversize gets a coded answer first. */
const MAX_FRAME_BYTES = 64 * 1024;

/** Socket.IO on the app's HTTP server, with our wire parser; rooms reach its sockets through `socketPort`. */
export function createSocketServer(httpServer: HttpServer): Server {
  return new Server(httpServer, { maxHttpBufferSize: MAX_FRAME_BYTES, serveClient: false, parser: wireParser });
}

/**
 * Serves the room sockets. The handshake fixes who the socket is; every inbound frame is rate-limited (per viewer,
 * whatever the number of its sockets) and validated before the room sees it; outbound frames are only what the
 * room produced for this socket's viewer, sent through the room's port.
 */
export function serveSockets(io: Server, deps: SocketDeps): void {
  const limits = new ConnectionLimits();

  io.use((socket, next) => {
    authenticate(socket, deps, limits).then(
      (failure) => next(failure ? new Error(failure) : undefined),
      (e: unknown) => {
        if (!isStoreUnavailable(e)) console.error('handshake failed', e);
        next(new Error(isStoreUnavailable(e) ? 'STORE_UNAVAILABLE' : 'INTERNAL'));
      },
    );
  });

  io.on('connection', (socket) => {
    const data = socket.data as SocketData;
    socket.on('disconnect', () => limits.release(data.limitKey));
    watchBacklog(socket, undefined, () => console.warn(`room ${data.room.id}: socket ${socket.id} dropped, too far behind`));
    serveSocket(socket, data, deps, limits).catch((e: unknown) => {
      const code = isStoreUnavailable(e) ? 'STORE_UNAVAILABLE' : 'INTERNAL';
      if (code === 'INTERNAL') console.error(`socket ${socket.id} failed`, e);
      socket.emit(WIRE_EVENT, { type: 'rejected', ref: null, code, seq: data.room.seqFor(data.viewer) } satisfies ServerMessage);
      socket.disconnect(true);
    });
  });
}

/** Resolves the handshake into SocketData; returns the connect_error code on failure. */
async function authenticate(socket: Socket, deps: SocketDeps, limits: ConnectionLimits): Promise<string | undefined> {
  const auth = handshakeAuth.safeParse(socket.handshake.auth);
  if (!auth.success) return 'BAD_HANDSHAKE';
  const resolved = await resolveToken(deps.store, auth.data.token);
  if (!resolved.ok) return resolved.error.code;
  const room = await deps.rooms.get(resolved.value.roomId);
  if (!room) return 'NO_SUCH_ROOM';
  const admitted = limits.admit(room.id, resolved.value.viewer);
  if (!admitted.ok) return admitted.code;
  const data: SocketData = { room, viewer: resolved.value.viewer, token: auth.data.token, limitKey: admitted.key };
  socket.data = data;
  return undefined;
}

async function serveSocket(socket: Socket, data: SocketData, deps: SocketDeps, limits: ConnectionLimits): Promise<void> {
  const { room, viewer } = data;
  const conn: Connection = { id: socket.id, viewer };
  const send = (msg: ServerMessage): void => {
    socket.emit(WIRE_EVENT, msg);
  };
  /** A refusal, stamped with the viewer's seq like every outbound message (a delayed spectator's is behind). */
  const sendRejection = (msg: Rejected) => send({ ...msg, seq: room.seqFor(viewer) });
  /** Settles once every command sent so far is answered: a socket dropped for abuse first gets those answers. */
  let answered: Promise<unknown> = Promise.resolve();
  let rejectionsInARow = 0;
  let dropping = false;

  const refuse = (msg: Rejected) => {
    sendRejection(msg);
    rejectionsInARow++;
    if (rejectionsInARow >= MAX_REJECTIONS_IN_A_ROW && !dropping) {
      dropping = true;
      // The commands it had sent still get their answers (their acks reach its viewer's sockets), then the kick.
      void answered.then(() => room.kick((c) => c.id === socket.id, 'TOO_MANY_REJECTIONS'));
    }
  };

  socket.onAny((event: string, ...args: unknown[]) => {
    if (!socket.connected || dropping) return;
    if (event !== WIRE_EVENT || args.length !== 1) return refuse(rejection(null, 'BAD_MESSAGE', 'send JSON text on "m"'));
    if (!limits.takeCommand(data.limitKey)) return refuse(rejection(refOfPayload(args[0]), 'RATE_LIMITED'));
    const parsed = parseInbound(args[0]);
    if (!parsed.ok) return refuse(parsed.rejected);
    if (parsed.msg.type === 'command' && viewer.role === 'spectator') {
      return refuse(rejection(parsed.msg.ref, 'SPECTATOR_READ_ONLY'));
    }
    rejectionsInARow = 0;
    handle(parsed.msg);
  });

  /** Attaches (again, for a resync: a fresh welcome); a socket that closed meanwhile is detached at once. */
  async function attach(): Promise<boolean> {
    await room.attach(conn);
    if (socket.connected) return true;
    room.detach(socket.id);
    return false;
  }

  function handle(msg: ClientMessage): void {
    if (msg.type === 'ping') return send({ type: 'pong', ref: msg.ref, seq: room.seqFor(viewer), now: room.now });
    if (msg.type === 'resync') {
      attach().catch((e: unknown) => sendRejection(failure(room, null, e)));
      return;
    }
    if (msg.type === 'log') {
      const { ref } = msg;
      // To this socket alone: the page is its viewer's, and only the socket that asked is waiting for it.
      room.logPage(viewer, msg.before, msg.limit).then(
        (page) => send({ type: 'log', ref, ...page, seq: room.seqFor(viewer) }),
        (e: unknown) => sendRejection(failure(room, ref, e)),
      );
      return;
    }
    const { ref } = msg;
    const answer = room.submit(msg.command, viewer, ref, msg.retry === true).then(
      (result) => {
        // A fresh commit's ack rides on its viewer's update; a retried ref is answered here, to its sender.
        if (result.ok && 'retried' in result.value) send({ type: 'ack', ref, seq: result.value.seq });
        else if (!result.ok) sendRejection(rejection(ref, result.error.code, result.error.rule, result.error.detail));
      },
      (e: unknown) => sendRejection(failure(room, ref, e)),
    );
    answered = Promise.all([answered, answer]);
  }

  socket.on('disconnect', () => room.detach(socket.id));

  if (!(await attach())) return;
  // The link may have been re-issued between the handshake and the attach; the kick for it would have missed us.
  const still = await resolveToken(deps.store, data.token);
  if (!still.ok) await room.kick((c) => c.id === socket.id, still.error.code);
}

/** The refusal for a room operation that threw: an outage the client may retry, or a bug. */
function failure(room: Room, ref: string | null, e: unknown): Rejected {
  if (isStoreUnavailable(e)) return rejection(ref, 'STORE_UNAVAILABLE');
  console.error(`room ${room.id}: a command or attach failed`, e);
  return rejection(ref, 'INTERNAL');
}
