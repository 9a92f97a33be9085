import { afterEach, describe, expect, test } from 'vitest';
import { createRoomResponse, seatLinkResponse } from '@veiltable/protocol';
import { cotView } from '@veiltable/protocol/games/call-of-t';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';

let current: App | undefined;

afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('a Call of <T> room over the HTTP API', () => {
  test('is created with its game; seats come from the game’s seat.add; other games’ commands are refused', async () => {
    const store = memoryStore();
    current = buildApp({ store, publicUrl: 'https://table.example' });
    const { app, rooms } = current;
    const res = await app.inject({ method: 'POST', url: '/api/rooms', payload: { title: 'Expedition', game: 'call-of-t' } });
    expect(res.statusCode).toBe(201);
    const created = createRoomResponse.parse(res.json());
    expect(await store.getRoom(created.roomId)).toMatchObject({ game: 'call-of-t' });

    const seats = [];
    for (const name of ['Aiko', 'Bruno']) {
      const r = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/seats`, headers: bearer(created.gmToken), payload: { name } });
      expect(r.statusCode).toBe(201);
      seats.push(seatLinkResponse.parse(r.json()));
    }
    expect(seats.map((s) => [s.seat, s.name])).toEqual([['s1', 'Aiko'], ['s2', 'Bruno']]);

    const room = (await rooms.get(created.roomId))!;
    const view = cotView.parse(room.viewFor({ role: 'spectator' }));
    expect(view.seats).toEqual([{ id: 's1', name: 'Aiko' }, { id: 's2', name: 'Bruno' }]);
    expect(view.phase.kind).toBe('setup');

    const re = await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/seats/s2/reissue`, headers: bearer(created.gmToken) });
    expect(seatLinkResponse.parse(re.json())).toMatchObject({ seat: 's2', name: 'Bruno' });

    // The room parses commands with its own game's schema: the free table's cards are not Call of <T>'s.
    const foreign = await room.submit({ type: 'deck.deal', seat: 's1', count: 1 }, { role: 'gm' });
    expect(foreign).toMatchObject({ ok: false, error: { code: 'UNKNOWN_COMMAND' } });
  });
});
