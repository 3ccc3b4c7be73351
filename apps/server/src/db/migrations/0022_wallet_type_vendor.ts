import { type Kysely, sql } from 'kysely';

/**
 * The vendor of each wallet type, kept beside `vendor` (docs/decisions/023-wallet-type-vendor.md):
 * one narrow row per account type, which `wallet_transfer` reads instead of scanning `vendor`. The
 * statement-level trigger on `vendor` that writes it, and its first filling, are the wallet
 * module's database code (modules/wallet/sql/wallet_type_vendor.sql, ADR 025).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE wallet_type_vendor (
      account_type_id integer PRIMARY KEY,
      vendor_code text NOT NULL
    );
  `.execute(db);
};

/** The table, and the trigger that writes it (the next migration run makes it again). */
export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TRIGGER IF EXISTS vendor_wallet_types ON vendor;
    DROP TABLE wallet_type_vendor;
  `.execute(db);
};
