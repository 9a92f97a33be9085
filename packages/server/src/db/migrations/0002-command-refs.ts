import type { Kysely } from 'kysely';

/** Each logged command keeps its sender's reference, so a retried command is answered, not committed twice. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('room_events').addColumn('ref', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('room_events').dropColumn('ref').execute();
}
