import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations';
import type { DB } from './schema';

const provider: MigrationProvider = { getMigrations: async () => migrations as Record<string, Migration> };

/** Brings the schema up to date; the same migrations run on PGlite and PostgreSQL. */
export const migrateToLatest = async (db: Kysely<DB>) => {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
  }
  return results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
};
