import { type Kysely, sql } from 'kysely';

/**
 * The member's choice for transfer-wallet merchants (issue 24): `auto_transfer` moves the money
 * into a vendor's wallet when one of its games opens and back when the player leaves (on by
 * default: a member without a row has it on).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE wallet_member_setting (
      member_id integer PRIMARY KEY REFERENCES member(id),
      auto_transfer boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL
    );
  `.execute(db);
};
