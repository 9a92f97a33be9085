import { games } from '@veiltable/engine/games';
import type { ServerMessage, Viewer } from '@veiltable/protocol';
import type { Store } from '../db/store.ts';
import type { Room } from '../rooms/room.ts';
import { RoomRegistry } from '../rooms/room-registry.ts';
import { RecordingPort } from './recording-port.ts';

const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
const S2: Viewer = { role: 'player', seat: 's2' };

/** A free-table evening: seats, dice of each visibility, a sealed declaration revealed, a shuffled deck dealt. */
export const SESSION: [Viewer, unknown][] = [
  [GM, { type: 'seat.add', name: 'Ann' }],
  [GM, { type: 'seat.add', name: 'Bo' }],
  [S1, { type: 'roll', expr: '2d6' }],
  [GM, { type: 'roll', expr: '1d100', visibility: 'gm' }],
  [GM, { type: 'decl.open', prompt: 'Where?', kind: 'text' }],
  [S1, { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'north' } }],
  [S2, { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'south' } }],
  [GM, { type: 'deck.create', deck: { kind: 'standard' } }],
  [GM, { type: 'deck.shuffle' }],
  [GM, { type: 'deck.deal', seat: 's2', count: 5 }],
];

/** The seqs of SESSION's roll by s1, its second answer (whose entry holds the reveal) and its deal. */
export const SEQ = { roll: 3, reveal: 7, deal: 10 } as const;

/** Rolls SESSION ends with, sent at once so they commit as one batch. */
export const BATCH = 3;

export type PlayedRoom = { rooms: RoomRegistry; room: Room; welcome: Extract<ServerMessage, { type: 'welcome' }> };

/**
 * A free-table room of the real games on `store` that ran SESSION, a refused command (never logged) and BATCH rolls
 * at once, with the welcome seat s1 received afterwards. Snapshots every 4 seqs, so the log runs past several.
 */
export async function playedRoom(store: Store): Promise<PlayedRoom> {
  const port = new RecordingPort();
  const rooms = new RoomRegistry({ store, games, port: () => port, snapshotEvery: 4 });
  const room = await rooms.create({ title: 'Record', game: 'free-table' });
  for (const [actor, command] of SESSION) {
    const result = await room.submit(command, actor);
    if (!result.ok) throw new Error(`session step ${JSON.stringify(command)} refused: ${result.error.code}`);
  }
  if ((await room.submit({ type: 'seat.add', name: 'Cy' }, S1)).ok) throw new Error('a player added a seat');
  const batch = await Promise.all([S1, S2, GM].slice(0, BATCH).map((actor) => room.submit({ type: 'roll', expr: '3d6' }, actor)));
  if (!batch.every((r) => r.ok)) throw new Error('a batched roll was refused');
  await room.attach({ id: 'c1', viewer: S1 });
  const welcome = port.of('c1').got.find((m): m is PlayedRoom['welcome'] => m.type === 'welcome');
  if (!welcome) throw new Error('no welcome');
  return { rooms, room, welcome };
}
