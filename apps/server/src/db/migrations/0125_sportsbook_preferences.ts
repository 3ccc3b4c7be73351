import { type Kysely, sql } from 'kysely';

/**
 * The member's sportsbook preferences (issue 21): the odds format the book shows prices in, kept
 * with the account so it follows the member to every browser (ADR 050 kept it per browser).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE sb_member_preference (
      member_id integer PRIMARY KEY REFERENCES member(id),
      odds_format text NOT NULL
        CHECK (odds_format IN ('decimal', 'fractional', 'american', 'hk', 'malay', 'indo')),
      updated_at timestamptz NOT NULL
    );
  `.execute(db);
};
