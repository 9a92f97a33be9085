import type { Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
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
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('jsonb: value has no JSON form (undefined or a function)');
  return sql<unknown>`cast(${text}::text as jsonb)`;
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === UNIQUE_VIOLATION;

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

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
      const expected = entry.seq - 1;
      // One statement, no row locks: the insert happens only if the log currently ends at `expected`.
      // Two racing writers on a Postgres server both pass the check, and the primary key stops the second.
      const lastSeq = db
        .selectFrom('room_events')
        .where('room_id', '=', roomId)
        .select((eb) => eb.fn.coalesce(eb.fn.max('seq'), sql.lit(0)).as('last'));
      try {
        const result = await db
          .insertInto('room_events')
          .columns(['room_id', 'seq', 'actor', 'command', 'events', 'at'])
          .expression(
            db
              .selectNoFrom([
                sql<string>`${roomId}::text`.as('room_id'),
                sql<number>`${entry.seq}::integer`.as('seq'),
                jsonb(entry.actor).as('actor'),
                jsonb(entry.command).as('command'),
                jsonb(entry.events).as('events'),
                sql<string>`${entry.at}::timestamptz`.as('at'),
              ])
              .where(lastSeq, '=', sql<number>`${expected}::integer`),
          )
          .executeTakeFirst();
        if (result.numInsertedOrUpdatedRows !== 1n) throw new VersionConflict(roomId, expected);
      } catch (e) {
        if (isUniqueViolation(e)) throw new VersionConflict(roomId, expected);
        throw e;
      }
    },

    async appendBatch(roomId, entries) {
      assertConsecutive(roomId, entries);
      const first = entries[0];
      if (!first) return;
      const expected = first.seq - 1;
      // The same conditional insert as append, with every row in one statement: one round trip and one commit
      // for the whole batch, and the check on the log's end holds for all rows or none.
      const rows = entries.map(
        (e) => sql`(${e.seq}::integer, ${jsonb(e.actor)}, ${jsonb(e.command)}, ${jsonb(e.events)}, ${e.at}::timestamptz)`,
      );
      try {
        const result = await sql`
          insert into room_events (room_id, seq, actor, command, events, at)
          select ${roomId}::text, v.seq, v.actor, v.command, v.events, v.at
          from (values ${sql.join(rows)}) as v(seq, actor, command, events, at)
          where (select coalesce(max(seq), 0) from room_events where room_id = ${roomId}) = ${expected}::integer
        `.execute(db);
        if (result.numAffectedRows !== BigInt(entries.length)) throw new VersionConflict(roomId, expected);
      } catch (e) {
        if (isUniqueViolation(e)) throw new VersionConflict(roomId, expected);
        throw e;
      }
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
