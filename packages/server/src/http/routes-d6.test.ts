import { afterEach, describe, expect, test } from 'vitest';
import { createRoomResponse, seatLinkResponse } from '@veiltable/protocol';
import { d6View } from '@veiltable/protocol/games/dungeon-2d6';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';
import { resolveToken } from '../rooms/tokens.ts';

let current: App | undefined;

afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('a dungeon-2d6 room over the HTTP API', () => {
  test('is created with its game, and seats are added through the game’s seat.add', async () => {
    const store = memoryStore();
    current = buildApp({ store, publicUrl: 'https://table.example' });
    const { app, rooms } = current;
    const res = await app.inject({ method: 'POST', url: '/api/rooms', payload: { title: 'Crypt', game: 'dungeon-2d6' } });
    expect(res.statusCode).toBe(201);
    const created = createRoomResponse.parse(res.json());
    expect(await store.getRoom(created.roomId)).toMatchObject({ game: 'dungeon-2d6' });

    const seats = [];
    for (const name of ['Aki', 'Bea']) {
      const r = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/seats`, headers: bearer(created.gmToken), payload: { name } });
      expect(r.statusCode).toBe(201);
      seats.push(seatLinkResponse.parse(r.json()));
    }
    expect(seats.map((s) => [s.seat, s.name])).toEqual([['s1', 'Aki'], ['s2', 'Bea']]);
    expect(await resolveToken(store, seats[1]!.token)).toEqual({ ok: true, value: { roomId: created.roomId, viewer: { role: 'player', seat: 's2' } } });

    const room = (await rooms.get(created.roomId))!;
    const view = d6View.parse(room.viewFor({ role: 'player', seat: 's1' }));
    expect(view.seats).toEqual([{ id: 's1', name: 'Aki' }, { id: 's2', name: 'Bea' }]);

    // Reissuing a seat link needs the seat's name from the game's view.
    const re = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/seats/s2/reissue`, headers: bearer(created.gmToken) });
    expect(re.statusCode).toBe(200);
    expect(seatLinkResponse.parse(re.json())).toMatchObject({ seat: 's2', name: 'Bea' });
    const missing = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/seats/s9/reissue`, headers: bearer(created.gmToken) });
    expect(missing.statusCode).toBe(404);
  });
});
