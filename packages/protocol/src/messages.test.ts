import { describe, expect, test } from 'vitest';
import { clientMessage, handshakeAuth, serverMessage } from './messages.ts';
import { PROTOCOL_VERSION } from './version.ts';

describe('clientMessage', () => {
  test.each([
    ['a command, carried as data', { type: 'command', ref: 'a1', command: { type: 'chat.send', to: { kind: 'all' }, text: 'hi' } }],
    ['a command of any game (the room parses it against its own)', { type: 'command', ref: 'x', command: { type: 'cot.inv.declare', character: 'ch1', action: { kind: 'scout', target: 'C4' } } }],
    ['a ping', { type: 'ping', ref: 'p' }],
    ['a resync request', { type: 'resync' }],
    ['a request for older lines', { type: 'log', ref: 'l1', before: 230, limit: 100 }],
    ['a request for the largest page', { type: 'log', ref: 'l1', before: 1, limit: 200 }],
  ])('accepts %s', (_name, msg) => {
    expect(clientMessage.safeParse(msg).success).toBe(true);
  });

  test('a command keeps exactly what was sent, for the room to parse once', () => {
    const command = { type: 'roll', expr: '2D6', extra: { nested: [1, 2] } };
    const parsed = clientMessage.parse({ type: 'command', ref: 'a', command });
    expect(parsed.type === 'command' && parsed.command).toEqual(command);
  });

  test.each([
    ['an unknown message type', { type: 'hack', ref: 'a' }],
    ['a missing ref', { type: 'command', command: { type: 'deck.shuffle' } }],
    ['an empty ref', { type: 'command', ref: '', command: { type: 'deck.shuffle' } }],
    ['an over-long ref', { type: 'ping', ref: 'r'.repeat(65) }],
    ['a log request of no lines', { type: 'log', ref: 'l', before: 10, limit: 0 }],
    ['a log request over the page size', { type: 'log', ref: 'l', before: 10, limit: 201 }],
    ['a log request before seq 0', { type: 'log', ref: 'l', before: 0, limit: 10 }],
    ['a log request of a fractional limit', { type: 'log', ref: 'l', before: 10, limit: 1.5 }],
    ['a log request without a ref', { type: 'log', before: 10, limit: 10 }],
  ])('rejects %s', (_name, msg) => {
    expect(clientMessage.safeParse(msg).success).toBe(false);
  });
});

describe('handshakeAuth', () => {
  test('needs the current protocol version', () => {
    const token = 't'.repeat(43);
    expect(handshakeAuth.safeParse({ token, protocol: PROTOCOL_VERSION }).success).toBe(true);
    expect(handshakeAuth.safeParse({ token, protocol: PROTOCOL_VERSION + 1 }).success).toBe(false);
    expect(handshakeAuth.safeParse({ token, protocol: PROTOCOL_VERSION, lastSeq: -1 }).success).toBe(false);
    expect(handshakeAuth.safeParse({ token: 'short', protocol: PROTOCOL_VERSION }).success).toBe(false);
  });
});

describe('serverMessage', () => {
  const welcome = { type: 'welcome', protocol: PROTOCOL_VERSION, room: { id: 'r', game: 'free-table', title: 't', rng: { alg: 'sha256-drbg/1', hash: 'ab'.repeat(32) } }, viewer: { role: 'gm' }, seq: 0, view: { game: 'free-table' }, lines: [], more: false };

  test('a welcome carries the server’s clock, so a client can count down to deadlines', () => {
    expect(serverMessage.safeParse({ ...welcome, now: 1_700_000_000_000 }).success).toBe(true);
    expect(serverMessage.safeParse(welcome).success).toBe(false);
    expect(serverMessage.safeParse({ ...welcome, now: -1 }).success).toBe(false);
  });

  test('a welcome carries the commitment to the room’s RNG seed: the DRBG’s name and a sha256 hex', () => {
    const now = 1_700_000_000_000;
    const room = (rng: unknown) => ({ ...welcome, now, room: { ...welcome.room, rng } });
    expect(serverMessage.safeParse(room(welcome.room.rng)).success).toBe(true);
    expect(serverMessage.safeParse(room(undefined)).success).toBe(false);
    expect(serverMessage.safeParse(room({ alg: 'sha256-drbg/1', hash: 'AB'.repeat(32) })).success).toBe(false);
    expect(serverMessage.safeParse(room({ alg: '', hash: 'ab'.repeat(32) })).success).toBe(false);
  });

  test.each([
    ['an ack of a retried ref', { type: 'ack', ref: 'a', seq: 3 }],
    ['a rejection without ref', { type: 'rejected', ref: null, code: 'BAD_JSON', seq: 0 }],
    ['a rejection with a rule', { type: 'rejected', ref: 'a', code: 'NOT_GM', rule: 'COT-INV-03', seq: 4 }],
    ['a kick', { type: 'kicked', code: 'TOKEN_REVOKED', seq: 9 }],
    ['a pong with the server time', { type: 'pong', ref: 'p', seq: 2, now: 1_700_000_000_000 }],
    ['an update with acks only', { type: 'update', seq: 2, acks: [{ ref: 'k1:4', seq: 2 }] }],
    ['an update with a view patch', { type: 'update', seq: 5, patch: { base: 4, ops: [{ op: 'set', path: ['seats', 0, 'name'], value: 'Aki' }, { op: 'splice', path: ['feed'], at: 0, remove: 1, items: [] }] } }],
    ['an update with lines', { type: 'update', seq: 7, lines: [{ seq: 7, at: 1_700_000_000_000, i: 0, seen: { type: 'feed' } }] }],
    ['a page of older lines', { type: 'log', ref: 'l1', seq: 9, more: true, lines: [{ seq: 2, at: 0, i: 1, seen: {} }] }],
    ['an update with a whole view', { type: 'update', seq: 5, view: { game: 'free-table' }, acks: [{ ref: 'a', seq: 4 }, { ref: 'b', seq: 5 }] }],
  ])('accepts %s', (_name, msg) => {
    expect(serverMessage.safeParse(msg).success).toBe(true);
  });

  test.each([
    ['a lower-case code', { type: 'rejected', ref: null, code: 'oops', seq: 0 }],
    ['a rejection without the room seq', { type: 'rejected', ref: null, code: 'BAD_JSON' }],
    ['a pong without the room seq', { type: 'pong', ref: 'p', now: 1_700_000_000_000 }],
    ['a pong without the server time', { type: 'pong', ref: 'p', seq: 2 }],
    ['a pong with a fractional server time', { type: 'pong', ref: 'p', seq: 2, now: 1.5 }],
    ['a patch with a negative index', { type: 'update', seq: 5, patch: { base: 4, ops: [{ op: 'set', path: ['feed', -1], value: 1 }] } }],
    ['a patch op of no known kind', { type: 'update', seq: 5, patch: { base: 4, ops: [{ op: 'move', path: ['a'], to: ['b'] }] } }],
    ['an ack that is not a ref', { type: 'update', seq: 5, acks: [{ ref: '', seq: 5 }] }],
    ['an ack without its seq', { type: 'update', seq: 5, acks: [{ ref: 'a' }] }],
    ['a welcome without its lines', { ...welcome, now: 0, lines: undefined }],
    ['a line without its time', { type: 'update', seq: 7, lines: [{ seq: 7, i: 0, seen: {} }] }],
    ['a line with a fractional time', { type: 'update', seq: 7, lines: [{ seq: 7, at: 1.5, i: 0, seen: {} }] }],
    ['a page without `more`', { type: 'log', ref: 'l1', seq: 9, lines: [] }],
    ['a welcome of another protocol version', { type: 'welcome', protocol: 99, room: { id: 'r', game: 'g', title: 't' }, viewer: { role: 'gm' }, seq: 0, view: {} }],
  ])('rejects %s', (_name, msg) => {
    expect(serverMessage.safeParse(msg).success).toBe(false);
  });
});
