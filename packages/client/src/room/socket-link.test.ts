import { beforeEach, describe, expect, test } from 'vitest';
import { SocketLink, type AuthProvider, type WireSocket } from './socket-link.svelte.ts';
import { PROTOCOL_VERSION, WIRE_EVENT } from '@veiltable/protocol/version';

class FakeSocket implements WireSocket {
  active = true;
  sent: [string, string][] = [];
  connects = 0;
  private handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  on(event: string, listener: (...args: never[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener as (...args: unknown[]) => void]);
  }
  emit(event: string, payload: string) {
    this.sent.push([event, payload]);
  }
  connect() {
    this.connects += 1;
  }
  disconnect() {
    this.active = false;
  }
  fire(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
}

let socket: FakeSocket;
let attempt: (n: number) => void;
let link: SocketLink;
let frames: unknown[];
let closes: boolean[];
const auth: AuthProvider = (cb) => cb({ token: 'tok_abcdefghijklmnopqrstuvwxyz', protocol: PROTOCOL_VERSION });

beforeEach(() => {
  socket = new FakeSocket();
  frames = [];
  closes = [];
  link = new SocketLink((_auth, onAttempt) => {
    attempt = onAttempt;
    return socket;
  });
  link.open(auth, { frame: (raw) => frames.push(raw), closed: (final) => closes.push(final) });
});

describe('SocketLink', () => {
  test('connecting until the welcome; offline when the socket drops; the attempts counted until the next welcome', () => {
    socket.fire('connect');
    expect(link.status).toBe('connecting');
    link.welcomed();
    expect(link.status).toBe('online');
    socket.fire('disconnect', 'transport close');
    expect([link.status, closes]).toEqual(['offline', [false]]);
    attempt(1);
    attempt(2);
    expect([link.status, link.reconnectAttempt]).toEqual(['connecting', 2]);
    link.welcomed();
    expect([link.status, link.reconnectAttempt]).toEqual(['online', 0]);
  });

  test('frames go up as received; messages go out as JSON text on the wire event', () => {
    socket.fire(WIRE_EVENT, { type: 'pong' });
    expect(frames).toEqual([{ type: 'pong' }]);
    expect(link.send({ type: 'resync' })).toBe(true);
    expect(socket.sent).toEqual([[WIRE_EVENT, '{"type":"resync"}']]);
  });

  test('a handshake refusal is final: reported as such, and tried again only on request', () => {
    socket.active = false;
    socket.fire('connect_error', new Error('TOKEN_REVOKED'));
    expect([link.status, link.reason, closes]).toEqual(['kicked', 'TOKEN_REVOKED', [true]]);
    link.retry();
    expect([link.status, socket.connects]).toEqual(['connecting', 1]);
  });

  test('a transient connect error leaves it offline while socket.io retries', () => {
    socket.fire('connect_error', new Error('xhr poll error'));
    expect([link.status, closes]).toEqual(['offline', []]);
  });

  test('a server that closes without a word is reconnected to once; after a kick it is not', () => {
    socket.fire('disconnect', 'io server disconnect');
    expect(socket.connects).toBe(1);
    link.kick('TOKEN_REVOKED');
    socket.fire('disconnect', 'io server disconnect');
    expect([link.status, socket.connects, closes]).toEqual(['kicked', 1, [false, true]]);
  });
});

test('once closed, it is offline and sends nothing', () => {
  link.welcomed();
  link.close();
  expect([link.status, link.send({ type: 'resync' }), socket.sent]).toEqual(['offline', false, []]);
});
