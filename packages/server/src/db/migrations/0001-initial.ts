import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as schema.ts says it is now.

/** Rooms, their event log, snapshots and link tokens. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rooms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('room_events')
    .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq > 0`))
    .addColumn('actor', 'jsonb', (c) => c.notNull())
    .addColumn('command', 'jsonb', (c) => c.notNull())
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_events_pk', ['room_id', 'seq'])
    .execute();

  await db.schema
    .createTable('room_snapshots')
    .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq >= 0`))
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_snapshots_pk', ['room_id', 'seq'])
    .execute();

  await db.schema
    .createTable('room_tokens')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('gm', 'player', 'spectator')`))
    .addColumn('seat', 'text')
    .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // revokeTokens looks tokens up by exactly these columns.
  await db.schema.createIndex('room_tokens_room_role_seat').on('room_tokens').columns(['room_id', 'role', 'seat']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('room_tokens').execute();
  await db.schema.dropTable('room_snapshots').execute();
  await db.schema.dropTable('room_events').execute();
  await db.schema.dropTable('rooms').execute();
}
