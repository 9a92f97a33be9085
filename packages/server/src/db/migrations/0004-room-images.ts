import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Images a room's members uploaded (character portraits), already resized and re-encoded by the server. An image is
 * addressed by the sha256 of its bytes; the room it was uploaded to counts it against its quota.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('room_images')
    .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull().check(sql`hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('room_images_pk', ['room_id', 'hash'])
    .execute();
  // getImage looks an image up by its hash alone.
  await db.schema.createIndex('room_images_hash').on('room_images').column('hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('room_images').execute();
}
