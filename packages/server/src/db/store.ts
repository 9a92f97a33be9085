import type { Viewer } from '@veiltable/protocol';

/**
 * One committed command: who sent it, what it was, the events it produced, and the sender's reference for it (the
 * client's idempotency key: a retried ref is answered with this entry's outcome, never committed twice).
 */
export type LogEntry = { seq: number; actor: Viewer; command: unknown; events: unknown[]; at: string; ref?: string };

/**
 * How far behind the live table spectators are shown: a time (ms; 0 is live) or `'phase'`, one of the game's
 * phases behind (the table as it stood when the previous phase ended).
 */
export type SpectatorDelaySetting = number | 'phase';

/** `spectatorDelay`: absent while spectators are live; never 0. */
export type RoomRecord = { id: string; game: string; title: string; createdAt: string; spectatorDelay?: SpectatorDelaySetting };

export type TokenRole = 'gm' | 'player' | 'spectator';
/**
 * A link's token, stored only as its sha256 hash. `sealed` is what lets the GM see the links again (room-links.ts):
 * on a GM token the room's link key wrapped under a key derived from that token, on a player or spectator token the
 * token itself encrypted with the room's link key; null on tokens made before links were kept.
 */
export type TokenRecord = {
  hash: string;
  roomId: string;
  role: TokenRole;
  seat: string | null;
  revoked: boolean;
  sealed: string | null;
};

/** An image as stored: its sha256 (hex) over `bytes`, and the media type it is served with. */
export type StoredImage = { hash: string; type: string; bytes: Uint8Array };

/** What putImage did: stored it, found it in the room already (nothing counted), or refused it (the room is full). */
export type PutImageOutcome = 'stored' | 'exists' | 'full';

/** The log already holds an entry at that seq, or the expected version is stale: reload and retry. */
export class VersionConflict extends Error {
  constructor(roomId: string, expected: number) {
    super(`room ${roomId}: expected version ${expected} is stale`);
    this.name = 'VersionConflict';
  }
}

/**
 * The database did not answer: unreachable, a dropped connection, a statement or client-side timeout. Nothing is
 * wrong with the request; the same operation may succeed later (clients are told STORE_UNAVAILABLE, retry).
 * Whether a write that failed this way landed is unknown.
 */
export class StoreUnavailable extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreUnavailable';
  }
}

/** True for an outage of the store (answer STORE_UNAVAILABLE, retry), false for anything else (a bug: INTERNAL). */
export function isStoreUnavailable(e: unknown): e is StoreUnavailable {
  return e instanceof StoreUnavailable;
}

/**
 * Where rooms live: an append-only event log per room, periodic snapshots, and link tokens.
 * Every implementation passes the storage contract suite (store-contract.ts).
 */
export interface Store {
  /** Creates the room and its seq-0 snapshot together. */
  createRoom(room: RoomRecord, initialState: unknown): Promise<void>;
  getRoom(id: string): Promise<RoomRecord | undefined>;
  /** Appends `entry` only if the log's last seq is `entry.seq - 1`; otherwise throws VersionConflict. */
  append(roomId: string, entry: LogEntry): Promise<void>;
  /**
   * Appends entries with consecutive seqs in one write, all of them or none: only if the log's last seq is
   * `entries[0].seq - 1`, otherwise VersionConflict. Entries whose seqs are not consecutive are refused whole
   * (an Error). An empty batch writes nothing.
   */
  appendBatch(roomId: string, entries: LogEntry[]): Promise<void>;
  /** Entries with seq > afterSeq, ascending, at most `limit`. */
  readLog(roomId: string, afterSeq: number, limit?: number): Promise<LogEntry[]>;
  /** The newest `limit` entries with seq < beforeSeq, ascending (a timeline read backwards, page by page). */
  readLogBefore(roomId: string, beforeSeq: number, limit: number): Promise<LogEntry[]>;
  /** The last seq in the room's log (0 when empty). */
  latestSeq(roomId: string): Promise<number>;
  /** The seq of the command this actor committed under this ref, if it did (a retried command's first commit). */
  findRef(roomId: string, actor: Viewer, ref: string): Promise<number | undefined>;
  saveSnapshot(roomId: string, seq: number, state: unknown): Promise<void>;
  /** The snapshot with the highest seq (at most `atOrBefore`, when given). */
  latestSnapshot(roomId: string, atOrBefore?: number): Promise<{ seq: number; state: unknown } | undefined>;
  /** Sets the room's spectator delay (0 for none); false when there is no such room. */
  setSpectatorDelay(roomId: string, delay: SpectatorDelaySetting): Promise<boolean>;
  putToken(token: TokenRecord): Promise<void>;
  findToken(hash: string): Promise<TokenRecord | undefined>;
  /** Revokes every live token of that role (and seat) in the room. */
  revokeTokens(roomId: string, role: TokenRole, seat: string | null): Promise<void>;
  /** The room's tokens that are not revoked, in no particular order. */
  liveTokens(roomId: string): Promise<TokenRecord[]>;
  /** Sets the sealed value of a token that has none; false (and nothing written) when it has one or does not exist. */
  sealToken(hash: string, sealed: string): Promise<boolean>;
  /**
   * Stores an image for the room unless the room holds it already, or already holds `limit` images ('full': nothing
   * stored). The caller computes the hash over the bytes.
   */
  putImage(roomId: string, image: StoredImage, limit: number): Promise<PutImageOutcome>;
  /** An image by its hash, whichever room it was uploaded to. */
  getImage(hash: string): Promise<StoredImage | undefined>;
  /** One round trip to the database (health checks); rejects with StoreUnavailable when it does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Throws unless the entries' seqs follow each other; the first one's seq minus one is the expected version. */
export function assertConsecutive(roomId: string, entries: readonly LogEntry[]): void {
  entries.forEach((e, i) => {
    if (i > 0 && e.seq !== entries[i - 1]!.seq + 1) throw new Error(`room ${roomId}: batch seqs are not consecutive at ${e.seq}`);
  });
}
