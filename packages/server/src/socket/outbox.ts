import type { ServerMessage } from '@veiltable/protocol';
import type { HoldWrites } from './hold-writes.ts';

/** Writes one message to the listed sockets with a single encoding (Socket.IO's `io.to(ids).emit`). */
export type EmitTo = (socketIds: readonly string[], msg: ServerMessage) => void;

type Group = { msg: ServerMessage; ids: string[] };

/**
 * Coalesces the sends of one turn so that a message object handed to several sockets is encoded once, and what
 * one socket is sent in a turn leaves in one write.
 *
 * The room sends the same message object to every connection of one viewer, one `send` at a time. The outbox
 * queues those sends and, at the end of the turn (`setImmediate`: after the commit's updates, the acks that follow
 * them a few promise steps later), emits each distinct message once to exactly the sockets it was sent to:
 * Socket.IO then builds the packet and its WebSocket frame once and writes it to each. A socket sent more than one
 * message in the turn has its writes held until every emit is made (HoldWrites), so they go out together.
 * Nobody receives a message it was not sent, and each socket receives its messages in the order they were sent:
 * a socket joins a message's pending group only if that group comes after every group it is already in.
 */
export class Outbox {
  private readonly emitTo: EmitTo;
  private readonly hold: HoldWrites | undefined;
  private queue: Group[] = [];
  /** The index in `queue` of the latest group for each message object. */
  private latest = new Map<ServerMessage, number>();
  /** The index in `queue` of the last group each socket joined. */
  private lastOf = new Map<string, number>();
  private scheduled = false;

  constructor(emitTo: EmitTo, hold?: HoldWrites) {
    this.emitTo = emitTo;
    this.hold = hold;
  }

  /** Queues `msg` for one socket; it is written at the end of the turn, or at the next `flush`. */
  send(socketId: string, msg: ServerMessage): void {
    const group = this.latest.get(msg);
    const last = this.lastOf.get(socketId) ?? -1;
    if (group !== undefined && group > last) {
      this.queue[group]!.ids.push(socketId);
      this.lastOf.set(socketId, group);
    } else {
      const index = this.queue.push({ msg, ids: [socketId] }) - 1;
      this.latest.set(msg, index);
      this.lastOf.set(socketId, index);
    }
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Writes everything queued, in order. Call before closing a socket so its last messages go out first. */
  flush(): void {
    this.scheduled = false;
    const queue = this.queue;
    if (queue.length === 0) return;
    this.queue = [];
    this.latest = new Map();
    this.lastOf = new Map();
    const release = this.hold?.(socketsWithSeveral(queue));
    try {
      for (const { msg, ids } of queue) {
        try {
          this.emitTo(ids, msg);
        } catch (e) {
          // One failed write (a socket closing mid-write) must not stop delivery of the rest.
          console.error(`send to ${ids.join(', ')} failed`, e);
        }
      }
    } finally {
      release?.();
    }
  }
}

/** The sockets that get more than one message from these groups: the ones whose writes are worth holding. */
function socketsWithSeveral(queue: readonly Group[]): string[] {
  const seen = new Set<string>();
  const several = new Set<string>();
  for (const { ids } of queue) for (const id of ids) (seen.has(id) ? several : seen).add(id);
  return [...several];
}
