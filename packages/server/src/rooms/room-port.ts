import type { ServerMessage } from '@veiltable/protocol';

/**
 * What a room sees of its transport: a few members, nothing of the library behind them. A viewer group is every
 * connection of one viewer (the GM, one seat, the spectators): what the room sends to it is encoded once and written
 * to each of them, so a message for a group may hold nothing but what that viewer's projection produced.
 */
export interface RoomPort {
  /** To every connection that joined this viewer group. */
  toViewer(group: string, msg: ServerMessage): void;
  /** To one connection; with `join`, that connection also receives its viewer group's messages from now on. */
  toConnection(connection: string, msg: ServerMessage, join?: string): void;
  /** The connection receives no more of the group's messages. */
  leave(connection: string, group: string): void;
  /** Ends a connection's transport after what was sent to it. */
  close(connection: string): void;
}

/** A port that sends nothing: rooms used only over HTTP or in tests that read state. */
export const nullPort: RoomPort = { toViewer() {}, toConnection() {}, leave() {}, close() {} };
