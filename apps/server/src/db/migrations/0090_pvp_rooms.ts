import { type Kysely, sql } from 'kysely';

/**
 * PvP Teen Patti rooms (issue 22, docs/decisions/042-pvp-rooms.md):
 * - `pvp_tier`: a merchant's table tiers, versioned (a new version supersedes the last; a hand
 *   copies the version in force): boot, pot limit, rake (basis points and cap), turn time,
 *   buy-in range, seats.
 * - `pvp_table`: an open table of a tier and its owner lease (the node that runs its turn clock).
 * - `pvp_seat`: who sits where with how many chips (their table balance, held on the member's
 *   `member_table` ledger account); a dropped player's seat is held until `held_until`.
 * - `pvp_hand`: a table's hands; the deck's server seed is committed (`commitment`) before the
 *   deal and shown once the hand ended; `game` is the hand's state, `rule` the tier copied.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE pvp_tier (
      merchant_code text NOT NULL REFERENCES merchant(code),
      tier_key text NOT NULL CHECK (tier_key ~ '^[a-z0-9-]{1,32}$'),
      version integer NOT NULL CHECK (version > 0),
      name text NOT NULL,
      boot_minor bigint NOT NULL CHECK (boot_minor > 0),
      pot_limit_minor bigint NOT NULL CHECK (pot_limit_minor >= boot_minor * 4),
      rake_bp integer NOT NULL CHECK (rake_bp BETWEEN 0 AND 2000),
      rake_cap_minor bigint NOT NULL CHECK (rake_cap_minor >= 0),
      turn_ms integer NOT NULL CHECK (turn_ms BETWEEN 5000 AND 120000),
      min_buy_in_minor bigint NOT NULL CHECK (min_buy_in_minor >= boot_minor),
      max_buy_in_minor bigint NOT NULL CHECK (max_buy_in_minor >= min_buy_in_minor),
      seats integer NOT NULL CHECK (seats BETWEEN 2 AND 6),
      a23 text NOT NULL DEFAULT 'second' CHECK (a23 IN ('highest', 'second', 'lowest')),
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, tier_key, version)
    );

    CREATE TABLE pvp_table (
      id text PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      tier_key text NOT NULL,
      seats integer NOT NULL CHECK (seats BETWEEN 2 AND 6),
      hand_no integer NOT NULL DEFAULT 0,
      owner text,
      lease_until timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX pvp_table_tier ON pvp_table (merchant_code, tier_key);

    CREATE TABLE pvp_seat (
      table_id text NOT NULL REFERENCES pvp_table(id),
      seat_no integer NOT NULL,
      member_id integer NOT NULL REFERENCES member(id),
      merchant_code text NOT NULL,
      currency char(3) NOT NULL,
      nickname text NOT NULL,
      chips_minor bigint NOT NULL CHECK (chips_minor >= 0),
      connections integer NOT NULL DEFAULT 0 CHECK (connections >= 0),
      held_until timestamptz,
      joined_at timestamptz NOT NULL,
      PRIMARY KEY (table_id, seat_no),
      -- One PvP seat per member at a time: the table balance is one ledger account.
      UNIQUE (member_id)
    );

    CREATE TABLE pvp_hand (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      table_id text NOT NULL REFERENCES pvp_table(id),
      hand_no integer NOT NULL,
      state text NOT NULL CHECK (state IN ('playing', 'ended')),
      rule jsonb NOT NULL,
      server_seed text NOT NULL,
      commitment text NOT NULL,
      client_seed text NOT NULL,
      -- seat_no and member of each player, in turn order.
      members jsonb NOT NULL,
      game jsonb NOT NULL,
      step integer NOT NULL DEFAULT 0,
      turn_deadline timestamptz,
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      UNIQUE (table_id, hand_no)
    );
    CREATE UNIQUE INDEX pvp_hand_one_playing ON pvp_hand (table_id) WHERE state = 'playing';
  `.execute(db);
};
