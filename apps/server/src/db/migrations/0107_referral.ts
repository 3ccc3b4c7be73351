import { type Kysely, sql } from 'kysely';

/**
 * Invite friends (issue 19, docs/decisions/048-referral.md):
 * - `referral_code`: a member's own code to invite friends with, made on first ask (CSPRNG,
 *   readable); unique per merchant, so a code of another merchant binds nobody here. A friend
 *   carries it in `member.referral_code` (identity) from registration.
 * - `promo_rule.min_turnover_minor`: the friend's turnover a referral reward waits for.
 * - A referral reward is a `promo_bonus` with period key `r:<friendId>`: paid once per
 *   (referrer, friend), whatever the promotion's code.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE referral_code (
      member_id integer PRIMARY KEY REFERENCES member(id),
      merchant_code text NOT NULL REFERENCES merchant(code),
      code text NOT NULL CHECK (code ~ '^[A-Z0-9]{6,16}$'),
      created_at timestamptz NOT NULL,
      UNIQUE (merchant_code, code)
    );
    ALTER TABLE promo_rule ADD COLUMN min_turnover_minor bigint NOT NULL DEFAULT 0
      CHECK (min_turnover_minor >= 0);
    CREATE UNIQUE INDEX promo_bonus_referral_once ON promo_bonus (member_id, period_key)
      WHERE period_key LIKE 'r:%';
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP INDEX promo_bonus_referral_once;
    ALTER TABLE promo_rule DROP COLUMN min_turnover_minor;
    DROP TABLE referral_code;
  `.execute(db);
};
