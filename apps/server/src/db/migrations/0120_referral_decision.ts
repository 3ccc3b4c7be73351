import { type Kysely, sql } from 'kysely';

/**
 * Staff decisions on invited friends put under review (docs/decisions/051): one row per friend of
 * a referrer, `approved` (the reward may be paid, once, through the normal grant) or `rejected`
 * (never paid; the referrer sees "not eligible"), with the reason and who decided. The primary key
 * makes a decision once: a second click or a racing one finds the row and changes nothing.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE referral_decision (
      referrer_id integer NOT NULL,
      friend_id integer NOT NULL,
      merchant_code text NOT NULL,
      decision text NOT NULL CHECK (decision IN ('approved', 'rejected')),
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
      decided_by text NOT NULL,
      decided_at timestamptz NOT NULL,
      bonus_id text,
      PRIMARY KEY (referrer_id, friend_id),
      CHECK (decision = 'approved' OR bonus_id IS NULL)
    )
  `.execute(db);
  await sql`CREATE INDEX referral_decision_merchant ON referral_decision (merchant_code, decided_at)`.execute(
    db,
  );
};

export const down = async (db: Kysely<unknown>) => {
  await sql`DROP TABLE referral_decision`.execute(db);
};
