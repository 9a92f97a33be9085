import type { Kysely } from 'kysely';

/**
 * Each token row may hold a sealed value, so the GM's token can show the room's links again on any device: the GM's
 * row wraps the room's link key, a seat's or spectator's row holds its token encrypted with that key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('room_tokens').addColumn('sealed', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('room_tokens').dropColumn('sealed').execute();
}
