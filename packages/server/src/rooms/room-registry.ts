import { randomBytes } from 'node:crypto';
import type { AnyGame } from '@veiltable/engine';
import type { Store } from '../db/store.ts';
import type { RoomPort } from './room-port.ts';
import { Room } from './room.ts';

/** `port`: each room's transport, by room id. */
export type RegistryOptions = {
  store: Store;
  games: Readonly<Record<string, AnyGame>>;
  port?: (roomId: string) => RoomPort;
  snapshotEvery?: number;
  /**
   * A loaded room with no connection, no armed timer and no `get` for this long is closed (its live state stored)
   * and forgotten; the next `get` loads it again from its snapshot and log. Without it rooms stay loaded.
   */
  idleMs?: number;
  /** The registry's clock (ms), for tests. */
  now?: () => number;
};

/** What the registry can tell about its rooms without touching the database (the health check shows it). */
export type RegistryStats = {
  /** Rooms loaded in this process. */
  loaded: number;
  /** Connections attached to them. */
  connections: number;
  /** Commands waiting in the rooms' queues. */
  queued: number;
  /** How long the longest-running queue task has run (ms): a room whose queue stopped moving shows here. */
  stalledMs: number;
};

/** Room ids appear in URLs; 12 random bytes make them unguessable without being unwieldy. */
const ROOM_ID_SHAPE = /^[A-Za-z0-9_-]{16}$/;

/** True when a string could be a room id (checked before touching the store). */
export function isRoomId(id: string): boolean {
  return ROOM_ID_SHAPE.test(id);
}

/**
 * Creates rooms and keeps exactly one live Room per id in this process, loading on demand and, with `idleMs`,
 * unloading rooms nobody uses, so memory follows the rooms in play rather than every room ever opened.
 */
export class RoomRegistry {
  private readonly store: Store;
  private readonly games: Readonly<Record<string, AnyGame>>;
  private readonly port: ((roomId: string) => RoomPort) | undefined;
  private readonly snapshotEvery: number | undefined;
  private readonly idleMs: number | undefined;
  private readonly now: () => number;
  /** Promises, not rooms, so concurrent first requests share one load. */
  private readonly rooms = new Map<string, Promise<Room | undefined>>();
  /** The rooms whose load finished, with the last time each was asked for or had a connection. */
  private readonly live = new Map<string, { room: Room; lastUsed: number }>();
  private readonly sweeper: NodeJS.Timeout | undefined;

  constructor(opts: RegistryOptions) {
    this.store = opts.store;
    this.games = opts.games;
    this.port = opts.port;
    this.snapshotEvery = opts.snapshotEvery;
    this.idleMs = opts.idleMs;
    this.now = opts.now ?? (() => Date.now());
    if (this.idleMs !== undefined) {
      // Checked a few times per idle period; unref'd so it never keeps the process alive.
      this.sweeper = setInterval(() => void this.unloadIdle(), Math.max(1_000, Math.min(this.idleMs / 4, 60_000)));
      this.sweeper.unref();
    }
  }

  /** Starts a room: a fresh CSPRNG seed goes into the game's setup, and the seq-0 snapshot is stored. */
  async create(opts: { title: string; game: string }): Promise<Room> {
    const game = this.games[opts.game];
    if (!game) throw new Error(`unknown game ${opts.game}`);
    const id = randomBytes(12).toString('base64url');
    const seed = randomBytes(32).toString('hex');
    const state: unknown = game.setup(seed);
    await this.store.createRoom({ id, game: game.id, title: opts.title, createdAt: new Date().toISOString() }, state);
    const loading = this.track(id, this.load(id));
    const room = await loading;
    if (!room) throw new Error(`room ${id} vanished right after creation`);
    return room;
  }

  /** The live room for an id, loading it once; undefined when no such room exists. */
  get(id: string): Promise<Room | undefined> {
    if (!isRoomId(id)) return Promise.resolve(undefined);
    const existing = this.rooms.get(id);
    if (existing) {
      // A caller about to attach (a socket's handshake) keeps the room from being unloaded under it.
      const live = this.live.get(id);
      if (live) live.lastUsed = this.now();
      return existing;
    }
    return this.track(id, this.load(id));
  }

  /**
   * Closes and forgets every loaded room that has been idle for `idleMs`: no connection, no armed timer (a
   * deadline of the game would fire late) and no `get`. Called periodically; returns the ids unloaded.
   */
  async unloadIdle(): Promise<string[]> {
    if (this.idleMs === undefined) return [];
    const now = this.now();
    const idle: Room[] = [];
    for (const [id, live] of this.live) {
      if (live.room.connectionCount > 0 || live.room.pendingTimers.length > 0) live.lastUsed = now;
      else if (now - live.lastUsed >= this.idleMs) {
        this.live.delete(id);
        this.rooms.delete(id);
        idle.push(live.room);
      }
    }
    // Forgotten first, closed after: a get from now on loads a fresh Room, which reads the same log.
    await Promise.all(
      idle.map((room) => room.close().catch((e: unknown) => console.error(`room ${room.id}: closing an idle room failed`, e))),
    );
    return idle.map((room) => room.id);
  }

  /** Server shutdown: closes every loaded room (timers cancelled, live state stored; see Room.close). */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
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

  /** Counts of the loaded rooms, their connections and queued commands, and the longest-running queue task. */
  stats(): RegistryStats {
    const now = this.now();
    let connections = 0;
    let queued = 0;
    let stalledMs = 0;
    for (const { room } of this.live.values()) {
      connections += room.connectionCount;
      queued += room.queueDepth;
      stalledMs = Math.max(stalledMs, room.stalledFor(now));
    }
    return { loaded: this.live.size, connections, queued, stalledMs };
  }

  /** Remembers a load under its id; a failed or empty one is not kept: the room may appear, or the store recover. */
  private track(id: string, loading: Promise<Room | undefined>): Promise<Room | undefined> {
    this.rooms.set(id, loading);
    loading.then(
      (room) => {
        if (this.rooms.get(id) !== loading) return;
        if (room) this.live.set(id, { room, lastUsed: this.now() });
        else this.rooms.delete(id);
      },
      () => {
        if (this.rooms.get(id) === loading) this.rooms.delete(id);
      },
    );
    return loading;
  }

  private async load(id: string): Promise<Room | undefined> {
    const record = await this.store.getRoom(id);
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
