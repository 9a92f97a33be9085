import { createServer } from 'node:http';
import type { AddressInfo, Socket as TcpSocket } from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { Server } from 'socket.io';
import type { Socket as ServerSocket } from 'socket.io';
import { io as connect } from 'socket.io-client';
import type { Socket as ClientSocket } from 'socket.io-client';
import { socketWriteHold } from './hold-writes.ts';

let io: Server;
let client: ClientSocket;
let served: ServerSocket;
/** Write calls the server's TCP socket made to the kernel (`_write` for one chunk, `_writev` for several). */
let writes: number;
const received: string[] = [];

beforeEach(async () => {
  const http = createServer();
  io = new Server(http, { serveClient: false });
  const connected = new Promise<ServerSocket>((resolve) => io.on('connection', resolve));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'], forceNew: true });
  client.on('m', (text: string) => received.push(text));
  served = await connected;
  const tcp = (served.conn.transport as unknown as { socket: { _socket: TcpSocket } }).socket._socket as unknown as Record<
    '_write' | '_writev',
    (...args: unknown[]) => void
  >;
  writes = 0;
  for (const name of ['_write', '_writev'] as const) {
    const original = tcp[name].bind(tcp);
    tcp[name] = (...args: unknown[]) => {
      writes++;
      original(...args);
    };
  }
});

afterEach(async () => {
  client.close();
  received.length = 0;
  await io.close();
});

const arrived = (n: number) =>
  new Promise<void>((resolve) => {
    const check = () => (received.length >= n ? resolve() : setTimeout(check, 5));
    check();
  });

describe('socketWriteHold', () => {
  test('what is emitted to a held socket leaves in one write on release, in order', async () => {
    const release = socketWriteHold(io)([served.id]);
    for (const text of ['update 1', 'update 2', 'ack']) io.to(served.id).emit('m', text);
    expect(writes).toBe(0);
    release();
    await arrived(3);
    expect(received).toEqual(['update 1', 'update 2', 'ack']);
    expect(writes).toBe(1);
  });

  test('without the hold the same emits take a write each', async () => {
    for (const text of ['update 1', 'update 2', 'ack']) io.to(served.id).emit('m', text);
    await arrived(3);
    expect(writes).toBeGreaterThan(1);
  });

  test('an unknown socket id is left alone', () => {
    expect(() => socketWriteHold(io)(['no-such-socket'])()).not.toThrow();
  });
});
