/** A room this browser created: kept so the GM can find the console again. */
export type RememberedRoom = { roomId: string; title: string; gmUrl: string; createdAt: number };

const ROOMS_KEY = 'veiltable.rooms';
/** Where earlier versions kept a room's seat links on the device (the server keeps them for the GM now). */
const oldLinksKey = (roomId: string) => `veiltable.links.${roomId}`;
const MAX_ROOMS = 30;

function read<T>(storage: Storage, key: string, fallback: T): T {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // full or blocked storage: the links still work, they are just not remembered
  }
}

export function listRooms(storage: Storage): RememberedRoom[] {
  const rooms = read<unknown>(storage, ROOMS_KEY, []);
  return Array.isArray(rooms) ? (rooms as RememberedRoom[]).filter((r) => typeof r?.roomId === 'string') : [];
}

/** Newest first; a room created again replaces its old entry. */
export function rememberRoom(storage: Storage, room: RememberedRoom): void {
  const rest = listRooms(storage).filter((r) => r.roomId !== room.roomId);
  write(storage, ROOMS_KEY, [room, ...rest].slice(0, MAX_ROOMS));
}

export function forgetRoom(storage: Storage, roomId: string): void {
  write(storage, ROOMS_KEY, listRooms(storage).filter((r) => r.roomId !== roomId));
  try {
    storage.removeItem(oldLinksKey(roomId));
  } catch {
    // nothing to clean up
  }
}
