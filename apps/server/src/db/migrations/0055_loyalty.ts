import { type Kysely, sql } from 'kysely';

/**
 * Loyalty (issue 19, second half; docs/decisions/037-loyalty.md):
 * - `loyalty_rule`: the merchant's versioned loyalty rules (rebate rates per VIP level and product,
 *   cap, pay hour and mode; points per product and conversion; VIP tiers). Never edited: a save is a
 *   new version, the one in force is the highest already effective.
 * - `loyalty_member`: a member's VIP level (since when, last upgrade day) and point balance.
 * - `loyalty_point_entry`: the points ledger, one row per movement under a unique key.
 * - `loyalty_rebate`: one rebate per (member, day, product) — the unique key that makes a rerun or a
 *   restarted run pay once — accrued, then paid through the money ledger.
 * - `loyalty_run`: the daily run of each merchant and day (started, finished, counts).
 * - `loyalty_mall_item`, `loyalty_redemption`: the points mall and its redemption queue.
 * - `loyalty_mission`, `loyalty_mission_claim`: daily and weekly missions; a claim is unique per
 *   (member, mission, period).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE loyalty_rule (
      merchant_code text NOT NULL REFERENCES merchant(code),
      version integer NOT NULL CHECK (version >= 1),
      effective_from timestamptz NOT NULL,
      rule jsonb NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_code, version)
    );

    CREATE TABLE loyalty_member (
      member_id integer PRIMARY KEY REFERENCES member(id),
      merchant_code text NOT NULL REFERENCES merchant(code),
      vip_level integer NOT NULL DEFAULT 0 CHECK (vip_level >= 0),
      level_since timestamptz NOT NULL,
      last_upgrade_day date,
      points bigint NOT NULL DEFAULT 0 CHECK (points >= 0),
      points_earned bigint NOT NULL DEFAULT 0 CHECK (points_earned >= 0)
    );

    CREATE TABLE loyalty_point_entry (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      key text NOT NULL UNIQUE,
      delta bigint NOT NULL CHECK (delta <> 0),
      reason text NOT NULL CHECK (reason IN ('earn', 'redeem', 'refund', 'convert')),
      detail jsonb NOT NULL DEFAULT '{}',
      at timestamptz NOT NULL
    );
    CREATE INDEX loyalty_point_entry_member ON loyalty_point_entry (member_id, at);

    CREATE TABLE loyalty_rebate (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      day date NOT NULL,
      product text NOT NULL,
      turnover_minor bigint NOT NULL CHECK (turnover_minor > 0),
      vip_level integer NOT NULL,
      rate_ppm integer NOT NULL CHECK (rate_ppm > 0),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      rule_version integer NOT NULL,
      status text NOT NULL CHECK (status IN ('accrued', 'paid')),
      entry_id text REFERENCES journal_entry(id),
      created_at timestamptz NOT NULL,
      paid_at timestamptz,
      UNIQUE (member_id, day, product),
      CHECK ((status = 'paid') = (entry_id IS NOT NULL))
    );
    CREATE INDEX loyalty_rebate_accrued ON loyalty_rebate (merchant_code, day) WHERE status = 'accrued';

    CREATE TABLE loyalty_run (
      merchant_code text NOT NULL REFERENCES merchant(code),
      day date NOT NULL,
      started_at timestamptz NOT NULL,
      finished_at timestamptz,
      rebates integer NOT NULL DEFAULT 0,
      point_entries integer NOT NULL DEFAULT 0,
      started_by text NOT NULL,
      PRIMARY KEY (merchant_code, day)
    );

    CREATE TABLE loyalty_mall_item (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      kind text NOT NULL CHECK (kind IN ('cash', 'goods')),
      name jsonb NOT NULL,
      points_cost bigint NOT NULL CHECK (points_cost > 0),
      cash_minor bigint NOT NULL DEFAULT 0 CHECK (cash_minor >= 0),
      stock integer CHECK (stock >= 0),
      active boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      CHECK ((kind = 'cash') = (cash_minor > 0))
    );

    CREATE TABLE loyalty_redemption (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      item_id integer NOT NULL REFERENCES loyalty_mall_item(id),
      points bigint NOT NULL CHECK (points > 0),
      cash_minor bigint NOT NULL CHECK (cash_minor >= 0),
      address text,
      status text NOT NULL CHECK (status IN ('processing', 'approved', 'rejected')),
      request_key text NOT NULL,
      reason text,
      entry_id text REFERENCES journal_entry(id),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      decided_by text,
      UNIQUE (member_id, request_key)
    );
    CREATE INDEX loyalty_redemption_queue ON loyalty_redemption (merchant_code, status, created_at);
    CREATE INDEX loyalty_redemption_member ON loyalty_redemption (member_id, created_at);

    CREATE TABLE loyalty_mission (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      code text NOT NULL CHECK (code ~ '^[a-z0-9_-]{1,32}$'),
      period text NOT NULL CHECK (period IN ('daily', 'weekly')),
      kind text NOT NULL CHECK (kind IN ('rounds', 'deposit', 'wager')),
      product text,
      target bigint NOT NULL CHECK (target > 0),
      reward_minor bigint NOT NULL CHECK (reward_minor > 0),
      name jsonb NOT NULL,
      active boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      UNIQUE (merchant_code, code)
    );

    CREATE TABLE loyalty_mission_claim (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      mission_id integer NOT NULL REFERENCES loyalty_mission(id),
      period_start date NOT NULL,
      reward_minor bigint NOT NULL CHECK (reward_minor > 0),
      entry_id text NOT NULL REFERENCES journal_entry(id),
      claimed_at timestamptz NOT NULL,
      UNIQUE (member_id, mission_id, period_start)
    );
    CREATE INDEX loyalty_mission_claim_board ON loyalty_mission_claim (merchant_code, period_start);
  `.execute(db);
};
