import { describe, expect, test } from 'vitest';
import { clientMessage, handshakeAuth, serverMessage } from './messages.ts';
import { PROTOCOL_VERSION } from './version.ts';

const card = 'c0123456789abcdef';

describe('clientMessage', () => {
  test.each([
    ['a chat to all', { type: 'command', ref: 'a1', command: { type: 'chat.send', to: { kind: 'all' }, text: 'hi' } }],
    ['a whisper to a seat', { type: 'command', ref: 'a1', command: { type: 'chat.send', to: { kind: 'seat', seat: 's2' }, text: 'psst' } }],
    ['a secret roll', { type: 'command', ref: 'x', command: { type: 'roll', expr: 'S2D6>=8', visibility: 'gm' } }],
    ['a sealed card answer', { type: 'command', ref: 'x', command: { type: 'decl.answer', decl: 'd1', answer: { kind: 'card', card } } }],
    ['a choice declaration', { type: 'command', ref: 'x', command: { type: 'decl.open', prompt: 'Go?', kind: 'choice', choices: ['yes', 'no'] } }],
    ['a ping', { type: 'ping', ref: 'p' }],
    ['a resync request', { type: 'resync' }],
    ['a dungeon-2d6 concentration', { type: 'command', ref: 'x', command: { type: 'check.concentrate', check: 'k3', hp: 2 } }],
    ['a dungeon-2d6 cover', { type: 'command', ref: 'x', command: { type: 'attack.cover', attack: 'a1', target: 'ch1', coverer: 'ch2' } }],
    ['a call-of-t declaration', { type: 'command', ref: 'x', command: { type: 'cot.inv.declare', character: 'ch1', action: { kind: 'scout', target: 'C4' } } }],
  ])('accepts %s', (_name, msg) => {
    expect(clientMessage.safeParse(msg).success).toBe(true);
  });

  test.each([
    ['an unknown message type', { type: 'hack', ref: 'a' }],
    ['an unknown command', { type: 'command', ref: 'a', command: { type: 'deck.steal' } }],
    ['a missing ref', { type: 'command', command: { type: 'deck.shuffle' } }],
    ['an empty chat', { type: 'command', ref: 'a', command: { type: 'chat.send', to: { kind: 'all' }, text: '   ' } }],
    ['a malformed card id', { type: 'command', ref: 'a', command: { type: 'card.play', card: 'S12', faceUp: true } }],
    ['a malformed seat id', { type: 'command', ref: 'a', command: { type: 'deck.deal', seat: 'gm', count: 1 } }],
    ['a deal of 0 cards', { type: 'command', ref: 'a', command: { type: 'deck.deal', seat: 's1', count: 0 } }],
    ['a one-option choice', { type: 'command', ref: 'a', command: { type: 'decl.open', prompt: 'p', kind: 'choice', choices: ['x'] } }],
    ['an over-long ref', { type: 'ping', ref: 'r'.repeat(65) }],
  ])('rejects %s', (_name, msg) => {
    expect(clientMessage.safeParse(msg).success).toBe(false);
  });

  test('a roll without visibility defaults to public', () => {
    const parsed = clientMessage.parse({ type: 'command', ref: 'a', command: { type: 'roll', expr: '2D6' } });
    expect(parsed.type === 'command' && parsed.command.type === 'roll' && parsed.command.visibility).toBe('public');
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
  const emptyTable = {
    game: 'free-table', viewer: { role: 'gm' }, seats: [], feed: [], notes: [], deck: { drawCount: 0, discard: [] }, hands: {}, table: [], declarations: [],
  };
  const welcome = { type: 'welcome', protocol: PROTOCOL_VERSION, room: { id: 'r', game: 'free-table', title: 't' }, viewer: { role: 'gm' }, seq: 0, view: emptyTable };

  test('a welcome carries the server’s clock, so a client can count down to deadlines', () => {
    expect(serverMessage.safeParse({ ...welcome, now: 1_700_000_000_000 }).success).toBe(true);
    expect(serverMessage.safeParse(welcome).success).toBe(false);
    expect(serverMessage.safeParse({ ...welcome, now: -1 }).success).toBe(false);
  });

  test.each([
    ['an ack', { type: 'ack', ref: 'a', seq: 3 }],
    ['a rejection without ref', { type: 'rejected', ref: null, code: 'BAD_JSON', seq: 0 }],
    ['a rejection with a rule', { type: 'rejected', ref: 'a', code: 'NOT_GM', rule: 'COT-INV-03', seq: 4 }],
    ['a kick', { type: 'kicked', code: 'TOKEN_REVOKED', seq: 9 }],
    ['a pong with the server time', { type: 'pong', ref: 'p', seq: 2, now: 1_700_000_000_000 }],
    ['an update without view', { type: 'update', seq: 2, events: [{ type: 'deck.shuffled', count: 52 }] }],
    ['a dungeon-2d6 event', { type: 'update', seq: 3, events: [{ type: 'window.opened', data: { window: 'w1', kind: 'react' } }] }],
    ['a call-of-t lock', { type: 'update', seq: 4, events: [{ type: 'cot.locked', character: 'ch2' }] }],
    ['an update with a view patch', { type: 'update', seq: 5, events: [], patch: { base: 4, ops: [{ op: 'set', path: ['seats', 0, 'name'], value: 'Aki' }, { op: 'splice', path: ['feed'], at: 0, remove: 1, items: [] }] } }],
  ])('accepts %s', (_name, msg) => {
    expect(serverMessage.safeParse(msg).success).toBe(true);
  });

  test.each([
    ['a lower-case code', { type: 'rejected', ref: null, code: 'oops', seq: 0 }],
    ['a rejection without the room seq', { type: 'rejected', ref: null, code: 'BAD_JSON' }],
    ['a pong without the room seq', { type: 'pong', ref: 'p', now: 1_700_000_000_000 }],
    ['a pong without the server time', { type: 'pong', ref: 'p', seq: 2 }],
    ['a pong with a fractional server time', { type: 'pong', ref: 'p', seq: 2, now: 1.5 }],
    ['an event of no known type', { type: 'update', seq: 2, events: [{ type: 'secret.dump', all: true }] }],
    ['a dungeon-2d6-shaped event of no known type', { type: 'update', seq: 2, events: [{ type: 'secret.dump', data: {} }] }],
    ['a patch with a negative index', { type: 'update', seq: 5, events: [], patch: { base: 4, ops: [{ op: 'set', path: ['feed', -1], value: 1 }] } }],
    ['a patch op of no known kind', { type: 'update', seq: 5, events: [], patch: { base: 4, ops: [{ op: 'move', path: ['a'], to: ['b'] }] } }],
    ['a welcome of another protocol version', { type: 'welcome', protocol: 99, room: { id: 'r', game: 'g', title: 't' }, viewer: { role: 'gm' }, seq: 0, view: {} }],
  ])('rejects %s', (_name, msg) => {
    expect(serverMessage.safeParse(msg).success).toBe(false);
  });
});
