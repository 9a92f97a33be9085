import type { Server as HttpServer } from 'node:http';
import type { ClientMessage, ServerMessage, Viewer } from '@veiltable/protocol';
import { handshakeAuth, WIRE_EVENT } from '@veiltable/protocol';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import type { Store } from '../db/store.ts';
import type { Connection, Room } from '../rooms/room.ts';
import type { RoomRegistry } from '../rooms/room-registry.ts';
import { resolveToken } from '../rooms/tokens.ts';
import { parseInbound, rejection } from './inbound.ts';
import { socketWriteHold } from './hold-writes.ts';
import { Outbox } from './outbox.ts';
import { MAX_REJECTIONS_IN_A_ROW, SOCKET_RATE, TokenBucket } from './rate-limit.ts';
import { PatchCache, SocketViews } from './view-patches.ts';
import { wireParser } from './wire-parser.ts';

export type SocketDeps = { store: Store; rooms: RoomRegistry };

/** What the handshake established; fixed for the socket's life. */
type SocketData = { room: Room; viewer: Viewer; token: string; lastSeq: number | undefined };

/** Largest frame the transport accepts at all; well above MAX_MESSAGE_CHARS so oversize gets a coded answer first. */
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Socket.IO on the app's HTTP server. The handshake fixes who the socket is; every inbound frame is rate-limited
 * and validated before the room sees it; outbound frames are only what the room produced for this socket's viewer.
 * Outbound messages go out as objects (Socket.IO encodes them once), and a message the room hands to several
 * sockets of one viewer is encoded once for all of them (see Outbox). An update's view goes out as a patch against
 * the view the socket last received (see SocketViews).
 */
export function attachSocketServer(httpServer: HttpServer, deps: SocketDeps): Server {
  const io = new Server(httpServer, { maxHttpBufferSize: MAX_FRAME_BYTES, serveClient: false, parser: wireParser });
  // Every socket is in the room named by its own id, so this reaches exactly the listed sockets.
  const outbox = new Outbox((ids, msg) => io.to([...ids]).emit(WIRE_EVENT, msg), socketWriteHold(io));
  const patches = new PatchCache();

  io.use((socket, next) => {
    authenticate(socket, deps).then(
      (failure) => next(failure ? new Error(failure) : undefined),
      (e: unknown) => {
        console.error('handshake failed', e);
        next(new Error('INTERNAL'));
      },
    );
  });

  io.on('connection', (socket) => {
    const data = socket.data as SocketData;
    serveSocket(socket, data, deps, outbox, patches).catch((e: unknown) => {
      console.error(`socket ${socket.id} failed`, e);
      outbox.flush();
      socket.disconnect(true);
    });
  });

  return io;
}

/** Resolves the handshake into SocketData; returns the connect_error code on failure. */
async function authenticate(socket: Socket, deps: SocketDeps): Promise<string | undefined> {
  const auth = handshakeAuth.safeParse(socket.handshake.auth);
  if (!auth.success) return 'BAD_HANDSHAKE';
  const resolved = await resolveToken(deps.store, auth.data.token);
  if (!resolved.ok) return resolved.error.code;
  const room = await deps.rooms.get(resolved.value.roomId);
  if (!room) return 'NO_SUCH_ROOM';
  const data: SocketData = { room, viewer: resolved.value.viewer, token: auth.data.token, lastSeq: auth.data.lastSeq };
  socket.data = data;
  return undefined;
}

async function serveSocket(socket: Socket, data: SocketData, deps: SocketDeps, outbox: Outbox, patches: PatchCache): Promise<void> {
  const { room, viewer } = data;
  const views = new SocketViews(patches);
  const send = (msg: ServerMessage) => outbox.send(socket.id, views.outgoing(msg));
  /** Closes after writing what is queued, so a `kicked` sent just before still reaches the socket. */
  const close = () => {
    outbox.flush();
    socket.disconnect(true);
  };
  const conn: Connection = { id: socket.id, viewer, send, close };

  const bucket = new TokenBucket(SOCKET_RATE);
  let rejectionsInARow = 0;
  /** A refusal, stamped with the room's seq like every outbound message. */
  const sendRejection = (msg: Omit<Extract<ServerMessage, { type: 'rejected' }>, 'seq'>) => send({ ...msg, seq: room.seq });
  const refuse = (msg: Omit<Extract<ServerMessage, { type: 'rejected' }>, 'seq'>) => {
    sendRejection(msg);
    rejectionsInARow++;
    if (rejectionsInARow >= MAX_REJECTIONS_IN_A_ROW) {
      room.detach(socket.id);
      send({ type: 'kicked', code: 'TOO_MANY_REJECTIONS', seq: room.seq });
      close();
    }
  };

  socket.onAny((event: string, ...args: unknown[]) => {
    if (!socket.connected) return;
    if (!bucket.take()) return refuse(rejection(null, 'RATE_LIMITED'));
    if (event !== WIRE_EVENT || args.length !== 1) return refuse(rejection(null, 'BAD_MESSAGE', 'send JSON text on "m"'));
    const parsed = parseInbound(args[0]);
    if (!parsed.ok) return refuse(parsed.rejected);
    if (parsed.msg.type === 'command' && viewer.role === 'spectator') {
      return refuse(rejection(parsed.msg.ref, 'SPECTATOR_READ_ONLY'));
    }
    rejectionsInARow = 0;
    handle(parsed.msg, parsed.rawCommand);
  });

  /** Attaches (again, for a resync: a fresh welcome); a socket that closed meanwhile is detached at once. */
  async function attach(lastSeq?: number): Promise<boolean> {
    await room.attach(conn, lastSeq);
    if (socket.connected) return true;
    room.detach(socket.id);
    return false;
  }

  function handle(msg: ClientMessage, rawCommand: unknown): void {
    if (msg.type === 'ping') return send({ type: 'pong', ref: msg.ref, seq: room.seq, now: room.now });
    if (msg.type === 'resync') {
      attach().catch((e: unknown) => {
        console.error(`room ${room.id}: resync failed`, e);
        sendRejection(rejection(null, 'INTERNAL'));
      });
      return;
    }
    room.submit(room.game.parseCommand ? rawCommand : msg.command, viewer).then(
      (result) => {
        if (result.ok) send({ type: 'ack', ref: msg.ref, seq: result.value.seq });
        else sendRejection(rejection(msg.ref, result.error.code, result.error.rule, result.error.detail));
      },
      (e: unknown) => {
        console.error(`room ${room.id}: submit failed`, e);
        sendRejection(rejection(msg.ref, 'INTERNAL'));
      },
    );
  }

  socket.on('disconnect', () => room.detach(socket.id));

  if (!(await attach(data.lastSeq))) return;
  // The link may have been re-issued between the handshake and the attach; the kick for it would have missed us.
  const still = await resolveToken(deps.store, data.token);
  if (!still.ok) await room.kick((c) => c.id === socket.id, still.error.code);
}
