import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Spectators one of the game's phases behind instead of a time: exclusive with `spectator_delay_ms` (a stream
 * trails by one or the other). Rooms stored before it default to false, so they keep the delay they had.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rooms')
    .addColumn('spectator_delay_phase', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('rooms')
    .addCheckConstraint('rooms_spectator_delay_exclusive', sql`NOT (spectator_delay_phase AND spectator_delay_ms > 0)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rooms').dropConstraint('rooms_spectator_delay_exclusive').execute();
  await db.schema.alterTable('rooms').dropColumn('spectator_delay_phase').execute();
}
