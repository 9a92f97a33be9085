import type { Socket as TcpSocket } from 'node:net';
import type { Server } from 'socket.io';

/** Holds back what is written to these sockets until the returned release is called (see Outbox). */
export type HoldWrites = (socketIds: readonly string[]) => () => void;

/** The parts of Engine.IO's WebSocket transport this relies on: `writable`, its 'ready' event, and ws's TCP socket. */
type WebSocketTransport = {
  name: string;
  writable: boolean;
  emit(event: 'ready'): boolean;
  socket?: { _socket?: TcpSocket };
};

/**
 * Makes everything emitted to each listed socket between hold and release leave in one TCP write. Engine.IO
 * writes a socket's first packet at once and queues the rest until that write completes, then writes each of them
 * as its own WebSocket frame, each its own system call. Marking the transport busy queues every packet of the
 * batch; on release the transport is free again and told so ('ready', as it does itself after a write), and
 * Engine.IO hands it the whole queue while its TCP socket is corked, so the frames go out in one `writev`.
 * A socket on another transport (HTTP long-polling) or with a write still in flight is left alone.
 */
export function socketWriteHold(io: Server): HoldWrites {
  return (socketIds) => {
    const held: WebSocketTransport[] = [];
    for (const id of socketIds) {
      const transport = io.sockets.sockets.get(id)?.conn.transport as WebSocketTransport | undefined;
      if (!transport || transport.name !== 'websocket' || !transport.writable) continue;
      transport.writable = false;
      held.push(transport);
    }
    return () => {
      for (const transport of held) {
        const tcp = transport.socket?._socket;
        transport.writable = true;
        tcp?.cork();
        try {
          transport.emit('ready');
        } finally {
          tcp?.uncork();
        }
      }
    };
  };
}
