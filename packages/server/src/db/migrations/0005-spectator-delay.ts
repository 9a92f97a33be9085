import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/** A room's spectator delay (ms): spectators see the table as it was that long ago; 0 shows it live. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rooms')
    .addColumn('spectator_delay_ms', 'integer', (c) => c.notNull().defaultTo(0).check(sql`spectator_delay_ms >= 0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rooms').dropColumn('spectator_delay_ms').execute();
}
