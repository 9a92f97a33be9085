import { z } from 'zod';
import { rejectionCode, viewer } from './common.ts';
import { MAX_LOG_PAGE, PROTOCOL_VERSION } from './version.ts';
import { rngCommitment } from './record.ts';
import { viewPatch } from './view-patch.ts';

/** Sent in the Socket.IO handshake (`auth`), again on every reconnect. */
export const handshakeAuth = z.object({
  token: z.string().min(20).max(200),
  /** The last room seq this client applied (diagnostics; every connect is answered with a whole view). */
  lastSeq: z.number().int().min(0).optional(),
  protocol: z.literal(PROTOCOL_VERSION),
});
export type HandshakeAuth = z.infer<typeof handshakeAuth>;

/**
 * A command reference, chosen by the client: unique per client and command (a retry of an unanswered command sends
 * the same ref again).
 */
const ref = z.string().min(1).max(64);

/** Client → server. Sent as JSON text on the Socket.IO event "m". */
export const clientMessage = z.discriminatedUnion('type', [
  /**
   * The command is data here: the room parses it once, against its own game's schema. `retry`: this command was
   * sent before under the same ref and its answer never came (the room then also looks for it in its log).
   */
  z.object({ type: z.literal('command'), ref, command: z.unknown(), retry: z.literal(true).optional() }),
  z.object({ type: z.literal('ping'), ref }),
  /** The client holds no view it can patch (a patch for another base): send a fresh `welcome`. */
  z.object({ type: z.literal('resync') }),
  /** Older lines of this viewer's timeline: up to `limit` lines of the entries before seq `before`. */
  z.object({ type: z.literal('log'), ref, before: z.number().int().min(1), limit: z.number().int().min(1).max(MAX_LOG_PAGE) }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/**
 * `rng`: the commitment to the room's RNG seed (record.ts), the same for every viewer from the room's creation on.
 * `spectatorDelay`: while the GM has it on, how far behind the live table spectators are shown: a time (ms), or
 * `'phase'`, one of the game's phases behind (the table as it stood when the previous phase ended).
 * `phased`: the room's game declares phases, so the GM may put spectators one phase behind.
 */
export const roomInfo = z.object({
  id: z.string(),
  game: z.string(),
  title: z.string(),
  rng: rngCommitment,
  spectatorDelay: z.union([z.number().int().positive(), z.literal('phase')]).optional(),
  phased: z.literal(true).optional(),
});

/**
 * One line of a viewer's timeline: event `i` of the log entry `seq`, committed at `at` (ms since the epoch), as
 * that viewer reads it (`seen`, the game's view event; the events a viewer reads nothing of give no line).
 */
export const logLine = z.object({
  seq: z.number().int().min(1),
  at: z.number().int().nonnegative(),
  i: z.number().int().nonnegative(),
  seen: z.unknown(),
});
export type LogLine = z.infer<typeof logLine>;

/** The server's clock when it sent the message (ms since the epoch): clients count down to deadlines on it. */
const serverNow = z.number().int().nonnegative();

/**
 * Server → client. Sent as a message object on the Socket.IO event "m". Views are the room's game's own (its
 * `view` schema, checked by tests on every frame); this envelope is the same for every game.
 */
export const serverMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('welcome'),
    protocol: z.literal(PROTOCOL_VERSION),
    room: roomInfo,
    viewer,
    seq: z.number().int(),
    now: serverNow,
    view: z.unknown(),
    /** The newest lines of this viewer's timeline, oldest first; `more`: older ones can be asked for (`log`). */
    lines: z.array(logLine),
    more: z.boolean(),
  }),
  /**
   * What one batch of commits did, for one viewer: sent once to all that viewer's sockets. `patch` turns the view
   * they last received (welcome or update) into the one at `seq`; absent when that viewer's view did not change.
   * `acks` are that viewer's commands the batch committed, each with its own seq. A whole `view` instead of a patch
   * only where the patch would replace the whole view.
   */
  z.object({
    type: z.literal('update'),
    seq: z.number().int(),
    patch: viewPatch.optional(),
    view: z.unknown().optional(),
    acks: z.array(z.object({ ref, seq: z.number().int() })).optional(),
    /** The lines this viewer reads of the batch's entries, oldest first; absent when there are none. */
    lines: z.array(logLine).optional(),
  }),
  /** The answer to a client's `log`, to that socket alone: lines before its `before`, oldest first. */
  z.object({ type: z.literal('log'), ref, lines: z.array(logLine), more: z.boolean(), seq: z.number().int() }),
  /** A command answered without a commit: a retried ref whose command had committed before (idempotent refs). */
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
