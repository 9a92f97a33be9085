import type { ServerMessage } from '@veiltable/protocol';
import { ViewReplica } from '@veiltable/protocol';
import type { RoomPort } from '../rooms/room-port.ts';

/** What one test connection received through a RecordingPort: every message, the view it holds, whether closed. */
export type Received = { got: ServerMessage[]; replica: ViewReplica; closed: boolean };

/**
 * A RoomPort for tests, standing in for Socket.IO: it keeps the viewer groups connections join, and records a copy
 * of every message each connection receives (a group message once per member), applying views and patches as a
 * client would. `throwOn` makes sends to a connection throw, as a socket closing mid-write might.
 */
export class RecordingPort implements RoomPort {
  private readonly members = new Map<string, Set<string>>();
  private readonly received = new Map<string, Received>();
  throwOn = new Set<string>();

  /** What a connection received (created on first use). */
  of(connection: string): Received {
    let r = this.received.get(connection);
    if (!r) this.received.set(connection, (r = { got: [], replica: new ViewReplica(), closed: false }));
    return r;
  }

  toViewer(group: string, msg: ServerMessage): void {
    for (const connection of this.members.get(group) ?? []) this.deliver(connection, msg);
  }

  toConnection(connection: string, msg: ServerMessage, join?: string): void {
    this.deliver(connection, msg);
    if (join === undefined) return;
    let set = this.members.get(join);
    if (!set) this.members.set(join, (set = new Set()));
    set.add(connection);
  }

  leave(connection: string, group: string): void {
    this.members.get(group)?.delete(connection);
  }

  close(connection: string): void {
    this.of(connection).closed = true;
    for (const set of this.members.values()) set.delete(connection);
  }

  private deliver(connection: string, msg: ServerMessage): void {
    if (this.throwOn.has(connection)) throw new Error('socket gone');
    const r = this.of(connection);
    const copy = structuredClone(msg);
    r.got.push(copy);
    r.replica.receive(copy);
  }
}
