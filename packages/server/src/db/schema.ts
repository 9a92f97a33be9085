import type { ColumnType, RawBuilder, Selectable } from 'kysely';
import type { TokenRole } from './store.ts';

/**
 * A jsonb column. It reads back as a parsed value but is written only through `jsonb()` (sql-store.ts):
 * handing a raw value to the driver lets postgres.js and PGlite each guess the encoding, and a JS string
 * would then be stored double-encoded on one of them.
 */
export type Jsonb = ColumnType<unknown, RawBuilder<unknown>, RawBuilder<unknown>>;

/** timestamptz: both drivers parse it into a Date; we write ISO strings. */
export type Timestamp = ColumnType<Date, string, string>;

export interface RoomsTable {
  id: string;
  game: string;
  title: string;
  created_at: Timestamp;
  /** How far behind the live table spectators are shown (ms, 0: live); migration 0005. */
  spectator_delay_ms: ColumnType<number, number | undefined, number>;
  /** Spectators are one phase behind instead (then `spectator_delay_ms` is 0); migration 0006. */
  spectator_delay_phase: ColumnType<boolean, boolean | undefined, boolean>;
}

/** The append-only command log; (room_id, seq) is the optimistic-concurrency key. */
export interface RoomEventsTable {
  room_id: string;
  seq: number;
  actor: Jsonb;
  command: Jsonb;
  events: Jsonb;
  at: Timestamp;
  /** The sender's reference for the command; null for the room's own timers and HTTP-made commands. */
  ref: string | null;
}

export interface RoomSnapshotsTable {
  room_id: string;
  seq: number;
  state: Jsonb;
}

/**
 * Link tokens, kept only as sha256 hashes so a leaked database does not leak working links. `sealed` is readable
 * only with the GM's token (rooms/room-links.ts).
 */
export interface RoomTokensTable {
  hash: string;
  room_id: string;
  role: TokenRole;
  seat: string | null;
  revoked: ColumnType<boolean, boolean | undefined, boolean>;
  sealed: string | null;
  created_at: ColumnType<Date, string | undefined, never>;
}

/** Uploaded images (portraits), re-encoded by the server, addressed by the sha256 hex of `bytes`. */
export interface RoomImagesTable {
  room_id: string;
  hash: string;
  /** The media type the bytes are served with. */
  type: string;
  bytes: Uint8Array;
  created_at: ColumnType<Date, string | undefined, never>;
}

export interface Database {
  rooms: RoomsTable;
  room_events: RoomEventsTable;
  room_snapshots: RoomSnapshotsTable;
  room_tokens: RoomTokensTable;
  room_images: RoomImagesTable;
}

export type RoomEventRow = Selectable<RoomEventsTable>;
