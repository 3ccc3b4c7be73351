import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { migrations } from './migrations';
import { applyCode, applyTypes, OBJECTS_TABLE } from './sql-apply';
import { loadSqlObjects, type SqlObjects } from './sql-objects';

const provider: MigrationProvider = { getMigrations: async () => migrations as Record<string, Migration> };

/** Any constant: one migrator at a time per database (several nodes may start at once). */
const MIGRATE_LOCK = 7_231_640_912_417_003n;

export type MigrateResult = {
  /** The migrations run now. */
  migrations: string[];
  /** The sql/ objects applied now (new, changed, or with something they define missing). */
  objects: string[];
};

/**
 * Brings the schema up to date, the same on PGlite and PostgreSQL, in one transaction: the
 * modules' domains (sql/ files that define domains), then the table migrations, then the modules'
 * functions and triggers (docs/decisions/025-database-code-in-modules.md). A sql/ object is applied
 * when its text changed since it was last applied, or something it defines is missing.
 */
export const migrateToLatest = async (
  // biome-ignore lint/suspicious/noExplicitAny: migrations and objects work on any schema.
  db: Kysely<any>,
  objects: SqlObjects = loadSqlObjects(),
): Promise<MigrateResult> =>
  db.connection().execute(async (conn) => {
    await sql`BEGIN`.execute(conn);
    try {
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(MIGRATE_LOCK)})`.execute(conn);
      await sql`CREATE TABLE IF NOT EXISTS ${sql.id(OBJECTS_TABLE)} (
        name text PRIMARY KEY,
        hash text NOT NULL,
        defines jsonb NOT NULL,
        applied_at timestamptz NOT NULL
      )`.execute(conn);
      const applied = await applyTypes(conn, objects.types);
      // The migrator's own transaction would be a second one: this connection's is used instead.
      const migrator = new Migrator({
        db: conn,
        provider,
        disableTransactions: true,
        // Each module has its own number range (0045 activity, 0050 promotions, …): a database
        // made before a lower-numbered migration was added runs it on the next start.
        allowUnorderedMigrations: true,
      });
      const { error, results } = await migrator.migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error');
        throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, {
          cause: error,
        });
      }
      applied.push(...(await applyCode(conn, objects)));
      await sql`COMMIT`.execute(conn);
      return {
        migrations: results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [],
        objects: applied,
      };
    } catch (error) {
      await sql`ROLLBACK`.execute(conn);
      throw error;
    }
  });
