import { afterEach, describe, expect, test } from 'vitest';
import { createRoomResponse, httpError, linkResponse, roomLinksResponse, seatLinkResponse } from '@veiltable/protocol';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { hashToken, resolveToken } from '../rooms/tokens.ts';

// GET /api/rooms/:roomId/links: the GM's link alone shows the room's current links on any device, without replacing
// them; only an explicit reissue makes a new one, and the old one then drops out of the list.

const PUBLIC = 'https://table.example';
let current: App | undefined;

function start(): { app: App['app']; store: Store } {
  const store = memoryStore();
  current = buildApp({ store, publicUrl: PUBLIC });
  return { app: current.app, store };
}

afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenOf = (url: string) => url.split('#t=')[1] ?? '';

async function createRoom(app: App['app']) {
  const res = await app.inject({ method: 'POST', url: '/api/rooms', payload: { title: 'Links' } });
  expect(res.statusCode).toBe(201);
  return createRoomResponse.parse(res.json());
}

async function addSeat(app: App['app'], roomId: string, gmToken: string, name: string) {
  const res = await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats`, headers: bearer(gmToken), payload: { name } });
  expect(res.statusCode).toBe(201);
  return seatLinkResponse.parse(res.json());
}

async function listLinks(app: App['app'], roomId: string, token: string) {
  const res = await app.inject({ method: 'GET', url: `/api/rooms/${roomId}/links`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return roomLinksResponse.parse(res.json());
}

async function live(store: Store, token: string): Promise<string> {
  const r = await resolveToken(store, token);
  return r.ok ? 'ok' : r.error.code;
}

describe('GET /api/rooms/:roomId/links', () => {
  test('a second device with only the GM link lists the links the first one made, and they keep working', async () => {
    const { app, store } = start();
    const created = await createRoom(app);
    const aki = await addSeat(app, created.roomId, created.gmToken, 'Aki');
    const bora = await addSeat(app, created.roomId, created.gmToken, '보라');

    // The second device knows nothing but the GM link.
    const seen = await listLinks(app, created.roomId, tokenOf(created.gmUrl));
    expect(seen).toEqual({
      seats: [
        { seat: aki.seat, name: 'Aki', link: { token: aki.token, url: aki.url } },
        { seat: bora.seat, name: '보라', link: { token: bora.token, url: bora.url } },
      ],
      spectator: { token: tokenOf(created.spectatorUrl), url: created.spectatorUrl },
    });
    // Listing replaces nothing: asked again it shows the same, and every link still opens the room.
    expect(await listLinks(app, created.roomId, created.gmToken)).toEqual(seen);
    for (const token of [aki.token, bora.token, tokenOf(created.spectatorUrl), created.gmToken]) expect(await live(store, token)).toBe('ok');
  });

  test('a seat without a link yet is listed with none; a seat added later shows up', async () => {
    const { app } = start();
    const created = await createRoom(app);
    expect((await listLinks(app, created.roomId, created.gmToken)).seats).toEqual([]);
    const aki = await addSeat(app, created.roomId, created.gmToken, 'Aki');
    expect((await listLinks(app, created.roomId, created.gmToken)).seats.map((s) => s.link?.token)).toEqual([aki.token]);
  });

  test('a rotated seat or spectator link drops out; the new one is listed and the old one is dead', async () => {
    const { app, store } = start();
    const created = await createRoom(app);
    const aki = await addSeat(app, created.roomId, created.gmToken, 'Aki');
    const bora = await addSeat(app, created.roomId, created.gmToken, 'Bora');

    const res = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/seats/${aki.seat}/reissue`, headers: bearer(created.gmToken) });
    const fresh = seatLinkResponse.parse(res.json());
    const watch = linkResponse.parse(
      (await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/spectator/reissue`, headers: bearer(created.gmToken) })).json(),
    );

    const seen = await listLinks(app, created.roomId, created.gmToken);
    expect(seen.seats.map((s) => s.link?.token)).toEqual([fresh.token, bora.token]);
    expect(seen.spectator).toEqual(watch);
    expect(JSON.stringify(seen)).not.toContain(aki.token);
    expect(JSON.stringify(seen)).not.toContain(tokenOf(created.spectatorUrl));
    expect([await live(store, aki.token), await live(store, fresh.token), await live(store, bora.token)]).toEqual(['TOKEN_REVOKED', 'ok', 'ok']);
  });

  test('after the GM link is rotated the new one lists every link; the old one lists nothing', async () => {
    const { app } = start();
    const created = await createRoom(app);
    const aki = await addSeat(app, created.roomId, created.gmToken, 'Aki');
    const before = await listLinks(app, created.roomId, created.gmToken);
    const gm = linkResponse.parse(
      (await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/gm/reissue`, headers: bearer(created.gmToken) })).json(),
    );
    expect(await listLinks(app, created.roomId, gm.token)).toEqual(before);
    expect(before.seats[0]?.link?.token).toBe(aki.token);
    const old = await app.inject({ method: 'GET', url: `/api/rooms/${created.roomId}/links`, headers: bearer(created.gmToken) });
    expect([old.statusCode, httpError.parse(old.json()).error]).toEqual([401, 'TOKEN_REVOKED']);
  });

  test.each([
    ['a player token', 403, 'FORBIDDEN', async (_app: App['app'], link: string) => link],
    ['the spectator token', 403, 'FORBIDDEN', async (_app: App['app'], _link: string, spectatorUrl: string) => tokenOf(spectatorUrl)],
    ["another room's GM token", 403, 'FORBIDDEN', async (app: App['app']) => (await createRoom(app)).gmToken],
    ['an unknown token', 401, 'BAD_TOKEN', async () => 'B'.repeat(43)],
  ])('%s cannot list the links', async (_name, status, code, tokenFor) => {
    const { app } = start();
    const created = await createRoom(app);
    const aki = await addSeat(app, created.roomId, created.gmToken, 'Aki');
    const token = await tokenFor(app, aki.token, created.spectatorUrl);
    const res = await app.inject({ method: 'GET', url: `/api/rooms/${created.roomId}/links`, headers: bearer(token) });
    expect([res.statusCode, httpError.parse(res.json()).error]).toEqual([status, code]);
    expect(res.body).not.toContain(aki.token);
  });

  test('without a token the answer is 401 NO_TOKEN', async () => {
    const { app } = start();
    const created = await createRoom(app);
    const res = await app.inject({ method: 'GET', url: `/api/rooms/${created.roomId}/links` });
    expect([res.statusCode, httpError.parse(res.json()).error]).toEqual([401, 'NO_TOKEN']);
  });

  test('the database holds no link in the clear: only hashes and sealed values', async () => {
    const { app, store } = start();
    const created = await createRoom(app);
    const aki = await addSeat(app, created.roomId, created.gmToken, 'Aki');
    const rows = JSON.stringify(await store.liveTokens(created.roomId));
    for (const token of [created.gmToken, aki.token, tokenOf(created.spectatorUrl)]) {
      expect(rows).not.toContain(token);
      expect(rows).toContain(hashToken(token));
    }
  });

  test('a room whose links were made before links were kept lists them as unknown, and keeps the ones made now', async () => {
    const { app, store } = start();
    const created = await createRoom(app);
    const old = await addSeat(app, created.roomId, created.gmToken, 'Aki');
    // As the rows stood before: nothing sealed.
    for (const t of await store.liveTokens(created.roomId)) await store.putToken({ ...t, sealed: null });

    const before = await listLinks(app, created.roomId, created.gmToken);
    expect(before).toEqual({ seats: [{ seat: old.seat, name: 'Aki', link: null }], spectator: null });
    expect(await live(store, old.token)).toBe('ok');
    const bora = await addSeat(app, created.roomId, created.gmToken, 'Bora');
    const chihiro = await addSeat(app, created.roomId, created.gmToken, 'Chihiro');
    const after = await listLinks(app, created.roomId, created.gmToken);
    expect(after.seats.map((s) => s.link?.token ?? null)).toEqual([null, bora.token, chihiro.token]);
  });
});
