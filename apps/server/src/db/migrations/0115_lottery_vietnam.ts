import { type Kysely, sql } from 'kysely';

/**
 * Vietnamese lotteries (issue 17, ADR 046), in the lottery module:
 * - `lottery_vn_holiday`: the days without a draw (Tết …); a draw of such a day is voided and
 *   its bets refunded. The calendar is national, so it is not per merchant.
 * - `lottery_vn_rule`: per merchant and region, versioned: payout (thousandths of the stake per
 *   win) by bet type, stake limits. A bet copies the payout of its type in force when placed.
 * - `lottery_vn_draw`: one station's draw of one day (unique per merchant, station and date),
 *   at the official time; `source` says where its result comes from (`demo`: the in-house drawer,
 *   its server seed committed before; `feed`: the HTTP feed or a two-person manual entry).
 *   `result_version` counts the results made final; `settled_version` the one its bets are settled at.
 * - `lottery_vn_result_entry`: a result candidate (feed, manual, demo); a manual one waits for a
 *   second staff member's approval (the approver is never the one who entered it).
 * - `lottery_vn_bet`: one bet on one draw, with its copied payout; settled exactly once per result
 *   version (a corrected result re-settles as a delta).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE lottery_vn_holiday (
      day date PRIMARY KEY,
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
      created_at timestamptz NOT NULL,
      created_by text
    );

    CREATE TABLE lottery_vn_rule (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      region text NOT NULL CHECK (region IN ('north', 'south', 'central')),
      version integer NOT NULL CHECK (version >= 1),
      -- Bet type → thousandths of the stake paid per win.
      payouts jsonb NOT NULL CHECK (jsonb_typeof(payouts) = 'object'),
      min_stake_minor bigint NOT NULL CHECK (min_stake_minor >= 1),
      max_stake_minor bigint NOT NULL CHECK (max_stake_minor >= min_stake_minor),
      effective_from timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      created_by text,
      UNIQUE (merchant_code, region, version)
    );

    CREATE TABLE lottery_vn_draw (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      region text NOT NULL CHECK (region IN ('north', 'south', 'central')),
      station text NOT NULL CHECK (station ~ '^[A-Z]{2,4}$'),
      draw_date date NOT NULL,
      issue_no text NOT NULL CHECK (issue_no ~ '^[0-9]{8}-[A-Z]{2,4}$'),
      locks_at timestamptz NOT NULL,
      draws_at timestamptz NOT NULL,
      source text NOT NULL CHECK (source IN ('demo', 'feed')),
      server_seed text CHECK (server_seed ~ '^[0-9a-f]{64}$'),
      commitment text CHECK (commitment ~ '^[0-9a-f]{64}$'),
      status text NOT NULL CHECK (status IN ('scheduled', 'resulted', 'void')),
      result jsonb,
      result_version integer NOT NULL DEFAULT 0 CHECK (result_version >= 0),
      settled_version integer NOT NULL DEFAULT 0 CHECK (settled_version >= 0 AND settled_version <= result_version),
      void_reason text,
      created_at timestamptz NOT NULL,
      UNIQUE (merchant_code, station, draw_date),
      UNIQUE (merchant_code, issue_no),
      CHECK (locks_at <= draws_at),
      CHECK (source = 'feed' OR (server_seed IS NOT NULL AND commitment IS NOT NULL))
    );
    CREATE INDEX lottery_vn_draw_due ON lottery_vn_draw (status, draws_at);

    CREATE TABLE lottery_vn_result_entry (
      id bigserial PRIMARY KEY,
      draw_id uuid NOT NULL REFERENCES lottery_vn_draw(id),
      source text NOT NULL CHECK (source IN ('demo', 'feed', 'manual')),
      result jsonb NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
      entered_by text,
      entered_at timestamptz NOT NULL,
      approved_by text,
      approved_at timestamptz,
      -- Two people: whoever approves a manual entry is not who entered it.
      CHECK (source <> 'manual' OR approved_by IS NULL OR approved_by <> entered_by)
    );
    CREATE INDEX lottery_vn_result_entry_draw ON lottery_vn_result_entry (draw_id, id);

    CREATE TABLE lottery_vn_bet (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL,
      member_id integer NOT NULL REFERENCES member(id),
      request_key text NOT NULL CHECK (length(request_key) BETWEEN 1 AND 64),
      seq smallint NOT NULL CHECK (seq >= 0),
      draw_id uuid NOT NULL REFERENCES lottery_vn_draw(id),
      bet_type text NOT NULL,
      numbers jsonb NOT NULL,
      stake_minor bigint NOT NULL CHECK (stake_minor > 0),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      rule_id bigint NOT NULL REFERENCES lottery_vn_rule(id),
      -- The payout of the bet type in force when the bet was placed (thousandths per win).
      payout_milli bigint NOT NULL CHECK (payout_milli >= 0),
      status text NOT NULL CHECK (status IN ('open', 'won', 'lost', 'void')),
      payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
      -- What a correction took back beyond the member's balance (owed, not debited).
      owed_minor bigint NOT NULL DEFAULT 0 CHECK (owed_minor >= 0),
      settled_version integer NOT NULL DEFAULT 0,
      -- The member's balance right after the stake (the betting record's balance before).
      balance_after_stake_minor bigint NOT NULL,
      placed_at timestamptz NOT NULL,
      settled_at timestamptz,
      UNIQUE (member_id, request_key, seq)
    );
    CREATE INDEX lottery_vn_bet_draw ON lottery_vn_bet (draw_id, settled_version);
    CREATE INDEX lottery_vn_bet_member ON lottery_vn_bet (member_id, placed_at DESC);

    -- Tết 2027 (Đinh Mùi, 6 Feb 2027): no draws from the eve to the 3rd day (demo calendar).
    INSERT INTO lottery_vn_holiday (day, reason, created_at) VALUES
      ('2027-02-05', 'Tết Nguyên Đán', now()),
      ('2027-02-06', 'Tết Nguyên Đán', now()),
      ('2027-02-07', 'Tết Nguyên Đán', now()),
      ('2027-02-08', 'Tết Nguyên Đán', now());
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TABLE lottery_vn_bet;
    DROP TABLE lottery_vn_result_entry;
    DROP TABLE lottery_vn_draw;
    DROP TABLE lottery_vn_rule;
    DROP TABLE lottery_vn_holiday;
  `.execute(db);
};
