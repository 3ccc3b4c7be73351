import { type Kysely, sql } from 'kysely';

/**
 * Shared live tables (issue 22, docs/decisions/040-shared-tables.md):
 * - `live_table`: a table of a merchant (game, bet limits per bet, betting window and result
 *   pause) and its owner lease: the one node that runs its clock (`owner`, `lease_until`).
 * - `live_round`: the rounds of a table, one in `betting` at a time; its server seed's hash is
 *   published when the round is created, the seed when it is settled (or voided).
 * - `live_bet`: a member's bet on a round, `open` until the round is settled (`settled`, with its
 *   payout) or voided (`refunded`): the state moves once, under the round's row lock.
 * - `live_seat`: who sits at a table; a dropped player's seat is held until `held_until`.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE live_table (
      id text PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      game text NOT NULL CHECK (game IN ('baccarat', 'dragon-tiger', 'roulette', 'sic-bo', 'andar-bahar')),
      name text NOT NULL,
      min_bet_minor bigint NOT NULL CHECK (min_bet_minor > 0),
      max_bet_minor bigint NOT NULL CHECK (max_bet_minor >= min_bet_minor),
      betting_ms integer NOT NULL CHECK (betting_ms BETWEEN 3000 AND 120000),
      result_ms integer NOT NULL CHECK (result_ms BETWEEN 1000 AND 60000),
      seats integer NOT NULL DEFAULT 7 CHECK (seats BETWEEN 1 AND 20),
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      owner text,
      lease_until timestamptz
    );
    CREATE INDEX live_table_merchant ON live_table (merchant_code, sort);

    CREATE TABLE live_round (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      table_id text NOT NULL REFERENCES live_table(id),
      round_no integer NOT NULL,
      state text NOT NULL CHECK (state IN ('betting', 'settled', 'void')),
      server_seed text NOT NULL,
      commitment text NOT NULL,
      client_seed text NOT NULL,
      opens_at timestamptz NOT NULL,
      closes_at timestamptz NOT NULL,
      settled_at timestamptz,
      outcome jsonb,
      result_code text,
      UNIQUE (table_id, round_no)
    );
    CREATE UNIQUE INDEX live_round_one_open ON live_round (table_id) WHERE state = 'betting';

    CREATE TABLE live_bet (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      round_id bigint NOT NULL REFERENCES live_round(id),
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      currency char(3) NOT NULL,
      kind text NOT NULL,
      stake_minor bigint NOT NULL CHECK (stake_minor > 0),
      payout_minor bigint,
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'settled', 'refunded')),
      request_key text NOT NULL,
      -- The member's main balance right after this stake (the betting record's row).
      balance_after_minor bigint,
      placed_at timestamptz NOT NULL,
      settled_at timestamptz,
      UNIQUE (member_id, request_key, kind)
    );
    CREATE INDEX live_bet_round ON live_bet (round_id, state);
    CREATE INDEX live_bet_member ON live_bet (member_id, placed_at);

    CREATE TABLE live_seat (
      table_id text NOT NULL REFERENCES live_table(id),
      seat_no integer NOT NULL,
      member_id integer NOT NULL REFERENCES member(id),
      nickname text NOT NULL,
      connections integer NOT NULL DEFAULT 0 CHECK (connections >= 0),
      held_until timestamptz,
      PRIMARY KEY (table_id, seat_no),
      UNIQUE (table_id, member_id)
    );
  `.execute(db);
};
