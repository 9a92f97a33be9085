import { randomBytes } from 'node:crypto';
import type { AnyGame } from '@veiltable/engine';
import type { Store } from '../db/store.ts';
import type { RoomPort } from './room-port.ts';
import { Room, StoreUnavailable } from './room.ts';

/** `port`: each room's transport, by room id. */
export type RegistryOptions = { store: Store; games: Readonly<Record<string, AnyGame>>; port?: (roomId: string) => RoomPort; snapshotEvery?: number };

/** Room ids appear in URLs; 12 random bytes make them unguessable without being unwieldy. */
const ROOM_ID_SHAPE = /^[A-Za-z0-9_-]{16}$/;

/** True when a string could be a room id (checked before touching the store). */
export function isRoomId(id: string): boolean {
  return ROOM_ID_SHAPE.test(id);
}

/** Creates rooms and keeps exactly one live Room per id in this process. */
export class RoomRegistry {
  private readonly store: Store;
  private readonly games: Readonly<Record<string, AnyGame>>;
  private readonly port: ((roomId: string) => RoomPort) | undefined;
  private readonly snapshotEvery: number | undefined;
  /** Promises, not rooms, so concurrent first requests share one load. */
  private readonly rooms = new Map<string, Promise<Room | undefined>>();

  constructor(opts: RegistryOptions) {
    this.store = opts.store;
    this.games = opts.games;
    this.port = opts.port;
    this.snapshotEvery = opts.snapshotEvery;
  }

  /** Starts a room: a fresh CSPRNG seed goes into the game's setup, and the seq-0 snapshot is stored. */
  async create(opts: { title: string; game: string }): Promise<Room> {
    const game = this.games[opts.game];
    if (!game) throw new Error(`unknown game ${opts.game}`);
    const id = randomBytes(12).toString('base64url');
    const seed = randomBytes(32).toString('hex');
    const state: unknown = game.setup(seed);
    await this.store.createRoom({ id, game: game.id, title: opts.title, createdAt: new Date().toISOString() }, state);
    const loading = this.load(id);
    this.rooms.set(id, loading);
    const room = await loading;
    if (!room) throw new Error(`room ${id} vanished right after creation`);
    return room;
  }

  /** The live room for an id, loading it once; undefined when no such room exists. */
  get(id: string): Promise<Room | undefined> {
    if (!isRoomId(id)) return Promise.resolve(undefined);
    const existing = this.rooms.get(id);
    if (existing) return existing;
    const loading = this.load(id);
    this.rooms.set(id, loading);
    // A failed or empty load is not cached: the room may appear, or the store may recover.
    loading.then(
      (room) => {
        if (!room && this.rooms.get(id) === loading) this.rooms.delete(id);
      },
      () => {
        if (this.rooms.get(id) === loading) this.rooms.delete(id);
      },
    );
    return loading;
  }

  /** Server shutdown: closes every loaded room (timers cancelled, live state stored; see Room.close). */
  async close(): Promise<void> {
    await Promise.all((await this.loaded()).map((room) => room.close()));
  }

  /** Rooms loaded in this process. */
  async loaded(): Promise<Room[]> {
    const settled = await Promise.allSettled(this.rooms.values());
    return settled.flatMap((s) => (s.status === 'fulfilled' && s.value ? [s.value] : []));
  }

  /** The ids of the games rooms may run. */
  get gameIds(): string[] {
    return Object.keys(this.games);
  }

  private async load(id: string): Promise<Room | undefined> {
    const record = await this.store.getRoom(id).catch((e: unknown) => {
      throw new StoreUnavailable(id, e);
    });
    if (!record) return undefined;
    const game = this.games[record.game];
    if (!game) throw new Error(`room ${id} runs unknown game ${record.game}`);
    const room = new Room({
      id,
      game,
      store: this.store,
      ...(this.port ? { port: this.port(id) } : {}),
      ...(this.snapshotEvery ? { snapshotEvery: this.snapshotEvery } : {}),
    });
    await room.load();
    return room;
  }
}
