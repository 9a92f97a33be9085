import type { Kysely, RawBuilder } from 'kysely';
import { CompiledQuery, sql } from 'kysely';
import type { Viewer } from '@veiltable/protocol';
import type { Database, RoomEventRow } from './schema.ts';
import type { LogEntry, Store, TokenRole } from './store.ts';
import { assertConsecutive, VersionConflict } from './store.ts';

/**
 * Encodes a value for a jsonb column as JSON text cast to jsonb. The explicit `::text` keeps both drivers
 * from applying their own JSON serializer: postgres.js would stringify an already-stringified value again,
 * and a bare JS string would otherwise not be valid JSON at all.
 */
export function jsonb(value: unknown): RawBuilder<unknown> {
  return sql<unknown>`cast(${jsonText(value)}::text as jsonb)`;
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === UNIQUE_VIOLATION;

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** JSON text for a jsonb parameter (cast in the SQL, as `jsonb` does). */
function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('jsonb: value has no JSON form (undefined or a function)');
  return text;
}

/**
 * The statement of an append of `rows` entries: one insert of every row, which happens only if the room's log
 * currently ends just before the first of them. One statement, no row locks: two racing writers on a Postgres
 * server both pass the check, and the primary key stops the second. Written out as text with numbered parameters,
 * once per row count: a commit's hot path then skips building and compiling a query.
 */
const appendStatements = new Map<number, string>();
function appendStatement(rows: number): string {
  let text = appendStatements.get(rows);
  if (text === undefined) {
    const values = Array.from({ length: rows }, (_, i) => {
      const p = 3 + i * 5;
      return `($${p}::integer, $${p + 1}::text::jsonb, $${p + 2}::text::jsonb, $${p + 3}::text::jsonb, $${p + 4}::timestamptz)`;
    });
    text =
      'insert into room_events (room_id, seq, actor, command, events, at) ' +
      'select $1::text, v.seq, v.actor, v.command, v.events, v.at ' +
      `from (values ${values.join(', ')}) as v(seq, actor, command, events, at) ` +
      'where (select coalesce(max(seq), 0) from room_events where room_id = $1::text) = $2::integer';
    appendStatements.set(rows, text);
  }
  return text;
}

/** Appends consecutive entries in one statement, all or none; VersionConflict unless the log ended just before them. */
async function appendAfter(db: Kysely<Database>, roomId: string, entries: readonly LogEntry[]): Promise<void> {
  const expected = entries[0]!.seq - 1;
  const params = [roomId, expected, ...entries.flatMap((e) => [e.seq, jsonText(e.actor), jsonText(e.command), jsonText(e.events), e.at])];
  try {
    const result = await db.executeQuery(CompiledQuery.raw(appendStatement(entries.length), params));
    if (result.numAffectedRows !== BigInt(entries.length)) throw new VersionConflict(roomId, expected);
  } catch (e) {
    if (isUniqueViolation(e)) throw new VersionConflict(roomId, expected);
    throw e;
  }
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
      await appendAfter(db, roomId, [entry]);
    },

    async appendBatch(roomId, entries) {
      assertConsecutive(roomId, entries);
      // One round trip and one commit for the whole batch; the check on the log's end holds for all rows or none.
      if (entries.length > 0) await appendAfter(db, roomId, entries);
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
