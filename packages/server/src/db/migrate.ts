import type { Kysely } from 'kysely';
import type { MigrationProvider } from 'kysely/migration';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the database up to the latest migration; throws if any migration fails. */
export async function migrate(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    const which = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`database migration failed${which}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
