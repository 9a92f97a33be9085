import type { ServerMessage } from '@veiltable/protocol';
import { WIRE_EVENT } from '@veiltable/protocol';
import type { Server } from 'socket.io';
import type { RoomPort } from '../rooms/room-port.ts';

/**
 * One room's port over Socket.IO: each viewer group is a Socket.IO room (named by the room's id and the group), so
 * a message for a group is encoded once and written to each of its sockets; a connection is a socket id.
 */
export function socketPort(io: Server, roomId: string): RoomPort {
  const room = (group: string) => `${roomId}/${group}`;
  return {
    toViewer(group, msg: ServerMessage) {
      io.to(room(group)).emit(WIRE_EVENT, msg);
    },
    toConnection(connection, msg, join) {
      const socket = io.sockets.sockets.get(connection);
      if (!socket) return;
      socket.emit(WIRE_EVENT, msg);
      if (join !== undefined) void socket.join(room(join));
    },
    leave(connection, group) {
      void io.sockets.sockets.get(connection)?.leave(room(group));
    },
    close(connection) {
      // Engine.IO writes what is queued before it closes the transport, so a `kicked` sent just before arrives.
      io.sockets.sockets.get(connection)?.disconnect(true);
    },
  };
}
