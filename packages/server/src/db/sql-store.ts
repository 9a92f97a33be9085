import type { Kysely, RawBuilder } from 'kysely';
import { CompiledQuery, sql } from 'kysely';
import type { Viewer } from '@veiltable/protocol';
import type { Database, RoomEventRow } from './schema.ts';
import type { LogEntry, Store, TokenRole } from './store.ts';
import { assertConsecutive } from './store.ts';
import type { RoomAppend } from './append-coalescer.ts';
import { AppendCoalescer } from './append-coalescer.ts';

/**
 * Encodes a value for a jsonb column as JSON text cast to jsonb. The explicit `::text` keeps both drivers
 * from applying their own JSON serializer: postgres.js would stringify an already-stringified value again,
 * and a bare JS string would otherwise not be valid JSON at all.
 */
export function jsonb(value: unknown): RawBuilder<unknown> {
  return sql<unknown>`cast(${jsonText(value)}::text as jsonb)`;
}

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** JSON text for a jsonb parameter (cast in the SQL, as `jsonb` does). */
function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('jsonb: value has no JSON form (undefined or a function)');
  return text;
}

/**
 * The statement of an append of `rows` rows, of one room or several: each row lands only if its room's log
 * currently ends at the row's expected seq, and every row of a room carries the same expected seq, so a room's
 * rows land all or none, independently of the other rooms (the check reads the log as it was before the
 * statement). One statement, no row locks: two racing writers on a Postgres server both pass the check, and the
 * primary key stops the second. Written out as text with numbered parameters, once per row count: a commit's hot
 * path then skips building and compiling a query.
 */
const appendStatements = new Map<number, string>();
const PARAMS_PER_ROW = 7;
function appendStatement(rows: number): string {
  let text = appendStatements.get(rows);
  if (text === undefined) {
    const values = Array.from({ length: rows }, (_, i) => {
      const p = 1 + i * PARAMS_PER_ROW;
      return (
        `($${p}::text, $${p + 1}::integer, $${p + 2}::integer, ` +
        `$${p + 3}::text::jsonb, $${p + 4}::text::jsonb, $${p + 5}::text::jsonb, $${p + 6}::timestamptz)`
      );
    });
    text =
      'insert into room_events (room_id, seq, actor, command, events, at) ' +
      'select v.room_id, v.seq, v.actor, v.command, v.events, v.at ' +
      `from (values ${values.join(', ')}) as v(room_id, expected, seq, actor, command, events, at) ` +
      'where (select coalesce(max(e.seq), 0) from room_events e where e.room_id = v.room_id) = v.expected ' +
      'returning room_id';
    appendStatements.set(rows, text);
  }
  return text;
}

/** Rows one append statement takes at most: well under the protocol's 65,535 parameters. */
export const MAX_APPEND_ROWS = 1000;
/** Append statements in flight at once (the Postgres pool holds ten connections). */
export const APPENDS_IN_FLIGHT = 2;

/** Appends several distinct rooms' consecutive entries in one statement; the ids of the rooms whose rows landed. */
async function appendMany(db: Kysely<Database>, appends: readonly RoomAppend[]): Promise<ReadonlySet<string>> {
  const params: unknown[] = [];
  let rows = 0;
  for (const { roomId, entries } of appends) {
    const expected = entries[0]!.seq - 1;
    for (const e of entries) {
      params.push(roomId, expected, e.seq, jsonText(e.actor), jsonText(e.command), jsonText(e.events), e.at);
    }
    rows += entries.length;
  }
  const result = await db.executeQuery<{ room_id: string }>(CompiledQuery.raw(appendStatement(rows), params));
  return new Set(result.rows.map((r) => r.room_id));
}

const toEntry = (r: RoomEventRow): LogEntry => ({
  seq: r.seq,
  actor: r.actor as Viewer,
  command: r.command,
  events: r.events as unknown[],
  at: iso(r.at),
});

/** A Store on Postgres or PGlite through kysely. `close()` destroys the Kysely instance. */
export function sqlStore(db: Kysely<Database>): Store {
  // Appends of different rooms made while others are being written share one statement (see AppendCoalescer).
  const appends = new AppendCoalescer((batch) => appendMany(db, batch), {
    maxInFlight: APPENDS_IN_FLIGHT,
    maxRows: MAX_APPEND_ROWS,
  });
  return {
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
      return r && { id: r.id, game: r.game, title: r.title, createdAt: iso(r.created_at) };
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

    async latestSeq(roomId) {
      const r = await db
        .selectFrom('room_events')
        .where('room_id', '=', roomId)
        .select((eb) => eb.fn.max('seq').as('last'))
        .executeTakeFirst();
      return r?.last ?? 0;
    },

    async saveSnapshot(roomId, seq, state) {
      await db
        .insertInto('room_snapshots')
        .values({ room_id: roomId, seq, state: jsonb(state) })
        .onConflict((oc) => oc.columns(['room_id', 'seq']).doUpdateSet({ state: jsonb(state) }))
        .execute();
    },

    async latestSnapshot(roomId) {
      const r = await db
        .selectFrom('room_snapshots')
        .select(['seq', 'state'])
        .where('room_id', '=', roomId)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r && { seq: r.seq, state: r.state };
    },

    async putToken(token) {
      const row = { room_id: token.roomId, role: token.role, seat: token.seat, revoked: token.revoked };
      await db
        .insertInto('room_tokens')
        .values({ hash: token.hash, ...row })
        .onConflict((oc) => oc.column('hash').doUpdateSet(row))
        .execute();
    },

    async findToken(hash) {
      const t = await db.selectFrom('room_tokens').selectAll().where('hash', '=', hash).executeTakeFirst();
      return t && { hash: t.hash, roomId: t.room_id, role: t.role, seat: t.seat, revoked: t.revoked };
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

    async close() {
      await db.destroy();
    },
  };
}
