import { type Kysely, sql } from 'kysely';

/**
 * Promotions and the bonus wallet (issue 19, docs/decisions/036-promotions-bonus-wallet.md):
 * - `promo_rule`: each merchant's promotions as versioned rules; the version in force is the
 *   highest one already effective. A granted bonus copies the rule it was granted under.
 * - `promo_bonus`: one granted bonus: amount, wagering requirement and weighted progress (in
 *   hundredths of a minor unit: Σ stake × weight %, so no rounding), status. A member has at most
 *   one active bonus; a deposit funds at most one bonus; `period_key` makes "once per member /
 *   day / week" a unique key. The money itself is on the member's `member_bonus` ledger account.
 * - `promo_application`: "apply" promotions waiting for staff review (remark ≤ 140 characters).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE promo_rule (
      merchant_code text NOT NULL REFERENCES merchant(code),
      code text NOT NULL CHECK (code ~ '^[a-z0-9_-]{2,40}$'),
      version integer NOT NULL CHECK (version > 0),
      effective_from timestamptz NOT NULL,
      kind text NOT NULL CHECK (kind IN ('deposit_match', 'first_deposit', 'reload', 'free_credit', 'cashback', 'referral', 'apply')),
      active boolean NOT NULL,
      starts_at timestamptz,
      ends_at timestamptz,
      frequency text NOT NULL CHECK (frequency IN ('once', 'daily', 'weekly', 'unlimited')),
      percent_bp integer NOT NULL CHECK (percent_bp BETWEEN 0 AND 100000),
      fixed_minor bigint NOT NULL CHECK (fixed_minor >= 0),
      cap_minor bigint NOT NULL CHECK (cap_minor >= 0),
      min_deposit_minor bigint NOT NULL CHECK (min_deposit_minor >= 0),
      wagering_base text NOT NULL CHECK (wagering_base IN ('bonus', 'deposit_bonus')),
      multiplier integer NOT NULL CHECK (multiplier BETWEEN 0 AND 200),
      weights jsonb NOT NULL,
      max_bet_minor bigint NOT NULL CHECK (max_bet_minor > 0),
      expiry_hours integer NOT NULL CHECK (expiry_hours BETWEEN 1 AND 8760),
      spending_order text NOT NULL CHECK (spending_order IN ('cash_first', 'bonus_first')),
      withdraw_policy text NOT NULL CHECK (withdraw_policy IN ('forfeit', 'refuse')),
      texts jsonb NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_code, code, version)
    );

    CREATE TABLE promo_bonus (
      id text PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      promo_code text NOT NULL,
      promo_version integer NOT NULL,
      rule jsonb NOT NULL,
      period_key text NOT NULL,
      deposit_id text,
      deposit_minor bigint NOT NULL CHECK (deposit_minor >= 0),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      requirement_minor bigint NOT NULL CHECK (requirement_minor >= 0),
      wagered_centi bigint NOT NULL DEFAULT 0 CHECK (wagered_centi >= 0),
      status text NOT NULL CHECK (status IN ('active', 'completed', 'forfeited', 'expired')),
      converted_minor bigint,
      returned_minor bigint,
      granted_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      ended_reason text,
      UNIQUE (member_id, promo_code, period_key),
      CHECK ((status = 'active') = (ended_at IS NULL))
    );
    CREATE UNIQUE INDEX promo_bonus_one_active ON promo_bonus (member_id) WHERE status = 'active';
    CREATE UNIQUE INDEX promo_bonus_deposit ON promo_bonus (deposit_id) WHERE deposit_id IS NOT NULL;
    CREATE INDEX promo_bonus_expiry ON promo_bonus (expires_at) WHERE status = 'active';
    CREATE INDEX promo_bonus_merchant ON promo_bonus (merchant_code, granted_at);

    CREATE TABLE promo_application (
      id text PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      promo_code text NOT NULL,
      remark text NOT NULL CHECK (char_length(remark) <= 140),
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
      bonus_id text REFERENCES promo_bonus(id),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      decided_by text,
      reason text
    );
    CREATE UNIQUE INDEX promo_application_pending ON promo_application (member_id, promo_code) WHERE status = 'pending';
    CREATE INDEX promo_application_queue ON promo_application (merchant_code, status, created_at);
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TABLE promo_application;
    DROP TABLE promo_bonus;
    DROP TABLE promo_rule;
  `.execute(db);
};
