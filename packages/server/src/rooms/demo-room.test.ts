import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { FreeTableView } from '@veiltable/protocol/games/free-table';
import { freeTable } from '@veiltable/engine/games/free-table';
import { memoryStore } from '../db/memory-store.ts';
import { ensureDemoRoom, formatDemoLinks } from './demo-room.ts';
import { RoomRegistry } from './room-registry.ts';
import { currentLinks, gmLinkKey } from './room-links.ts';
import { reissueToken, resolveToken } from './tokens.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'veiltable-demo-'));
  dirs.push(dataDir);
  const store = memoryStore();
  return { store, dataDir, rooms: new RoomRegistry({ store, games: { 'free-table': freeTable } }) };
}

const token = (url: string) => url.split('#t=')[1]!;

test('the first start makes a room with three seats, a deck and five working links', async () => {
  const { store, dataDir, rooms } = setup();
  const demo = await ensureDemoRoom({ store, rooms, dataDir, publicUrl: 'http://localhost:3000' });
  expect(demo.links.map((l) => l.label)).toEqual(['GM', 'Player Aki', 'Player Bora', 'Player Chihiro', 'Spectator']);
  const room = (await rooms.get(demo.roomId))!;
  const view = room.viewFor({ role: 'gm' }) as FreeTableView;
  expect(view.seats.map((s) => s.name)).toEqual(['Aki', 'Bora', 'Chihiro']);
  expect(view.deck.drawCount).toBe(52);
  const viewers = await Promise.all(demo.links.map(async (l) => resolveToken(store, token(l.url))));
  expect(viewers.map((v) => (v.ok ? v.value.viewer.role : v.error.code))).toEqual(['gm', 'player', 'player', 'player', 'spectator']);
  expect(statSync(join(dataDir, 'demo-room.json')).mode & 0o077).toBe(0);
  expect(formatDemoLinks(demo)).toContain(demo.links[1]!.url);
  // The links are in a file only the server's user can read.
  expect(demo.file).toBe(join(dataDir, 'demo-links.txt'));
  expect(statSync(demo.file).mode & 0o077).toBe(0);
  expect(readFileSync(demo.file, 'utf8')).toContain(demo.links[0]!.url);
});

test('a restart reuses the room and its links; a link re-issued meanwhile is re-issued again', async () => {
  const { store, dataDir, rooms } = setup();
  const first = await ensureDemoRoom({ store, rooms, dataDir, publicUrl: 'http://localhost:3000' });
  const linkKey = await gmLinkKey(store, first.roomId, token(first.links[0]!.url));
  await reissueToken(store, first.roomId, { role: 'player', seat: 's2' }, linkKey);
  const restarted = new RoomRegistry({ store, games: { 'free-table': freeTable } });
  const second = await ensureDemoRoom({ store, rooms: restarted, dataDir, publicUrl: 'http://localhost:4000' });
  expect(second.roomId).toBe(first.roomId);
  expect(second.links.map((l) => token(l.url) === token(first.links[second.links.indexOf(l)]!.url))).toEqual([true, true, false, true, true]);
  for (const l of second.links) expect((await resolveToken(store, token(l.url))).ok).toBe(true);
  expect(second.links[0]!.url.startsWith('http://localhost:4000/r/')).toBe(true);
  // The link made again is sealed for the GM like the others: the GM's link shows every current one.
  const shown = await currentLinks(store, first.roomId, (await restarted.get(first.roomId))!.seats(), linkKey);
  expect(shown.seats.map((s) => s.token)).toEqual(second.links.slice(1, 4).map((l) => token(l.url)));
  expect(shown.spectator).toBe(token(second.links[4]!.url));
});

test('a saved demo whose room is gone (another database) is replaced by a new one', async () => {
  const { store, dataDir, rooms } = setup();
  const first = await ensureDemoRoom({ store, rooms, dataDir, publicUrl: 'http://x' });
  const otherStore = memoryStore();
  const second = await ensureDemoRoom({
    store: otherStore,
    rooms: new RoomRegistry({ store: otherStore, games: { 'free-table': freeTable } }),
    dataDir,
    publicUrl: 'http://x',
  });
  expect(second.roomId).not.toBe(first.roomId);
  expect(await otherStore.getRoom(second.roomId)).toBeDefined();
});
