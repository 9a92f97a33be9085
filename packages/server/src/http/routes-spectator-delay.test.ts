import { afterEach, describe, expect, test } from 'vitest';
import { createRoomResponse, httpError, MAX_SPECTATOR_DELAY, spectatorDelayResponse } from '@veiltable/protocol';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';

// PUT /api/rooms/:roomId/spectator-delay: only the room's GM link sets how far behind spectators are shown, and
// the setting is kept with the room (issue 14 item 6: "delayed on the server by a GM-set amount").

let current: App | undefined;

function start(): { app: App['app']; store: Store } {
  const store = memoryStore();
  current = buildApp({ store, publicUrl: 'https://table.example' });
  return { app: current.app, store };
}

afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

async function createRoom(app: App['app'], game = 'free-table') {
  const res = await app.inject({ method: 'POST', url: '/api/rooms', payload: { title: 'Stream', game } });
  return createRoomResponse.parse(res.json());
}

const put = (app: App['app'], roomId: string, token: string | undefined, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/rooms/${roomId}/spectator-delay`,
    ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }),
    payload: payload as Record<string, unknown>,
  });

describe('PUT /api/rooms/:roomId/spectator-delay', () => {
  test('the GM sets it, it is stored with the room, and 0 turns it off', async () => {
    const { app, store } = start();
    const room = await createRoom(app);
    const res = await put(app, room.roomId, room.gmToken, { ms: 45_000 });
    expect(res.statusCode).toBe(200);
    expect(spectatorDelayResponse.parse(res.json())).toEqual({ mode: 'seconds', ms: 45_000 });
    expect((await store.getRoom(room.roomId))?.spectatorDelay).toBe(45_000);
    expect(spectatorDelayResponse.parse((await put(app, room.roomId, room.gmToken, { ms: 0 })).json())).toEqual({ mode: 'off', ms: 0 });
    expect((await store.getRoom(room.roomId))?.spectatorDelay).toBeUndefined();
  });

  test('"one phase behind" replaces a time delay, is stored, and a time delay replaces it in turn', async () => {
    const { app, store } = start();
    const room = await createRoom(app, 'call-of-t');
    await put(app, room.roomId, room.gmToken, { ms: 30_000 });
    const res = await put(app, room.roomId, room.gmToken, { mode: 'phase' });
    expect(res.statusCode).toBe(200);
    expect(spectatorDelayResponse.parse(res.json())).toEqual({ mode: 'phase', ms: 0 });
    expect((await store.getRoom(room.roomId))?.spectatorDelay).toBe('phase');
    expect(spectatorDelayResponse.parse((await put(app, room.roomId, room.gmToken, { ms: 5000 })).json())).toEqual({ mode: 'seconds', ms: 5000 });
    expect((await store.getRoom(room.roomId))?.spectatorDelay).toBe(5000);
  });

  test.each([
    ['no token', undefined, { ms: 1000 }, 401, 'NO_TOKEN'],
    ['the spectator link', 'spectator', { ms: 1000 }, 403, 'FORBIDDEN'],
    ['a negative delay', 'gm', { ms: -1 }, 400, 'BAD_SHAPE'],
    ['more than the longest', 'gm', { ms: MAX_SPECTATOR_DELAY + 1 }, 400, 'BAD_SHAPE'],
    ['a fraction of a ms', 'gm', { ms: 1.5 }, 400, 'BAD_SHAPE'],
    ['a mode that does not exist', 'gm', { mode: 'turn' }, 400, 'BAD_SHAPE'],
    ['a phase and a time at once (the two are exclusive)', 'gm', { mode: 'phase', ms: 5000 }, 400, 'BAD_SHAPE'],
    ['nothing', 'gm', {}, 400, 'BAD_SHAPE'],
    ['one phase behind where the game has no phases (free table)', 'gm', { mode: 'phase' }, 400, 'NO_PHASES'],
  ] as const)('refused: %s', async (_name, who, payload, status, code) => {
    const { app, store } = start();
    const room = await createRoom(app);
    const token = who === 'gm' ? room.gmToken : who === 'spectator' ? room.spectatorUrl.split('#t=')[1] : undefined;
    const res = await put(app, room.roomId, token, payload);
    expect(res.statusCode).toBe(status);
    expect(httpError.parse(res.json()).error).toBe(code);
    expect((await store.getRoom(room.roomId))?.spectatorDelay).toBeUndefined();
  });
});
