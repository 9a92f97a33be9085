import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { PROTOCOL_VERSION } from '@veiltable/protocol';

/** One masked WebSocket text frame, as a client must send it. */
function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const head = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length]) : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([head, mask, body]);
}

/**
 * A Socket.IO client over a raw TCP socket that joins a room, then never reads again while it keeps the Engine.IO
 * heartbeat alive by sending pongs unasked: what a reader that stopped reading but answers pings looks like to
 * the server.
 */
export async function stalledReader(port: number, token: string): Promise<{ stop(): void }> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const key = randomBytes(16).toString('base64');
  socket.write(
    `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  // The upgrade answer and Engine.IO's open packet; after that, nothing more is read.
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.write(frame(`40${JSON.stringify({ token, protocol: PROTOCOL_VERSION })}`));
  await new Promise((r) => setTimeout(r, 200));
  socket.pause();
  const pongs = setInterval(() => socket.write(frame('3')), 200);
  socket.once('close', () => clearInterval(pongs));
  socket.on('error', () => undefined);
  return {
    stop() {
      clearInterval(pongs);
      socket.destroy();
    },
  };
}
