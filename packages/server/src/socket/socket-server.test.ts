import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { canonicalJson } from '@veiltable/engine';
import type { ServerMessage } from '@veiltable/protocol';
import type { FreeTableView } from '@veiltable/protocol/games/free-table';
import { MAX_MESSAGE_CHARS, PROTOCOL_VERSION, seatLinkResponse } from '@veiltable/protocol';
import type { SocketTable } from '../testing/socket-table.ts';
import { socketTable } from '../testing/socket-table.ts';
import { WireClient } from '../testing/wire-client.ts';

const GM = { role: 'gm' } as const;

let table: SocketTable;
const connect = (token: string, lastSeq?: number) => table.connect(token, lastSeq);

beforeEach(async () => {
  table = await socketTable();
});

afterEach(async () => {
  await table.close();
});

/** Room state and seq before a hostile message, to compare after it. */
const snapshot = () => ({ seq: table.room.seq, state: canonicalJson(table.room.state) });

function handOf(client: WireClient, seat: string): string[] {
  const welcome = client.frames.find((m) => m.type === 'welcome');
  if (welcome?.type !== 'welcome') throw new Error('no welcome');
  return (welcome.view as FreeTableView).hands[seat]?.map((c) => c.id) ?? [];
}

/** The other client is still served: its ping is answered and its command commits. */
async function stillServed(other: WireClient): Promise<void> {
  expect((await other.ping()).type).toBe('pong');
}

/** A reply's outcome: the refusal's code, or 'ack' for a commit (an update acking it, or an ack). */
const rejectedCode = (m: ServerMessage) => (m.type === 'rejected' ? m.code : m.type === 'update' ? 'ack' : m.type);

describe('happy path', () => {
  test('a command is acked in its viewer\'s update, and each viewer gets only its own projection', async () => {
    const aki = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    const spectator = await connect(table.spectatorToken);
    const card = handOf(aki, table.aki.seat)[0]!;
    aki.send({ type: 'command', ref: 'c1', command: { type: 'card.play', card, faceUp: false } });
    expect(await aki.reply('c1')).toMatchObject({ type: 'update', seq: 6, acks: [{ ref: 'c1', seq: 6 }] });
    const seen = [await bora.next((m) => m.type === 'update' && m.seq === 6), await spectator.next((m) => m.type === 'update' && m.seq === 6)];
    expect(seen.every((m) => m.type === 'update' && m.acks === undefined)).toBe(true);
    // Aki's hand faces reach Aki alone.
    const akiHand = (aki.frames[0] as { view: FreeTableView }).view.hands[table.aki.seat]!;
    expect(akiHand.length).toBe(3);
    expect(akiHand.every((c) => c.face !== undefined)).toBe(true);
    for (const other of [bora, spectator]) {
      expect(JSON.stringify(other.frames)).not.toContain(card);
      expect((other.frames[0] as { view: FreeTableView }).view.hands[table.aki.seat]).toBeUndefined();
    }
  });

  test('a reconnecting client gets a welcome with its viewer\'s whole view, whatever seq it last saw', async () => {
    const aki = await connect(table.aki.token, 3);
    expect(aki.frames.map((m) => [m.type, 'seq' in m ? m.seq : null])).toEqual([['welcome', 5]]);
    expect(aki.view()).toEqual(asSent(table.room.viewFor({ role: 'player', seat: table.aki.seat })));
  });

  test('two sockets of one seat get the same update once, as an object, with the ack', async () => {
    const tab1 = await connect(table.aki.token);
    const tab2 = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    const card = handOf(tab1, table.aki.seat)[0]!;
    tab1.send({ type: 'command', ref: 'p1', command: { type: 'card.play', card, faceUp: false } });
    expect(await tab1.reply('p1')).toMatchObject({ type: 'update', seq: 6, acks: [{ ref: 'p1', seq: 6 }] });
    await tab2.next((m) => m.type === 'update' && m.seq === 6);
    await bora.next((m) => m.type === 'update' && m.seq === 6);
    await tab2.ping();
    const updates = (c: WireClient) => c.frames.filter((m) => m.type === 'update');
    expect(updates(tab1)).toHaveLength(1);
    expect(updates(tab1)).toEqual(updates(tab2));
    expect(tab1.raw.every((payload) => typeof payload === 'object' && payload !== null)).toBe(true);
  });

  test('a retried ref is answered with its first commit, never committed twice', async () => {
    const aki = await connect(table.aki.token);
    const line = { type: 'command', ref: 'k9:1', command: { type: 'chat.send', to: { kind: 'all' }, text: 'once' } };
    aki.send(line);
    expect(await aki.reply('k9:1')).toMatchObject({ type: 'update', seq: 6, acks: [{ ref: 'k9:1', seq: 6 }] });
    aki.send({ ...line, retry: true });
    expect(await aki.reply('k9:1')).toEqual({ type: 'ack', ref: 'k9:1', seq: 6 });
    expect(table.room.seq).toBe(6);
    const other = await connect(table.aki.token);
    other.send({ ...line, retry: true });
    expect(await other.reply('k9:1')).toEqual({ type: 'ack', ref: 'k9:1', seq: 6 });
    expect((table.room.state as { feed: unknown[] }).feed).toHaveLength(1);
  });
});

const asSent = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('views travel as patches', () => {
  test('after the welcome, one update per batch carries a patch that rebuilds exactly each viewer\'s own view', async () => {
    const gm = await connect(table.gmToken);
    const aki = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    const spectator = await connect(table.spectatorToken);
    const card = handOf(aki, table.aki.seat)[0]!;
    aki.send({ type: 'command', ref: 'p1', command: { type: 'card.play', card, faceUp: false } });
    await aki.reply('p1');
    gm.send({ type: 'command', ref: 'w1', command: { type: 'chat.send', to: { kind: 'seat', seat: table.bora.seat }, text: 'psst' } });
    const { seq } = (await gm.reply('w1')) as { seq: number };
    expect(seq).toBe(7);
    // The whisper changes no view: its two speakers get it as a line, without a patch; the others get nothing.
    for (const [client, viewer, seqs] of [
      [gm, GM, [[6, 5], [7, undefined]]],
      [aki, { role: 'player', seat: table.aki.seat }, [[6, 5]]],
      [bora, { role: 'player', seat: table.bora.seat }, [[6, 5], [7, undefined]]],
      [spectator, { role: 'spectator' }, [[6, 5]]],
    ] as const) {
      // A pong follows every update sent before it.
      await client.ping();
      const updates = client.frames.filter((m) => m.type === 'update');
      expect(updates.map((m) => [m.seq, m.patch?.base])).toEqual(seqs);
      expect(updates.every((m) => m.view === undefined)).toBe(true);
      expect(client.view()).toEqual(asSent(table.room.viewFor(viewer)));
      const whispered = updates.find((m) => m.seq === 7);
      if (whispered) expect(JSON.stringify(whispered.lines)).toContain('psst');
    }
    expect(JSON.stringify(spectator.raw)).not.toContain('psst');
    expect(JSON.stringify(aki.raw)).not.toContain('psst');
  });

  test('a resync request brings a fresh welcome, and the patches that follow apply to it', async () => {
    const aki = await connect(table.aki.token);
    aki.send({ type: 'resync' });
    const again = await aki.next((m) => m.type === 'welcome');
    expect(again).toMatchObject({ type: 'welcome', seq: 5 });
    const card = handOf(aki, table.aki.seat)[0]!;
    aki.send({ type: 'command', ref: 'c1', command: { type: 'card.play', card, faceUp: true } });
    expect(await aki.reply('c1')).toMatchObject({ type: 'update', seq: 6, patch: { base: 5 } });
    expect(aki.view()).toEqual(asSent(table.room.viewFor({ role: 'player', seat: table.aki.seat })));
  });
});

describe('hostile or mistaken input: coded rejection, nothing changes, others still served', () => {
  test('malformed JSON → BAD_JSON', async () => {
    const aki = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    const before = snapshot();
    aki.sendRaw('{"type":"ping","ref":');
    expect(rejectedCode(await aki.next((m) => m.type === 'rejected'))).toBe('BAD_JSON');
    expect(snapshot()).toEqual(before);
    await stillServed(bora);
    await stillServed(aki);
  });

  test('unknown message type → UNKNOWN_TYPE with the ref', async () => {
    const aki = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    const before = snapshot();
    aki.send({ type: 'sudo', ref: 'u1' });
    expect(await aki.reply('u1')).toEqual({ type: 'rejected', ref: 'u1', code: 'UNKNOWN_TYPE', seq: expect.any(Number) });
    expect(snapshot()).toEqual(before);
    await stillServed(bora);
  });

  test('wrong shape → BAD_SHAPE with the ref', async () => {
    const aki = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    const before = snapshot();
    aki.send({ type: 'command', ref: 's1', command: { type: 'deck.draw', count: 'all' } });
    const reply = await aki.reply('s1');
    expect(rejectedCode(reply)).toBe('BAD_SHAPE');
    expect(snapshot()).toEqual(before);
    await stillServed(bora);
  });

  test('oversized payload → TOO_LARGE', async () => {
    const aki = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    const before = snapshot();
    aki.send({ type: 'command', ref: 'big', command: { type: 'chat.send', to: { kind: 'all' }, text: 'x'.repeat(MAX_MESSAGE_CHARS) } });
    expect(rejectedCode(await aki.next((m) => m.type === 'rejected'))).toBe('TOO_LARGE');
    expect(snapshot()).toEqual(before);
    expect(JSON.stringify(bora.frames)).not.toContain('xxxxxxxx');
    await stillServed(bora);
    await stillServed(aki);
  });

  test('a non-string payload or another event name → BAD_MESSAGE', async () => {
    const aki = await connect(table.aki.token);
    const before = snapshot();
    aki.sendRaw({ type: 'ping', ref: 'obj' });
    expect(rejectedCode(await aki.next((m) => m.type === 'rejected'))).toBe('BAD_MESSAGE');
    aki.socket.emit('command', JSON.stringify({ type: 'ping', ref: 'x' }));
    expect(rejectedCode(await aki.next((m) => m.type === 'rejected'))).toBe('BAD_MESSAGE');
    expect(snapshot()).toEqual(before);
    await stillServed(aki);
  });

  test('bad token → connect_error BAD_TOKEN; a bad handshake → BAD_HANDSHAKE', async () => {
    const bora = await connect(table.bora.token);
    await expect(WireClient.connect(table.base, 'A'.repeat(43))).rejects.toThrow('BAD_TOKEN');
    await expect(WireClient.connectWithAuth(table.base, { token: table.aki.token, protocol: PROTOCOL_VERSION + 1 })).rejects.toThrow(
      'BAD_HANDSHAKE',
    );
    await stillServed(bora);
  });

  test('revoked token: the old socket is kicked and closed, cannot reconnect; the new link works', async () => {
    const oldAki = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    const before = snapshot();
    const gone = oldAki.disconnected();
    const res = await table.app.app.inject({
      method: 'POST',
      url: `/api/rooms/${table.room.id}/seats/${table.aki.seat}/reissue`,
      headers: { authorization: `Bearer ${table.gmToken}` },
    });
    const fresh = seatLinkResponse.parse(res.json());
    expect(await oldAki.next((m) => m.type === 'kicked')).toEqual({ type: 'kicked', code: 'TOKEN_REVOKED', seq: expect.any(Number) });
    expect(await gone).toBe('io server disconnect');
    await expect(WireClient.connect(table.base, table.aki.token)).rejects.toThrow('TOKEN_REVOKED');
    expect(snapshot()).toEqual(before);
    expect(bora.frames.some((m) => m.type === 'kicked')).toBe(false);
    await stillServed(bora);
    const newAki = await connect(fresh.token);
    expect((await newAki.ping()).type).toBe('pong');
  });

  test('a spectator command → SPECTATOR_READ_ONLY', async () => {
    const spectator = await connect(table.spectatorToken);
    const bora = await connect(table.bora.token);
    const before = snapshot();
    spectator.send({ type: 'command', ref: 'sp', command: { type: 'chat.send', to: { kind: 'all' }, text: 'hi' } });
    expect(await spectator.reply('sp')).toEqual({ type: 'rejected', ref: 'sp', code: 'SPECTATOR_READ_ONLY', seq: expect.any(Number) });
    expect(snapshot()).toEqual(before);
    await stillServed(bora);
  });

  test('a player playing a card from another seat\'s hand → NOT_YOUR_CARD', async () => {
    const gm = await connect(table.gmToken);
    const bora = await connect(table.bora.token);
    const aki = await connect(table.aki.token);
    // Bora cannot see Aki's ids; the GM's view stands in for a leaked or guessed id.
    const akisCard = handOf(gm, table.aki.seat)[0]!;
    const before = snapshot();
    bora.send({ type: 'command', ref: 'steal', command: { type: 'card.play', card: akisCard, faceUp: true } });
    expect(rejectedCode(await bora.reply('steal'))).toBe('NOT_YOUR_CARD');
    expect(snapshot()).toEqual(before);
    expect(aki.frames.filter((m) => m.type === 'update')).toEqual([]);
    await stillServed(aki);
  });

  test('answering a closed declaration → DECL_CLOSED', async () => {
    const gm = await connect(table.gmToken);
    const aki = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    gm.send({ type: 'command', ref: 'open', command: { type: 'decl.open', prompt: 'Go?', kind: 'text' } });
    expect(rejectedCode(await gm.reply('open'))).toBe('ack');
    gm.send({ type: 'command', ref: 'close', command: { type: 'decl.reveal', decl: 'd1' } });
    expect(rejectedCode(await gm.reply('close'))).toBe('ack');
    const before = snapshot();
    aki.send({ type: 'command', ref: 'late', command: { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'yes' } } });
    expect(rejectedCode(await aki.reply('late'))).toBe('DECL_CLOSED');
    expect(snapshot()).toEqual(before);
    await stillServed(bora);
  });

  test('playing a card not in hand → CARD_NOT_IN_HAND', async () => {
    const aki = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    const card = handOf(aki, table.aki.seat)[0]!;
    aki.send({ type: 'command', ref: 'p1', command: { type: 'card.play', card, faceUp: true } });
    expect(rejectedCode(await aki.reply('p1'))).toBe('ack');
    const before = snapshot();
    aki.send({ type: 'command', ref: 'p2', command: { type: 'card.play', card, faceUp: true } });
    expect(rejectedCode(await aki.reply('p2'))).toBe('CARD_NOT_IN_HAND');
    expect(snapshot()).toEqual(before);
    bora.send({ type: 'command', ref: 'b1', command: { type: 'chat.send', to: { kind: 'all' }, text: 'still here' } });
    expect(rejectedCode(await bora.reply('b1'))).toBe('ack');
  });

  test('rate limiting: past the burst → RATE_LIMITED; the neighbour is unaffected', async () => {
    const aki = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    const before = snapshot();
    for (let i = 0; i < 60; i++) aki.send({ type: 'ping', ref: `f${i}` });
    await aki.next((m) => m.type === 'rejected' && m.code === 'RATE_LIMITED');
    // Let the remaining replies arrive, then count them.
    await new Promise((r) => setTimeout(r, 100));
    const pongs = aki.frames.filter((m) => m.type === 'pong').length;
    const limited = aki.frames.filter((m) => m.type === 'rejected' && m.code === 'RATE_LIMITED').length;
    expect(pongs + limited).toBe(60);
    expect(pongs).toBeGreaterThanOrEqual(40);
    expect(pongs).toBeLessThan(50);
    expect(snapshot()).toEqual(before);
    await stillServed(bora);
  });

  test('a socket that keeps flooding is dropped', async () => {
    const aki = await connect(table.aki.token);
    const bora = await connect(table.bora.token);
    const gone = aki.disconnected();
    for (let i = 0; i < 200; i++) aki.sendRaw('not json');
    expect(await aki.next((m) => m.type === 'kicked')).toEqual({ type: 'kicked', code: 'TOO_MANY_REJECTIONS', seq: expect.any(Number) });
    expect(await gone).toBe('io server disconnect');
    await stillServed(bora);
  });
});
