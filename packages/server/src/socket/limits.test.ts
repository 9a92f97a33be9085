import type { AddressInfo } from 'node:net';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, test } from 'vitest';
import type { Socket } from 'socket.io';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { StoreUnavailable } from '../db/store.ts';
import type { SocketTable } from '../testing/socket-table.ts';
import { socketTable } from '../testing/socket-table.ts';
import { stalledReader } from '../testing/stalled-reader.ts';
import { WireClient } from '../testing/wire-client.ts';
import { watchBacklog } from './backlog.ts';
import { SOCKETS_PER_SEAT } from './connection-limits.ts';

let table: SocketTable | undefined;
afterEach(async () => {
  await table?.close();
  table = undefined;
});
const open = async (store?: Store) => (table = await socketTable(store));
const chat = (ref: string, text: string) => ({ type: 'command', ref, command: { type: 'chat.send', to: { kind: 'all' }, text } });
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('limits per viewer', () => {
  test('RATE_LIMITED names the command it refused, so a client can settle it', async () => {
    const t = await open();
    const aki = await t.connect(t.aki.token);
    for (let i = 0; i < 45; i++) aki.send(chat(`f${i}`, `line ${i}`));
    const limited = await aki.next((m) => m.type === 'rejected' && m.code === 'RATE_LIMITED');
    expect(limited).toMatchObject({ type: 'rejected', code: 'RATE_LIMITED', ref: expect.stringMatching(/^f\d+$/) });
  });

  test('the command rate is the viewer\'s, however many sockets share its link', async () => {
    const t = await open();
    const tabs = await Promise.all([1, 2, 3].map(() => t.connect(t.aki.token)));
    for (const [n, tab] of tabs.entries()) for (let i = 0; i < 30; i++) tab.send({ type: 'ping', ref: `t${n}-${i}` });
    await settle();
    const pongs = tabs.reduce((sum, tab) => sum + tab.frames.filter((m) => m.type === 'pong').length, 0);
    expect(pongs).toBeGreaterThanOrEqual(40);
    expect(pongs).toBeLessThan(50);
  });

  test(`a seat link holds at most ${SOCKETS_PER_SEAT} sockets; another seat is unaffected`, async () => {
    const t = await open();
    for (let i = 0; i < SOCKETS_PER_SEAT; i++) await t.connect(t.aki.token);
    await expect(WireClient.connect(t.base, t.aki.token)).rejects.toThrow('TOO_MANY_CONNECTIONS');
    expect((await (await t.connect(t.bora.token)).ping()).type).toBe('pong');
  });
});

describe('text and frames the protocol never carries', () => {
  test.each([
    ['U+0000', 'a\u0000b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
  ])('%s in any text of a command is BAD_TEXT, and nothing is committed', async (_name, text) => {
    const t = await open();
    const aki = await t.connect(t.aki.token);
    aki.send(chat('bad', text));
    expect(await aki.reply('bad')).toMatchObject({ type: 'rejected', ref: 'bad', code: 'BAD_TEXT' });
    expect(t.room.seq).toBe(5);
    aki.send(chat('good', 'a paired surrogate is fine: 😀'));
    expect(await aki.reply('good')).toMatchObject({ type: 'update', seq: 6, acks: [{ ref: 'good', seq: 6 }] });
  });

  test('a binary packet ends the connection; the room is untouched', async () => {
    const t = await open();
    const aki = await t.connect(t.aki.token);
    const gone = aki.disconnected();
    aki.socket.emit('m', Buffer.alloc(1024));
    expect(await gone).toBe('transport close');
    expect(t.room.seq).toBe(5);
    expect((await (await t.connect(t.bora.token)).ping()).type).toBe('pong');
  });
});

describe('dropped sockets', () => {
  test('a socket dropped for flooding first gets the answers of the commands it had sent', async () => {
    const t = await open();
    const aki = await t.connect(t.aki.token);
    const gone = aki.disconnected();
    aki.send(chat('sent-before', 'first'));
    for (let i = 0; i < 150; i++) aki.sendRaw('not json');
    await aki.next((m) => m.type === 'kicked');
    await gone;
    const acked = aki.frames.findIndex((m) => m.type === 'update' && (m.acks ?? []).some((a) => a.ref === 'sent-before'));
    const kicked = aki.frames.findIndex((m) => m.type === 'kicked');
    expect(acked).toBeGreaterThanOrEqual(0);
    expect(acked).toBeLessThan(kicked);
  });

  test('a reader that stops reading but answers pings is dropped, not buffered for without bound', async () => {
    const t = await open();
    const port = (t.app.app.server.address() as AddressInfo).port;
    const reader = await stalledReader(port, t.gmToken);
    await settle();
    expect(t.room.connectionCount).toBe(1);
    // The GM's view grows by 4 kB a command until the reader's socket buffers are full and messages queue up.
    let i = 0;
    for (; i < 4000 && t.room.connectionCount > 0; i++) {
      const added = await t.room.submit({ type: 'note.add', text: `${i}`.padEnd(4000, 'x') }, { role: 'gm' });
      if (!added.ok) throw new Error(added.error.code);
      await t.room.submit({ type: 'note.remove', note: `n${i + 1}` }, { role: 'gm' });
    }
    // Dropped after a few hundred commands: the messages that could not be written were discarded with it.
    expect(i).toBeLessThan(4000);
    expect(t.room.connectionCount).toBe(0);
    expect(t.app.io.sockets.sockets.size).toBe(0);
    reader.stop();
  }, 60_000);

  test('the backlog watch closes a connection once more than its limit of packets wait, discarding them', () => {
    const conn = Object.assign(new EventEmitter(), { closedWith: undefined as boolean | undefined, close(discard: boolean) { this.closedWith = discard; } });
    watchBacklog({ conn } as unknown as Socket, 3);
    for (let i = 0; i < 3; i++) conn.emit('packetCreate');
    conn.emit('flush', [1, 2]);
    conn.emit('packetCreate');
    conn.emit('packetCreate');
    expect(conn.closedWith).toBeUndefined();
    conn.emit('packetCreate');
    expect(conn.closedWith).toBe(true);
  });
});

describe('outages are told apart from bugs', () => {
  test('a command or a resync during a database outage is refused STORE_UNAVAILABLE, and served again after it', async () => {
    const inner = memoryStore();
    let down = false;
    const fail = () => Promise.reject(new StoreUnavailable('Connection terminated unexpectedly'));
    const store: Store = {
      ...inner,
      append: (id, e) => (down ? fail() : inner.append(id, e)),
      appendBatch: (id, es) => (down ? fail() : inner.appendBatch(id, es)),
      readLog: (id, after, limit) => (down ? fail() : inner.readLog(id, after, limit)),
    };
    const t = await open(store);
    const aki = await t.connect(t.aki.token);
    const errors = console.error;
    console.error = () => {};
    try {
      down = true;
      aki.send(chat('c1', 'during'));
      expect(await aki.reply('c1')).toMatchObject({ type: 'rejected', code: 'STORE_UNAVAILABLE' });
      aki.send({ type: 'resync' });
      expect(await aki.next((m) => m.type === 'rejected' && m.ref === null)).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      aki.send(chat('c2', 'still during'));
      expect(await aki.reply('c2')).toMatchObject({ type: 'rejected', code: 'STORE_UNAVAILABLE' });
    } finally {
      console.error = errors;
    }
    down = false;
    aki.send(chat('c3', 'after'));
    expect(await aki.reply('c3')).toMatchObject({ type: 'update', seq: 6, acks: [{ ref: 'c3', seq: 6 }] });
  });
});
