import { type Kysely, sql } from 'kysely';

/**
 * The sportsbook module's tables (issue 21, modules/sportsbook; ADR 039):
 * - `sb_sport`, `sb_competition`: the book's tree (sport → competition), with the play product
 *   each sport counts as (SPORTS, ESPORTS, COCKFIGHT).
 * - `sb_rule`: per merchant, versioned: stake limits, max payout per bet, max legs, liability cap
 *   per selection, cockfight house cut and draw price. A bet copies the rule in force.
 * - `sb_event`: a fixture from the feed (the demo simulator), with its seed commitment: the
 *   simulator's result comes from the seed (CSPRNG), revealed after the result.
 * - `sb_market`, `sb_selection`: markets (open, suspended, closed, settled, voided) with a line
 *   in quarters, selections with odds in ten-thousandths (pari-mutuel ones with their pool) and,
 *   once resulted, the outcome of each selection.
 * - `sb_bet`, `sb_bet_leg`: a single, a multiple or a system, unique by the member's request key; legs copy
 *   the odds taken. A bet settles once (open → settled); a resettlement bumps `revision` and pays
 *   the difference (ledger key per revision).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE sb_sport (
      code text PRIMARY KEY CHECK (code ~ '^[a-z0-9]{2,16}$'),
      product text NOT NULL CHECK (product IN ('SPORTS', 'ESPORTS', 'COCKFIGHT')),
      sort smallint NOT NULL DEFAULT 0
    );

    CREATE TABLE sb_competition (
      id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{2,40}$'),
      sport_code text NOT NULL REFERENCES sb_sport(code),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80)
    );

    CREATE TABLE sb_rule (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      version integer NOT NULL CHECK (version >= 1),
      min_stake_minor bigint NOT NULL CHECK (min_stake_minor >= 1),
      max_stake_minor bigint NOT NULL CHECK (max_stake_minor >= min_stake_minor),
      max_payout_minor bigint NOT NULL CHECK (max_payout_minor >= max_stake_minor),
      max_legs smallint NOT NULL CHECK (max_legs BETWEEN 1 AND 20),
      -- Potential payout sold on one selection (singles and every leg of a multiple), at most.
      liability_cap_minor bigint NOT NULL CHECK (liability_cap_minor >= 1),
      cockfight_cut_bp integer NOT NULL CHECK (cockfight_cut_bp BETWEEN 0 AND 5000),
      cockfight_draw_odds bigint NOT NULL CHECK (cockfight_draw_odds > 10000),
      effective_from timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      created_by text,
      UNIQUE (merchant_code, version)
    );

    CREATE TABLE sb_event (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      competition_id text NOT NULL REFERENCES sb_competition(id),
      sport_code text NOT NULL REFERENCES sb_sport(code),
      -- The feed's own key of the fixture: one event per merchant and key.
      feed_key text NOT NULL CHECK (length(feed_key) BETWEEN 1 AND 80),
      home text NOT NULL,
      away text NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('scheduled', 'live', 'ended', 'resulted', 'cancelled')),
      server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
      commitment text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
      -- The result: scores (home, away) or the cockfight winner; null until resulted.
      result jsonb,
      resulted_at timestamptz,
      created_at timestamptz NOT NULL,
      UNIQUE (merchant_code, feed_key),
      CHECK (starts_at < ends_at)
    );
    CREATE INDEX sb_event_due ON sb_event (status, ends_at);
    CREATE INDEX sb_event_list ON sb_event (merchant_code, sport_code, starts_at);

    CREATE TABLE sb_market (
      id uuid PRIMARY KEY,
      event_id uuid NOT NULL REFERENCES sb_event(id),
      kind text NOT NULL CHECK (kind IN ('winner', '1x2', 'handicap', 'total', 'map_handicap', 'cockfight')),
      -- Handicap of the home side / the total, in quarters (−1.75 → −7); null for other kinds.
      line_q integer,
      status text NOT NULL CHECK (status IN ('open', 'suspended', 'closed', 'settled', 'voided')),
      pari_mutuel boolean NOT NULL DEFAULT false,
      -- Times settled (0 before; each resettlement adds one).
      revision integer NOT NULL DEFAULT 0,
      settled_at timestamptz,
      void_reason text,
      UNIQUE (event_id, kind, line_q)
    );
    CREATE INDEX sb_market_event ON sb_market (event_id);

    CREATE TABLE sb_selection (
      id uuid PRIMARY KEY,
      market_id uuid NOT NULL REFERENCES sb_market(id),
      code text NOT NULL CHECK (code IN ('home', 'away', 'draw', 'over', 'under', 'meron', 'wala')),
      odds bigint NOT NULL CHECK (odds > 10000),
      -- Pari-mutuel: the stakes in the side's pool.
      pool_minor bigint NOT NULL DEFAULT 0 CHECK (pool_minor >= 0),
      -- Potential payout sold on this selection (singles and legs), against the rule's cap.
      liability_minor bigint NOT NULL DEFAULT 0 CHECK (liability_minor >= 0),
      outcome text CHECK (outcome IN ('win', 'half_win', 'push', 'half_loss', 'loss', 'void')),
      -- Pari-mutuel: the final price the winning side paid (ten-thousandths), for the record.
      settled_odds bigint,
      UNIQUE (market_id, code)
    );

    CREATE TABLE sb_bet (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      request_key text NOT NULL CHECK (length(request_key) BETWEEN 1 AND 64),
      kind text NOT NULL CHECK (kind IN ('single', 'multiple', 'system')),
      -- A system's combination sizes (Trixie: [2, 3]); its stake is the unit stake × combinations.
      system_sizes jsonb,
      product text NOT NULL CHECK (product IN ('SPORTS', 'ESPORTS', 'COCKFIGHT')),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      stake_minor bigint NOT NULL CHECK (stake_minor > 0),
      -- Π odds / 10^4n × stake at placement (null for pari-mutuel: the price is known at the end).
      potential_minor bigint,
      rule_id bigint NOT NULL REFERENCES sb_rule(id),
      odds_policy text NOT NULL CHECK (odds_policy IN ('any', 'higher', 'none')),
      status text NOT NULL CHECK (status IN ('open', 'settled')),
      result text CHECK (result IN ('won', 'lost', 'void', 'half_won', 'half_lost', 'push')),
      payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
      revision integer NOT NULL DEFAULT 0,
      balance_after_stake_minor bigint NOT NULL,
      placed_at timestamptz NOT NULL,
      settled_at timestamptz,
      UNIQUE (member_id, request_key)
    );
    CREATE INDEX sb_bet_member ON sb_bet (member_id, placed_at DESC);
    CREATE INDEX sb_bet_open ON sb_bet (status) WHERE status = 'open';

    CREATE TABLE sb_bet_leg (
      bet_id uuid NOT NULL REFERENCES sb_bet(id),
      seq smallint NOT NULL CHECK (seq >= 0),
      selection_id uuid NOT NULL REFERENCES sb_selection(id),
      market_id uuid NOT NULL REFERENCES sb_market(id),
      event_id uuid NOT NULL REFERENCES sb_event(id),
      odds bigint NOT NULL CHECK (odds > 0),
      PRIMARY KEY (bet_id, seq),
      UNIQUE (bet_id, event_id)
    );
    CREATE INDEX sb_bet_leg_market ON sb_bet_leg (market_id);
  `.execute(db);
};
