import type { ServerMessage } from '@veiltable/protocol';

/** Writes one message to the listed sockets with a single encoding (Socket.IO's `io.to(ids).emit`). */
export type EmitTo = (socketIds: readonly string[], msg: ServerMessage) => void;

type Group = { msg: ServerMessage; ids: string[] };

/**
 * Coalesces the sends of one turn so that a message object handed to several sockets is encoded once.
 *
 * The room sends the same message object to every connection of one viewer, one `send` at a time. The outbox
 * queues those sends and, at the end of the turn (a microtask), emits each distinct message once to exactly the
 * sockets it was sent to: Socket.IO then builds the packet and its WebSocket frame once and writes it to each.
 * Nobody receives a message it was not sent, and each socket receives its messages in the order they were sent:
 * a socket joins a message's pending group only if that group comes after every group it is already in.
 */
export class Outbox {
  private readonly emitTo: EmitTo;
  private queue: Group[] = [];
  /** The index in `queue` of the latest group for each message object. */
  private latest = new Map<ServerMessage, number>();
  /** The index in `queue` of the last group each socket joined. */
  private lastOf = new Map<string, number>();
  private scheduled = false;

  constructor(emitTo: EmitTo) {
    this.emitTo = emitTo;
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
      queueMicrotask(() => this.flush());
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
    for (const { msg, ids } of queue) {
      try {
        this.emitTo(ids, msg);
      } catch (e) {
        // One failed write (a socket closing mid-write) must not stop delivery of the rest.
        console.error(`send to ${ids.join(', ')} failed`, e);
      }
    }
  }
}
