import { type Kysely, sql } from 'kysely';

/**
 * Sportsbook dead heat and partial cash-out (issue 21, ADR 055), in the sportsbook module:
 * - `sb_market.kind` may be `match_bet`: a two-way match bet whose tie is a dead heat.
 * - `sb_selection.dead_heat_places` / `dead_heat_tied`: a winning selection that finished level
 *   with others (`tied` of them for `places` paying places): its bets are paid on places/tied of
 *   the stake. Both null, or both set on a `win` with 1 ≤ places < tied.
 * - `sb_bet.result` may be `dead_heat` (a single whose selection dead-heated).
 * - `sb_bet.cashed_out_stake_minor` / `cashed_out_minor`: the stake taken out by partial cash-outs
 *   and what they paid; `stake_minor` is the stake still running (settled on it alone).
 * - `sb_bet_cashout`: each partial cash-out, unique per (bet, request key): a replay answers the
 *   first one.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE sb_market DROP CONSTRAINT sb_market_kind_check;
    ALTER TABLE sb_market ADD CONSTRAINT sb_market_kind_check
      CHECK (kind IN ('winner', 'match_bet', '1x2', 'handicap', 'total', 'map_handicap', 'cockfight'));

    ALTER TABLE sb_selection
      ADD COLUMN dead_heat_places smallint,
      ADD COLUMN dead_heat_tied smallint,
      ADD CONSTRAINT sb_selection_dead_heat_check CHECK (
        (dead_heat_places IS NULL AND dead_heat_tied IS NULL)
        OR (outcome = 'win' AND dead_heat_places >= 1 AND dead_heat_tied > dead_heat_places)
      );

    ALTER TABLE sb_bet DROP CONSTRAINT sb_bet_result_check;
    ALTER TABLE sb_bet ADD CONSTRAINT sb_bet_result_check
      CHECK (result IN ('won', 'lost', 'void', 'half_won', 'half_lost', 'push', 'cashed_out', 'dead_heat'));
    ALTER TABLE sb_bet
      ADD COLUMN cashed_out_stake_minor bigint NOT NULL DEFAULT 0 CHECK (cashed_out_stake_minor >= 0),
      ADD COLUMN cashed_out_minor bigint NOT NULL DEFAULT 0 CHECK (cashed_out_minor >= 0);

    CREATE TABLE sb_bet_cashout (
      id uuid PRIMARY KEY,
      bet_id uuid NOT NULL REFERENCES sb_bet(id),
      member_id integer NOT NULL REFERENCES member(id),
      request_key text NOT NULL CHECK (length(request_key) BETWEEN 1 AND 64),
      -- The stake taken out, the bet's stake before, and the full offer it was a part of.
      stake_part_minor bigint NOT NULL CHECK (stake_part_minor > 0),
      stake_before_minor bigint NOT NULL CHECK (stake_before_minor > stake_part_minor),
      offer_minor bigint NOT NULL CHECK (offer_minor > 0),
      -- offer × part ÷ stake before, floored: what the member was paid.
      value_minor bigint NOT NULL CHECK (value_minor >= 0),
      balance_after_minor bigint NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (bet_id, request_key)
    );
    CREATE INDEX sb_bet_cashout_bet ON sb_bet_cashout (bet_id, created_at);
  `.execute(db);
};
