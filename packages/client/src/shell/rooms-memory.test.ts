import { beforeEach, expect, test } from 'vitest';
import { forgetRoom, listRooms, readLinks, rememberLinks, rememberRoom, type RememberedRoom } from './rooms-memory.ts';

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

const room = (roomId: string, createdAt: number): RememberedRoom => ({
  roomId,
  title: `Room ${roomId}`,
  gmUrl: `http://h/r/${roomId}#t=gm`,
  spectatorUrl: `http://h/r/${roomId}#t=sp`,
  createdAt,
});

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

test('rooms are listed newest first, and re-remembering moves a room to the top', () => {
  rememberRoom(storage, room('a', 1));
  rememberRoom(storage, room('b', 2));
  rememberRoom(storage, room('a', 3));
  expect(listRooms(storage).map((r) => r.roomId)).toEqual(['a', 'b']);
});

test('remembering a room also keeps its spectator link; forgetting drops both', () => {
  rememberRoom(storage, room('a', 1));
  expect(readLinks(storage, 'a').spectator).toBe('http://h/r/a#t=sp');
  forgetRoom(storage, 'a');
  expect(listRooms(storage)).toEqual([]);
  expect(readLinks(storage, 'a')).toEqual({ seats: {}, spectator: null });
});

test('seat links are kept per room and replaced on re-issue', () => {
  rememberLinks(storage, 'a', (l) => ({ ...l, seats: { ...l.seats, s1: 'old' } }));
  rememberLinks(storage, 'b', (l) => ({ ...l, seats: { s1: 'other room' } }));
  rememberLinks(storage, 'a', (l) => ({ ...l, seats: { ...l.seats, s1: 'new', s2: 'two' } }));
  expect(readLinks(storage, 'a').seats).toEqual({ s1: 'new', s2: 'two' });
  expect(readLinks(storage, 'b').seats).toEqual({ s1: 'other room' });
});

test('corrupt storage reads as empty instead of breaking the page', () => {
  storage.setItem('veiltable.rooms', '{not json');
  storage.setItem('veiltable.links.a', '[');
  expect(listRooms(storage)).toEqual([]);
  expect(readLinks(storage, 'a')).toEqual({ seats: {}, spectator: null });
});
