import { type Kysely, sql } from 'kysely';

/**
 * A deposit channel's texts per site language (issue 24): `name` and `instructions` of the row
 * are the merchant's default language (and the fallback); `texts` holds the others,
 * `{ "bn": { "name": "…", "instructions": "…" } }`, each written in the back office.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE cashier_channel ADD COLUMN texts jsonb NOT NULL DEFAULT '{}'::jsonb
      CHECK (jsonb_typeof(texts) = 'object')
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`ALTER TABLE cashier_channel DROP COLUMN texts`.execute(db);
};
