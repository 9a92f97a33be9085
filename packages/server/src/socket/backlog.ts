import type { Socket } from 'socket.io';

/**
 * Messages a socket may have queued behind its transport: a reader that stops reading (while its client still
 * answers pings) is dropped instead of held in memory without bound. A live table sends a few per second; a phone
 * that slept briefly catches up long before this.
 */
export const MAX_BEHIND = 512;

/**
 * Counts the packets Engine.IO has queued for this socket and not yet handed to its transport (its documented
 * `packetCreate` and `flush` events), and disconnects the socket when more than `limit` wait.
 */
export function watchBacklog(socket: Socket, limit = MAX_BEHIND, onDrop?: () => void): void {
  let behind = 0;
  const conn = socket.conn;
  conn.on('packetCreate', () => {
    behind += 1;
    if (behind <= limit) return;
    behind = Number.NEGATIVE_INFINITY;
    onDrop?.();
    // Discard what is queued: waiting for it to drain would wait for the reader that stopped reading.
    conn.close(true);
  });
  conn.on('flush', (buffer: unknown[]) => {
    behind -= buffer.length;
  });
}
