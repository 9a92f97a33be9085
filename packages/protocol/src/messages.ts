import { z } from 'zod';
import { cotCommand } from './call-of-t/commands.ts';
import { cotView, cotViewEvent } from './call-of-t/view.ts';
import { rejectionCode, viewer } from './common.ts';
import { d6Command } from './dungeon-2d6/commands.ts';
import { d6View, d6ViewEvent } from './dungeon-2d6/view.ts';
import { freeTableCommand } from './free-table/commands.ts';
import { freeTableView, freeTableViewEvent } from './free-table/view.ts';
import { gwCommand } from './grail-war/commands.ts';
import { gwView, gwViewEvent } from './grail-war/view.ts';
import { PROTOCOL_VERSION } from './version.ts';
import { viewPatch } from './view-patch.ts';

/** Sent in the Socket.IO handshake (`auth`), again on every reconnect. */
export const handshakeAuth = z.object({
  token: z.string().min(20).max(200),
  /** The last room seq this client applied; the server sends only what came after. */
  lastSeq: z.number().int().min(0).optional(),
  protocol: z.literal(PROTOCOL_VERSION),
});
export type HandshakeAuth = z.infer<typeof handshakeAuth>;

/**
 * Commands of every game a room can run, one discriminated union per game. The wire accepts any of them; the server
 * then parses the command again against the room's own game, so a room refuses another game's commands.
 */
export const gameCommand = z.union([freeTableCommand, d6Command, cotCommand, gwCommand]);
export type GameCommand = z.infer<typeof gameCommand>;
/** A command as a client writes it: fields with defaults may be left out. */
export type GameCommandInput = z.input<typeof gameCommand>;

/** A room's view: each game's view names its game in `game`. */
export const gameView = z.discriminatedUnion('game', [freeTableView, d6View, cotView, gwView]);
export type GameView = z.infer<typeof gameView>;
export const gameViewEvent = z.union([freeTableViewEvent, d6ViewEvent, cotViewEvent, gwViewEvent]);
export type GameViewEvent = z.infer<typeof gameViewEvent>;

const ref = z.string().min(1).max(64);

/** Client → server. Sent as JSON text on the Socket.IO event "m". */
export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('command'), ref, command: gameCommand }),
  z.object({ type: z.literal('ping'), ref }),
  /** The client holds no view it can patch (a patch for another base, a seq gap): send a fresh `welcome`. */
  z.object({ type: z.literal('resync') }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;
/** A client message as written before parsing: command fields with defaults may be left out. */
export type ClientMessageInput = z.input<typeof clientMessage>;

export const roomInfo = z.object({ id: z.string(), game: z.string(), title: z.string() });

/** The server's clock when it sent the message (ms since the epoch): clients count down to deadlines on it. */
const serverNow = z.number().int().nonnegative();

/** Server → client. Sent as JSON text on the Socket.IO event "m". */
export const serverMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('welcome'),
    protocol: z.literal(PROTOCOL_VERSION),
    room: roomInfo,
    viewer,
    seq: z.number().int(),
    now: serverNow,
    view: gameView,
  }),
  /**
   * One committed command's events, redacted for this viewer. The last update of a batch also brings the view at
   * its seq: as `patch` against the view this socket last received (welcome or patched update), or as a whole
   * `view` when the server holds no base for the socket.
   */
  z.object({
    type: z.literal('update'),
    seq: z.number().int(),
    events: z.array(gameViewEvent),
    view: gameView.optional(),
    patch: viewPatch.optional(),
  }),
  /** Every message carries the room's seq, so a client always knows how far the room had got. */
  z.object({ type: z.literal('ack'), ref, seq: z.number().int() }),
  /** A pong also tells the server's time, so a client can measure its clock offset over a round trip. */
  z.object({ type: z.literal('pong'), ref, seq: z.number().int(), now: serverNow }),
  z.object({
    type: z.literal('rejected'),
    ref: ref.nullable(),
    code: rejectionCode,
    rule: z.string().optional(),
    detail: z.string().max(500).optional(),
    /** The room's seq when the refusal was sent: nothing was committed for it. */
    seq: z.number().int(),
  }),
  /** The server is about to close this socket (revoked link, abuse). */
  z.object({ type: z.literal('kicked'), code: rejectionCode, seq: z.number().int() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

/**
 * Socket.IO event name used for every message in both directions. Client to server, the payload is the message's
 * JSON text (the server size-checks and parses it); server to client, it is the message object itself, so Socket.IO
 * serializes it once.
 */
export const WIRE_EVENT = 'm';
