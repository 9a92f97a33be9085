import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createRoomResponse, httpError, linkResponse, seatLinkResponse, spectatorLinkResponse } from '@veiltable/protocol';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { StoreUnavailable } from '../db/store.ts';
import { resolveToken } from '../rooms/tokens.ts';
import { WireClient } from '../testing/wire-client.ts';

const PUBLIC = 'https://table.example';
let current: App | undefined;

function start(clientDir?: string): { app: App['app']; store: Store; rooms: App['rooms'] } {
  const store = memoryStore();
  current = buildApp({ store, publicUrl: PUBLIC, ...(clientDir ? { clientDir } : {}) });
  return { app: current.app, store, rooms: current.rooms };
}

afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

async function createRoom(app: App['app'], title = 'Night of the Lamp') {
  const res = await app.inject({ method: 'POST', url: '/api/rooms', payload: { title } });
  expect(res.statusCode).toBe(201);
  return createRoomResponse.parse(res.json());
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenOf = (url: string) => url.split('#t=')[1] ?? '';

describe('POST /api/rooms', () => {
  test('creates a room with GM and spectator links on the public url', async () => {
    const { app, store, rooms } = start();
    const created = await createRoom(app);
    expect(created.gmUrl).toBe(`${PUBLIC}/r/${created.roomId}#t=${created.gmToken}`);
    expect(created.spectatorUrl.startsWith(`${PUBLIC}/r/${created.roomId}#t=`)).toBe(true);
    expect(await resolveToken(store, created.gmToken)).toEqual({ ok: true, value: { roomId: created.roomId, viewer: { role: 'gm' } } });
    expect(await resolveToken(store, tokenOf(created.spectatorUrl))).toEqual({
      ok: true,
      value: { roomId: created.roomId, viewer: { role: 'spectator' } },
    });
    expect((await store.getRoom(created.roomId))?.title).toBe('Night of the Lamp');
    expect((await rooms.get(created.roomId))?.seq).toBe(0);
  });

  test('an empty body gets the defaults', async () => {
    const { app, store } = start();
    const res = await app.inject({ method: 'POST', url: '/api/rooms' });
    expect(res.statusCode).toBe(201);
    const { roomId } = createRoomResponse.parse(res.json());
    expect(await store.getRoom(roomId)).toMatchObject({ title: 'Veiltable', game: 'free-table' });
  });

  test.each([
    ['a blank title', { title: '   ' }, 'BAD_SHAPE'],
    ['an unknown game', { game: 'chess' }, 'UNKNOWN_GAME'],
    ['a title too long', { title: 'x'.repeat(81) }, 'BAD_SHAPE'],
    ['not JSON', '{"title":', 'BAD_JSON'],
    ['a title with U+0000', { title: 'a\u0000b' }, 'BAD_TEXT'],
    ['a title with a lone surrogate', { title: 'a\uD800b' }, 'BAD_TEXT'],
  ])('%s is a 400', async (_name, payload, code) => {
    const { app } = start();
    const res = await app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(httpError.parse(res.json()).error).toBe(code);
  });
});

describe('POST /api/rooms/:roomId/seats', () => {
  test('the GM adds seats through the room; each gets its own player link', async () => {
    const { app, store, rooms } = start();
    const { roomId, gmToken } = await createRoom(app);
    const first = await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats`, headers: bearer(gmToken), payload: { name: ' Aki ' } });
    expect(first.statusCode).toBe(201);
    const aki = seatLinkResponse.parse(first.json());
    expect(aki).toMatchObject({ name: 'Aki' });
    expect(aki.url).toBe(`${PUBLIC}/r/${roomId}#t=${aki.token}`);
    const bora = seatLinkResponse.parse(
      (await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats`, headers: bearer(gmToken), payload: { name: 'Bora' } })).json(),
    );
    expect(bora.seat).not.toBe(aki.seat);
    expect(await resolveToken(store, aki.token)).toEqual({ ok: true, value: { roomId, viewer: { role: 'player', seat: aki.seat } } });
    const room = await rooms.get(roomId);
    expect(room?.seq).toBe(2);
    expect((await store.readLog(roomId, 0)).map((e) => e.command)).toEqual([
      { type: 'seat.add', name: 'Aki' },
      { type: 'seat.add', name: 'Bora' },
    ]);
  });

  test.each([
    ['no authorization header', () => ({}), 401, 'NO_TOKEN'],
    ['a made-up token', () => bearer('A'.repeat(43)), 401, 'BAD_TOKEN'],
    ['a malformed header', () => ({ authorization: 'Basic abc' }), 401, 'NO_TOKEN'],
  ])('%s is refused', async (_name, headers, status, code) => {
    const { app, store } = start();
    const { roomId } = await createRoom(app);
    const res = await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats`, headers: headers(), payload: { name: 'Aki' } });
    expect(res.statusCode).toBe(status);
    expect(httpError.parse(res.json()).error).toBe(code);
    expect(await store.latestSeq(roomId)).toBe(0);
  });

  test('the spectator token and another room\'s GM token are forbidden', async () => {
    const { app, store } = start();
    const mine = await createRoom(app);
    const other = await createRoom(app, 'Other');
    for (const token of [tokenOf(mine.spectatorUrl), other.gmToken]) {
      const res = await app.inject({ method: 'POST', url: `/api/rooms/${mine.roomId}/seats`, headers: bearer(token), payload: { name: 'Aki' } });
      expect(res.statusCode).toBe(403);
      expect(httpError.parse(res.json()).error).toBe('FORBIDDEN');
    }
    expect(await store.latestSeq(mine.roomId)).toBe(0);
  });

  test('a player token cannot add seats', async () => {
    const { app } = start();
    const { roomId, gmToken } = await createRoom(app);
    const aki = seatLinkResponse.parse(
      (await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats`, headers: bearer(gmToken), payload: { name: 'Aki' } })).json(),
    );
    const res = await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats`, headers: bearer(aki.token), payload: { name: 'Mallory' } });
    expect(res.statusCode).toBe(403);
  });

  test.each([
    ['an empty name', { name: '' }],
    ['a name too long', { name: 'x'.repeat(41) }],
    ['a missing name', {}],
    ['a number', { name: 7 }],
    ['a name with U+0000', { name: 'Ak\u0000i' }, 'BAD_TEXT'],
    ['a name with a lone surrogate', { name: '\uDC00Aki' }, 'BAD_TEXT'],
  ])('%s is a 400 (BAD_SHAPE unless told)', async (_name, payload, code = 'BAD_SHAPE') => {
    const { app, store } = start();
    const { roomId, gmToken } = await createRoom(app);
    const res = await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats`, headers: bearer(gmToken), payload });
    expect(res.statusCode).toBe(400);
    expect(httpError.parse(res.json()).error).toBe(code);
    expect(await store.latestSeq(roomId)).toBe(0);
  });

  test('unknown and malformed room ids', async () => {
    const { app } = start();
    const { gmToken } = await createRoom(app);
    const unknown = await app.inject({ method: 'POST', url: '/api/rooms/AAAAAAAAAAAAAAAA/seats', headers: bearer(gmToken), payload: { name: 'A' } });
    expect(unknown.statusCode).toBe(404);
    expect(httpError.parse(unknown.json()).error).toBe('NO_SUCH_ROOM');
    const malformed = await app.inject({ method: 'POST', url: '/api/rooms/..%2F/seats', headers: bearer(gmToken), payload: { name: 'A' } });
    expect(malformed.statusCode).toBe(400);
    expect(httpError.parse(malformed.json()).error).toBe('BAD_ROOM_ID');
  });
});

describe('reissue', () => {
  test('a seat reissue revokes the old token and returns a new one for the same seat', async () => {
    const { app, store } = start();
    const { roomId, gmToken } = await createRoom(app);
    const aki = seatLinkResponse.parse(
      (await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats`, headers: bearer(gmToken), payload: { name: 'Aki' } })).json(),
    );
    const res = await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats/${aki.seat}/reissue`, headers: bearer(gmToken) });
    expect(res.statusCode).toBe(200);
    const fresh = seatLinkResponse.parse(res.json());
    expect(fresh).toMatchObject({ seat: aki.seat, name: 'Aki' });
    expect(fresh.token).not.toBe(aki.token);
    expect(await resolveToken(store, aki.token)).toEqual({ ok: false, error: { code: 'TOKEN_REVOKED' } });
    expect((await resolveToken(store, fresh.token)).ok).toBe(true);
  });

  test('reissuing an unknown or malformed seat fails; a player cannot reissue', async () => {
    const { app } = start();
    const { roomId, gmToken } = await createRoom(app);
    const aki = seatLinkResponse.parse(
      (await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats`, headers: bearer(gmToken), payload: { name: 'Aki' } })).json(),
    );
    const unknown = await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats/s99/reissue`, headers: bearer(gmToken) });
    expect([unknown.statusCode, httpError.parse(unknown.json()).error]).toEqual([404, 'NO_SUCH_SEAT']);
    const malformed = await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats/gm/reissue`, headers: bearer(gmToken) });
    expect([malformed.statusCode, httpError.parse(malformed.json()).error]).toEqual([400, 'BAD_SEAT']);
    const byPlayer = await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats/${aki.seat}/reissue`, headers: bearer(aki.token) });
    expect(byPlayer.statusCode).toBe(403);
  });

  test('a spectator reissue revokes the old spectator link', async () => {
    const { app, store } = start();
    const created = await createRoom(app);
    const res = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/spectator/reissue`, headers: bearer(created.gmToken) });
    expect(res.statusCode).toBe(200);
    const fresh = spectatorLinkResponse.parse(res.json());
    expect(fresh.url).toBe(`${PUBLIC}/r/${created.roomId}#t=${fresh.token}`);
    expect(await resolveToken(store, tokenOf(created.spectatorUrl))).toEqual({ ok: false, error: { code: 'TOKEN_REVOKED' } });
    expect(await resolveToken(store, fresh.token)).toEqual({ ok: true, value: { roomId: created.roomId, viewer: { role: 'spectator' } } });
  });
});

describe('GM link rotation', () => {
  test('a new GM token replaces the old one, which no longer opens the room, and the old GM sockets are closed', async () => {
    const { app, store, rooms } = start();
    const created = await createRoom(app);
    const room = (await rooms.get(created.roomId))!;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const oldGm = await WireClient.connect(base, created.gmToken);
    const watcher = await WireClient.connect(base, tokenOf(created.spectatorUrl));
    const gone = oldGm.disconnected();

    const res = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/gm/reissue`, headers: bearer(created.gmToken) });
    expect(res.statusCode).toBe(200);
    const fresh = linkResponse.parse(res.json());
    expect(fresh.url).toBe(`${PUBLIC}/r/${created.roomId}#t=${fresh.token}`);
    expect(fresh.token).not.toBe(created.gmToken);
    expect(await resolveToken(store, created.gmToken)).toEqual({ ok: false, error: { code: 'TOKEN_REVOKED' } });
    expect(await resolveToken(store, fresh.token)).toEqual({ ok: true, value: { roomId: created.roomId, viewer: { role: 'gm' } } });
    expect(await oldGm.next((m) => m.type === 'kicked')).toMatchObject({ type: 'kicked', code: 'TOKEN_REVOKED' });
    await gone;
    expect((await watcher.ping()).type).toBe('pong');
    expect(room.connectionCount).toBe(1);
    watcher.close();

    // The old token can do nothing more; the new one can.
    const again = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/gm/reissue`, headers: bearer(created.gmToken) });
    expect([again.statusCode, httpError.parse(again.json()).error]).toEqual([401, 'TOKEN_REVOKED']);
    const seat = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/seats`, headers: bearer(fresh.token), payload: { name: 'Aki' } });
    expect(seat.statusCode).toBe(201);
  });

  test('only the GM may rotate the GM link', async () => {
    const { app, store } = start();
    const created = await createRoom(app);
    const res = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/gm/reissue`, headers: bearer(tokenOf(created.spectatorUrl)) });
    expect(res.statusCode).toBe(403);
    expect((await resolveToken(store, created.gmToken)).ok).toBe(true);
  });
});

describe('a database outage', () => {
  /** A store whose every call fails as a dropped database does, once `down` is set. */
  function flaky(): { store: Store; down(): void } {
    const inner = memoryStore();
    let isDown = false;
    const store = Object.fromEntries(
      Object.entries(inner).map(([name, method]) => [
        name,
        (...args: unknown[]) => (isDown ? Promise.reject(new StoreUnavailable(`${name}: connection closed`)) : (method as (...a: unknown[]) => unknown)(...args)),
      ]),
    ) as unknown as Store;
    return { store, down: () => (isDown = true) };
  }

  test('is a 503 STORE_UNAVAILABLE with Retry-After, not a 500, on every route that touches the database', async () => {
    const { store, down } = flaky();
    current = buildApp({ store, publicUrl: PUBLIC });
    const { app } = current;
    const created = await createRoom(app);
    down();
    const calls = [
      { method: 'POST', url: '/api/rooms', payload: { title: 'T' } },
      { method: 'POST', url: `/api/rooms/${created.roomId}/seats`, headers: bearer(created.gmToken), payload: { name: 'Aki' } },
      { method: 'POST', url: `/api/rooms/${created.roomId}/spectator/reissue`, headers: bearer(created.gmToken) },
      { method: 'POST', url: `/api/rooms/${created.roomId}/gm/reissue`, headers: bearer(created.gmToken) },
      { method: 'GET', url: `/api/rooms/${created.roomId}/links`, headers: bearer(created.gmToken) },
      // A room that is not loaded yet must be read from the store.
      { method: 'POST', url: '/api/rooms/AAAAAAAAAAAAAAAA/seats', headers: bearer(created.gmToken), payload: { name: 'Aki' } },
    ] as const;
    for (const call of calls) {
      const res = await app.inject(call);
      expect([call.url, res.statusCode, httpError.parse(res.json()).error]).toEqual([call.url, 503, 'STORE_UNAVAILABLE']);
      expect(res.headers['retry-after']).toBe('5');
    }
  });

  test('a seat whose append fails in the room is a 503, not the 400 of a rule refusal', async () => {
    const inner = memoryStore();
    let failAppends = false;
    const store: Store = { ...inner, append: (id, e) => (failAppends ? Promise.reject(new StoreUnavailable('append: connection closed')) : inner.append(id, e)) };
    current = buildApp({ store, publicUrl: PUBLIC });
    const created = await createRoom(current.app);
    failAppends = true;
    const res = await current.app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/seats`, headers: bearer(created.gmToken), payload: { name: 'Aki' } });
    expect([res.statusCode, httpError.parse(res.json()).error]).toEqual([503, 'STORE_UNAVAILABLE']);
  });
});

describe('other routes', () => {

  test('without a built client, / says how to build it and unknown API paths are JSON 404s', async () => {
    const { app } = start(join(tmpdir(), 'no-such-client-dir'));
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('pnpm build');
    const missing = await app.inject({ method: 'GET', url: '/api/nope' });
    expect([missing.statusCode, httpError.parse(missing.json()).error]).toEqual([404, 'NOT_FOUND']);
  });

  test('with a built client, files are served and /r/<id> falls back to index.html', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'veiltable-client-'));
    // The title is the server's to fill in with a room's (http/client-page.ts); the rest is the client's own.
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Veiltable</title><body>VT-INDEX</body>');
    writeFileSync(join(dir, 'app.js'), 'console.log("VT-APP")');
    const { app } = start(dir);
    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.body).toContain('VT-INDEX');
    const asset = await app.inject({ method: 'GET', url: '/app.js' });
    expect(asset.body).toContain('VT-APP');
    const spa = await app.inject({ method: 'GET', url: '/r/AAAAAAAAAAAAAAAA' });
    expect([spa.statusCode, spa.headers['content-type']?.toString().startsWith('text/html')]).toEqual([200, true]);
    expect(spa.body).toContain('VT-INDEX');
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('VT-INDEX');
  });
});
