import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Each logged command keeps its sender's reference, so a retried command is answered, not committed twice; a retry
 * the room no longer holds in memory is looked up by room and ref.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('room_events').addColumn('ref', 'text').execute();
  await db.schema.createIndex('room_events_ref').on('room_events').columns(['room_id', 'ref']).where(sql.ref('ref'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('room_events').dropColumn('ref').execute();
}
