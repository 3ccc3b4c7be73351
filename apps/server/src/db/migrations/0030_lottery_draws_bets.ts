import { type Kysely, sql } from 'kysely';

/**
 * The lottery module's tables (issue 17, modules/lottery):
 * - `lottery_game`: the in-house lotteries of a merchant (code of the catalogue, e.g. KENO1) and
 *   the kind of draw they make (`@khela/fair` lottery kinds).
 * - `lottery_rule`: per merchant and game, versioned: schedule (interval, lock), payout tables
 *   by bet type (thousandths by outcome key), stake limits and the liability cap per number per
 *   issue. The rule in force is the highest version whose `effective_from` has passed; an issue
 *   keeps the rule it was generated under, a bet copies the payout table in force when placed.
 * - `lottery_issue`: one draw, generated from the rule by the scheduler job (unique per
 *   merchant, game and issue number: several nodes insert it once). Its server seed's hash is
 *   stored with the row, before it opens; the seed is shown after the draw; `link` chains draws.
 * - `lottery_slip`: one request of a member (several bets), unique by the member's request key.
 * - `lottery_bet`: one bet, with its copied table, settled exactly once (open → won | lost | void).
 * - `lottery_exposure`: the liability sold per issue and number, never above the rule's cap.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE lottery_game (
      merchant_code text NOT NULL REFERENCES merchant(code),
      code text NOT NULL CHECK (code ~ '^[A-Z0-9]{1,12}$'),
      kind text NOT NULL CHECK (kind IN ('keno', 'digits3', 'digits4', 'digits5', 'racing10', 'lotto545', 'lotto655')),
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_code, code)
    );

    CREATE TABLE lottery_rule (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      game_code text NOT NULL,
      version integer NOT NULL CHECK (version >= 1),
      -- Draws every interval, aligned on UTC midnight (the interval divides a day).
      interval_seconds integer NOT NULL CHECK (interval_seconds BETWEEN 5 AND 86400 AND 86400 % interval_seconds = 0),
      -- Betting closes this many seconds before the draw.
      lock_seconds integer NOT NULL CHECK (lock_seconds >= 0 AND lock_seconds < interval_seconds),
      -- Payout tables: bet type → outcome key → thousandths.
      payouts jsonb NOT NULL,
      min_stake_minor bigint NOT NULL CHECK (min_stake_minor >= 1),
      max_stake_minor bigint NOT NULL CHECK (max_stake_minor >= min_stake_minor),
      liability_cap_minor bigint NOT NULL CHECK (liability_cap_minor >= 1),
      effective_from timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      created_by text,
      UNIQUE (merchant_code, game_code, version),
      FOREIGN KEY (merchant_code, game_code) REFERENCES lottery_game(merchant_code, code)
    );

    CREATE TABLE lottery_issue (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL,
      game_code text NOT NULL,
      issue_no text NOT NULL CHECK (issue_no ~ '^[0-9]{8}-[0-9]{4,5}$'),
      rule_id bigint NOT NULL REFERENCES lottery_rule(id),
      opens_at timestamptz NOT NULL,
      locks_at timestamptz NOT NULL,
      draws_at timestamptz NOT NULL,
      server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
      commitment text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
      status text NOT NULL CHECK (status IN ('scheduled', 'drawn', 'settled', 'void')),
      numbers jsonb,
      previous_link text,
      link text,
      drawn_at timestamptz,
      settled_at timestamptz,
      void_reason text,
      created_at timestamptz NOT NULL,
      UNIQUE (merchant_code, game_code, issue_no),
      FOREIGN KEY (merchant_code, game_code) REFERENCES lottery_game(merchant_code, code),
      CHECK (opens_at <= locks_at AND locks_at <= draws_at)
    );
    CREATE INDEX lottery_issue_due ON lottery_issue (status, draws_at);
    CREATE INDEX lottery_issue_game ON lottery_issue (merchant_code, game_code, draws_at DESC);

    CREATE TABLE lottery_slip (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL,
      member_id integer NOT NULL REFERENCES member(id),
      request_key text NOT NULL CHECK (length(request_key) BETWEEN 1 AND 64),
      issue_id uuid NOT NULL REFERENCES lottery_issue(id),
      total_stake_minor bigint NOT NULL CHECK (total_stake_minor > 0),
      created_at timestamptz NOT NULL,
      UNIQUE (member_id, request_key)
    );

    CREATE TABLE lottery_bet (
      id uuid PRIMARY KEY,
      slip_id uuid NOT NULL REFERENCES lottery_slip(id),
      seq smallint NOT NULL CHECK (seq >= 0),
      merchant_code text NOT NULL,
      member_id integer NOT NULL REFERENCES member(id),
      issue_id uuid NOT NULL REFERENCES lottery_issue(id),
      game_code text NOT NULL,
      bet_type text NOT NULL,
      selection jsonb NOT NULL,
      stake_minor bigint NOT NULL CHECK (stake_minor > 0),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      rule_id bigint NOT NULL REFERENCES lottery_rule(id),
      -- The payout table of the bet type in force when the bet was placed.
      payout_table jsonb NOT NULL,
      status text NOT NULL CHECK (status IN ('open', 'won', 'lost', 'void')),
      payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
      -- The member's balance right after the stake (the betting record's balance before).
      balance_after_stake_minor bigint NOT NULL,
      placed_at timestamptz NOT NULL,
      settled_at timestamptz,
      UNIQUE (slip_id, seq)
    );
    CREATE INDEX lottery_bet_issue_open ON lottery_bet (issue_id) WHERE status = 'open';
    CREATE INDEX lottery_bet_member ON lottery_bet (member_id, placed_at DESC);

    CREATE TABLE lottery_exposure (
      issue_id uuid NOT NULL REFERENCES lottery_issue(id),
      number_key text NOT NULL CHECK (length(number_key) BETWEEN 1 AND 64),
      liability_minor bigint NOT NULL CHECK (liability_minor >= 0),
      PRIMARY KEY (issue_id, number_key)
    );
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TABLE lottery_exposure;
    DROP TABLE lottery_bet;
    DROP TABLE lottery_slip;
    DROP TABLE lottery_issue;
    DROP TABLE lottery_rule;
    DROP TABLE lottery_game;
  `.execute(db);
};
