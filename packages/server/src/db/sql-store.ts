import type { Kysely, RawBuilder, Selectable } from 'kysely';
import { CompiledQuery, sql } from 'kysely';
import type { Viewer } from '@veiltable/protocol';
import type { Database, RoomEventRow, RoomTokensTable } from './schema.ts';
import type { LogEntry, Store, TokenRecord, TokenRole } from './store.ts';
import { assertConsecutive } from './store.ts';
import type { RoomAppend } from './append-coalescer.ts';
import { AppendCoalescer } from './append-coalescer.ts';
import { guarded, guardedStore } from './outage.ts';

/**
 * Encodes a value for a jsonb column as JSON text cast to jsonb. The explicit `::text` keeps both drivers
 * from applying their own JSON serializer: postgres.js would stringify an already-stringified value again,
 * and a bare JS string would otherwise not be valid JSON at all.
 */
export function jsonb(value: unknown): RawBuilder<unknown> {
  return sql<unknown>`cast(${jsonText(value)}::text as jsonb)`;
}

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

const tokenRecord = (t: Selectable<RoomTokensTable>): TokenRecord => ({
  hash: t.hash,
  roomId: t.room_id,
  role: t.role,
  seat: t.seat,
  revoked: t.revoked,
  sealed: t.sealed,
});

/** JSON text for a jsonb parameter (cast in the SQL, as `jsonb` does). */
function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('jsonb: value has no JSON form (undefined or a function)');
  return text;
}

/**
 * The append statement, for one room or several: each row lands only if its room's log currently ends at the row's
 * expected seq, and every row of a room carries the same expected seq, so a room's rows land all or none,
 * independently of the other rooms (the check reads the log as it was before the statement). One statement, no row
 * locks: two racing writers on a Postgres server both pass the check, and the primary key stops the second. The rows
 * come as one array per column, so the text is the same whatever the row count: one prepared statement.
 */
const APPEND =
  'insert into room_events (room_id, seq, actor, command, events, at, ref) ' +
  'select v.room_id, v.seq, v.actor::jsonb, v.command::jsonb, v.events::jsonb, v.at, v.ref ' +
  'from unnest($1::text[], $2::integer[], $3::integer[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::text[]) ' +
  'as v(room_id, expected, seq, actor, command, events, at, ref) ' +
  'where (select coalesce(max(e.seq), 0) from room_events e where e.room_id = v.room_id) = v.expected ' +
  'returning room_id';

/** Rows one append statement takes at most: bounds its size and the wait of the rooms that share it. */
export const MAX_APPEND_ROWS = 1000;
/** Append statements in flight at once (the Postgres pool holds ten connections). */
export const APPENDS_IN_FLIGHT = 2;

/** Appends several distinct rooms' consecutive entries in one statement; the ids of the rooms whose rows landed. */
async function appendMany(db: Kysely<Database>, appends: readonly RoomAppend[]): Promise<ReadonlySet<string>> {
  const columns: [string[], number[], number[], string[], string[], string[], string[], (string | null)[]] = [[], [], [], [], [], [], [], []];
  const [rooms, expected, seqs, actors, commands, events, ats, refs] = columns;
  for (const { roomId, entries } of appends) {
    for (const e of entries) {
      rooms.push(roomId);
      expected.push(entries[0]!.seq - 1);
      seqs.push(e.seq);
      actors.push(jsonText(e.actor));
      commands.push(jsonText(e.command));
      events.push(jsonText(e.events));
      ats.push(e.at);
      refs.push(e.ref ?? null);
    }
  }
  const result = await db.executeQuery<{ room_id: string }>(CompiledQuery.raw(APPEND, columns));
  return new Set(result.rows.map((r) => r.room_id));
}

const toEntry = (r: RoomEventRow): LogEntry => ({
  seq: r.seq,
  actor: r.actor as Viewer,
  command: r.command,
  events: r.events as unknown[],
  at: iso(r.at),
  ...(r.ref === null ? {} : { ref: r.ref }),
});

/**
 * A Store on Postgres or PGlite through kysely. `close()` destroys the Kysely instance. Every operation has a
 * deadline and reports an outage as StoreUnavailable (outage.ts).
 */
export function sqlStore(db: Kysely<Database>): Store {
  // Appends of different rooms made while others are being written share one statement (see AppendCoalescer).
  // The statement has its own deadline, so one that never settles cannot hold a slot of the coalescer for good.
  const appends = new AppendCoalescer((batch) => guarded('append statement', () => appendMany(db, batch)), {
    maxInFlight: APPENDS_IN_FLIGHT,
    maxRows: MAX_APPEND_ROWS,
  });
  return guardedStore({
    async createRoom(room, initialState) {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('rooms')
          .values({ id: room.id, game: room.game, title: room.title, created_at: room.createdAt })
          .execute();
        await tx.insertInto('room_snapshots').values({ room_id: room.id, seq: 0, state: jsonb(initialState) }).execute();
      });
    },

    async getRoom(id) {
      const r = await db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return undefined;
      const delay = r.spectator_delay_phase ? 'phase' : r.spectator_delay_ms;
      return { id: r.id, game: r.game, title: r.title, createdAt: iso(r.created_at), ...(delay !== 0 ? { spectatorDelay: delay } : {}) };
    },

    async append(roomId, entry) {
      await appends.append(roomId, [entry]);
    },

    async appendBatch(roomId, entries) {
      assertConsecutive(roomId, entries);
      // One round trip and one commit for the whole batch; the check on the log's end holds for all rows or none.
      if (entries.length > 0) await appends.append(roomId, entries);
    },

    async readLog(roomId, afterSeq, limit) {
      let q = db
        .selectFrom('room_events')
        .selectAll()
        .where('room_id', '=', roomId)
        .where('seq', '>', afterSeq)
        .orderBy('seq', 'asc');
      if (limit !== undefined) q = q.limit(limit);
      return (await q.execute()).map(toEntry);
    },

    async readLogBefore(roomId, beforeSeq, limit) {
      if (limit <= 0) return [];
      // Read newest first along the (room_id, seq) primary key, so the page costs `limit` rows whatever the log's length.
      const rows = await db
        .selectFrom('room_events')
        .selectAll()
        .where('room_id', '=', roomId)
        .where('seq', '<', beforeSeq)
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map(toEntry);
    },

    async latestSeq(roomId) {
      const r = await db
        .selectFrom('room_events')
        .where('room_id', '=', roomId)
        .select((eb) => eb.fn.max('seq').as('last'))
        .executeTakeFirst();
      return r?.last ?? 0;
    },

    async findRef(roomId, actor, ref) {
      const r = await db
        .selectFrom('room_events')
        .select('seq')
        .where('room_id', '=', roomId)
        .where('ref', '=', ref)
        .where('actor', '=', jsonb(actor))
        .executeTakeFirst();
      return r?.seq;
    },

    async saveSnapshot(roomId, seq, state) {
      await db
        .insertInto('room_snapshots')
        .values({ room_id: roomId, seq, state: jsonb(state) })
        .onConflict((oc) => oc.columns(['room_id', 'seq']).doUpdateSet({ state: jsonb(state) }))
        .execute();
    },

    async latestSnapshot(roomId, atOrBefore) {
      let query = db.selectFrom('room_snapshots').select(['seq', 'state']).where('room_id', '=', roomId);
      if (atOrBefore !== undefined) query = query.where('seq', '<=', atOrBefore);
      const r = await query
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r && { seq: r.seq, state: r.state };
    },

    async setSpectatorDelay(roomId, delay) {
      const set = delay === 'phase' ? { spectator_delay_ms: 0, spectator_delay_phase: true } : { spectator_delay_ms: delay, spectator_delay_phase: false };
      const r = await db.updateTable('rooms').set(set).where('id', '=', roomId).executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    async putToken(token) {
      const row = { room_id: token.roomId, role: token.role, seat: token.seat, revoked: token.revoked, sealed: token.sealed };
      await db
        .insertInto('room_tokens')
        .values({ hash: token.hash, ...row })
        .onConflict((oc) => oc.column('hash').doUpdateSet(row))
        .execute();
    },

    async findToken(hash) {
      const t = await db.selectFrom('room_tokens').selectAll().where('hash', '=', hash).executeTakeFirst();
      return t && tokenRecord(t);
    },

    async revokeTokens(roomId: string, role: TokenRole, seat: string | null) {
      await db
        .updateTable('room_tokens')
        .set({ revoked: true })
        .where('room_id', '=', roomId)
        .where('role', '=', role)
        .where('seat', seat === null ? 'is' : '=', seat)
        .where('revoked', '=', false)
        .execute();
    },

    async liveTokens(roomId) {
      const rows = await db
        .selectFrom('room_tokens')
        .selectAll()
        .where('room_id', '=', roomId)
        .where('revoked', '=', false)
        .execute();
      return rows.map(tokenRecord);
    },

    async sealToken(hash, sealed) {
      const r = await db.updateTable('room_tokens').set({ sealed }).where('hash', '=', hash).where('sealed', 'is', null).executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    async putImage(roomId, image, limit) {
      const held = await db.selectFrom('room_images').select('hash').where('room_id', '=', roomId).where('hash', '=', image.hash).executeTakeFirst();
      if (held) return 'exists';
      // The count and the insert are one statement, so the quota holds however uploads interleave with it.
      const stored = await sql<{ hash: string }>`
        insert into room_images (room_id, hash, type, bytes)
        select ${roomId}::text, ${image.hash}::text, ${image.type}::text, ${image.bytes}::bytea
        where (select count(*) from room_images where room_id = ${roomId}::text) < ${limit}::integer
        on conflict (room_id, hash) do nothing
        returning hash`.execute(db);
      if (stored.rows.length > 0) return 'stored';
      const raced = await db.selectFrom('room_images').select('hash').where('room_id', '=', roomId).where('hash', '=', image.hash).executeTakeFirst();
      return raced ? 'exists' : 'full';
    },

    async getImage(hash) {
      const r = await db.selectFrom('room_images').select(['hash', 'type', 'bytes']).where('hash', '=', hash).limit(1).executeTakeFirst();
      // postgres.js reads bytea as a Buffer, PGlite as a Uint8Array: both are handed on as a plain Uint8Array.
      return r && { hash: r.hash, type: r.type, bytes: new Uint8Array(r.bytes.buffer, r.bytes.byteOffset, r.bytes.byteLength) };
    },

    async ping() {
      await sql`select 1`.execute(db);
    },

    async close() {
      await db.destroy();
    },
  });
}
