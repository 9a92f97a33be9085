import type { AddressInfo } from 'node:net';
import { createRoomResponse, seatLinkResponse } from '@veiltable/protocol';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import type { Room } from '../rooms/room.ts';
import { WireClient } from './wire-client.ts';

const GM = { role: 'gm' } as const;

/** A free-table room served on a real port: two seats, a standard deck, three cards dealt to each (seq 5). */
export type SocketTable = {
  app: App;
  base: string;
  room: Room;
  gmToken: string;
  spectatorToken: string;
  aki: { seat: string; token: string };
  bora: { seat: string; token: string };
  /** Connects a recording client and keeps it, to check and close at the end. */
  connect(token: string, lastSeq?: number): Promise<WireClient>;
  /** Asserts no client received an invalid frame, closes them and the server. */
  close(): Promise<void>;
};

export async function socketTable(store: Store = memoryStore()): Promise<SocketTable> {
  const app = buildApp({ store, publicUrl: 'http://test.invalid' });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const created = createRoomResponse.parse((await app.app.inject({ method: 'POST', url: '/api/rooms', payload: { title: 'T' } })).json());
  const seat = async (name: string) =>
    seatLinkResponse.parse(
      (
        await app.app.inject({
          method: 'POST',
          url: `/api/rooms/${created.roomId}/seats`,
          headers: { authorization: `Bearer ${created.gmToken}` },
          payload: { name },
        })
      ).json(),
    );
  const aki = await seat('Aki');
  const bora = await seat('Bora');
  const room = (await app.rooms.get(created.roomId))!;
  for (const command of [
    { type: 'deck.create', deck: { kind: 'standard', jokers: false } },
    { type: 'deck.deal', seat: aki.seat, count: 3 },
    { type: 'deck.deal', seat: bora.seat, count: 3 },
  ]) {
    const r = await room.submit(command, GM);
    if (!r.ok) throw new Error(`setup: ${r.error.code}`);
  }
  const clients: WireClient[] = [];
  return {
    app,
    base,
    room,
    gmToken: created.gmToken,
    spectatorToken: created.spectatorUrl.split('#t=')[1]!,
    aki: { seat: aki.seat, token: aki.token },
    bora: { seat: bora.seat, token: bora.token },
    async connect(token, lastSeq) {
      const c = await WireClient.connect(base, token, lastSeq);
      clients.push(c);
      return c;
    },
    async close() {
      for (const c of clients.splice(0)) {
        expect(c.invalid).toEqual([]);
        c.close();
      }
      await app.app.close();
    },
  };
}
