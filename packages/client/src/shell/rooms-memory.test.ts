import { beforeEach, expect, test } from 'vitest';
import { forgetRoom, listRooms, rememberRoom, type RememberedRoom } from './rooms-memory.ts';

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

test('forgetting a room drops it and any links an earlier version kept for it', () => {
  rememberRoom(storage, room('a', 1));
  storage.setItem('veiltable.links.a', '{"seats":{"s1":"http://h/r/a#t=x"}}');
  forgetRoom(storage, 'a');
  expect(listRooms(storage)).toEqual([]);
  expect(storage.getItem('veiltable.links.a')).toBeNull();
});

test('corrupt storage reads as empty instead of breaking the page', () => {
  storage.setItem('veiltable.rooms', '{not json');
  expect(listRooms(storage)).toEqual([]);
});
