import { games } from '@veiltable/engine/games';
import { verifyRecord } from '@veiltable/engine/record';
import { changeAnswer, changeDie, changeSalt, tampered } from '@veiltable/engine/record/tampering';
import type { RecordEntry, SessionRecord, Viewer } from '@veiltable/protocol';
import { createRoomResponse, httpError, seatLinkResponse, sessionRecord } from '@veiltable/protocol';
import { afterEach, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';
import { SEQ, SESSION } from '../testing/recorded-session.ts';

// GET /api/rooms/:roomId/record: the open edition (issue 14 item 4) for every token of the room once the GM released
// it (REL-01..03), refused to every token before, so the seed never leaves the server while the room is played.

const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
let current: App | undefined;

afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenOf = (url: string) => url.split('#t=')[1] ?? '';

/** A free-table room that ran SESSION (seats, dice, a sealed declaration revealed, a deal), with a token of each kind. */
async function playedRoom() {
  current = buildApp({ store: memoryStore(), publicUrl: 'https://table.example' });
  const { app, rooms } = current;
  const res = await app.inject({ method: 'POST', url: '/api/rooms', payload: { title: 'Open', game: 'free-table' } });
  const created = createRoomResponse.parse(res.json());
  const room = (await rooms.get(created.roomId))!;
  const seatTokens: string[] = [];
  for (const [actor, command] of SESSION) {
    if ((command as { type: string }).type === 'seat.add') {
      const seat = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/seats`, headers: bearer(created.gmToken), payload: { name: (command as { name: string }).name } });
      seatTokens.push(seatLinkResponse.parse(seat.json()).token);
      continue;
    }
    const result = await room.submit(command, actor);
    if (!result.ok) throw new Error(`session step ${JSON.stringify(command)} refused: ${result.error.code}`);
  }
  const tokens: [string, string][] = [['the GM', created.gmToken], ['a player', seatTokens[0]!], ['the spectator', tokenOf(created.spectatorUrl)]];
  return { app, room, roomId: created.roomId, tokens };
}

async function download(app: App['app'], roomId: string, token: string) {
  return app.inject({ method: 'GET', url: `/api/rooms/${roomId}/record`, headers: bearer(token) });
}

describe('the open edition over HTTP', () => {
  test('before the release every token of the room is refused RECORD_NOT_RELEASED, and no answer holds the seed', async () => {
    const { app, room, roomId, tokens } = await playedRoom();
    const seed = (room.state as { rng: { seed: string } }).rng.seed;
    for (const [who, token] of tokens) {
      const res = await download(app, roomId, token);
      expect([who, res.statusCode, httpError.parse(res.json()).error]).toEqual([who, 403, 'RECORD_NOT_RELEASED']);
      expect(res.body).not.toContain(seed);
    }
  });

  test('no token, a bad token, another room\'s token: refused before anything is read', async () => {
    const { app, roomId, tokens } = await playedRoom();
    const other = createRoomResponse.parse((await app.inject({ method: 'POST', url: '/api/rooms', payload: { title: 'Other' } })).json());
    await (await current!.rooms.get(other.roomId))!.submit({ type: 'record.release' }, GM);
    expect((await app.inject({ method: 'GET', url: `/api/rooms/${roomId}/record` })).statusCode).toBe(401);
    expect((await download(app, roomId, 'x'.repeat(43))).statusCode).toBe(401);
    expect((await download(app, roomId, other.gmToken)).json()).toMatchObject({ error: 'FORBIDDEN' });
    expect((await download(app, other.roomId, tokens[0]![1])).json()).toMatchObject({ error: 'FORBIDDEN' });
  });

  test('REL-01, REL-03: a player may not release, the GM may once; after it every token downloads a record that verifies', async () => {
    const { app, room, roomId, tokens } = await playedRoom();
    expect(await room.submit({ type: 'record.release' }, S1)).toMatchObject({ ok: false, error: { code: 'NOT_GM' } });
    expect((await room.submit({ type: 'record.release' }, GM)).ok).toBe(true);
    expect(await room.submit({ type: 'record.release' }, GM)).toMatchObject({ ok: false, error: { code: 'ROOM_RELEASED' } });
    expect(await room.submit({ type: 'roll', expr: '1d6' }, S1)).toMatchObject({ ok: false, error: { code: 'ROOM_RELEASED' } });

    const bodies = new Set<string>();
    for (const [who, token] of tokens) {
      const res = await download(app, roomId, token);
      expect([who, res.statusCode]).toEqual([who, 200]);
      expect(res.headers['content-disposition']).toContain('attachment');
      bodies.add(res.body);
    }
    // The open edition is one file, whoever downloads it.
    expect(bodies.size).toBe(1);
    const record = sessionRecord.parse(JSON.parse([...bodies][0]!));
    expect(record.seed).toBe((room.state as { rng: { seed: string } }).rng.seed);
    expect(record.entries.at(-1)).toMatchObject({ seq: room.seq, command: { type: 'record.release' }, actor: GM });
    expect(verifyRecord(record, games)).toMatchObject({ ok: true, lastSeq: room.seq });
  });

  test.each<[string, number, (e: RecordEntry) => void, string]>([
    ['one die', SEQ.roll, changeDie, 'roll'],
    ['one salt', SEQ.reveal, changeSalt, 'decl.revealed'],
    ['one answer', SEQ.reveal, changeAnswer, 'decl.revealed'],
  ])('the served record with %s changed fails at its seq', async (_what, seq, edit, event) => {
    const { app, room, roomId, tokens } = await playedRoom();
    await room.submit({ type: 'record.release' }, GM);
    const record: SessionRecord = sessionRecord.parse((await download(app, roomId, tokens[1]![1])).json());
    expect(verifyRecord(tampered(record, seq, edit), games)).toMatchObject({ ok: false, failure: { kind: 'events', seq, event } });
  });
});
