import { type Kysely, sql } from 'kysely';

/**
 * Playing games (docs/decisions/009-games-launch-rounds-jackpot.md):
 * - `game_round`: every round of every game, in-house or third-party. Third-party rounds are
 *   written through apps/server/src/modules/games/rounds.ts (`openOrGetRound`, `addToRound`,
 *   `settleRound`, `cancelRound`); in-house rounds are opened and settled in the transaction of
 *   their ledger entry. Betting record, recall, recent games and the winner board read it.
 * - `game_server_seed`: provably fair server seeds (committed by hash, revealed on rotation).
 * - `game_launch_token`: single-use launch tokens (stored hashed, TTL <= 60 s).
 * - `game_session`: the game page's session, bound to member, game and mode (real or play money).
 * - `games_setting`: per merchant: jackpot share, seed, on/off; the winner-board threshold.
 * - ledger accounts of kind `jackpot`: the progressive pool per merchant and currency.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check;
    ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN (
      'member_main', 'member_vendor', 'pending_withdrawal', 'agent_commission',
      'house', 'payment_clearing', 'bonus', 'jackpot'
    ));

    CREATE TABLE games_setting (
      merchant_code text PRIMARY KEY REFERENCES merchant(code),
      -- Share of every in-house stake paid into the pool, in basis points (0..1000 = 0..10 %).
      jackpot_share_bp integer NOT NULL DEFAULT 100 CHECK (jackpot_share_bp BETWEEN 0 AND 1000),
      -- What the house puts into an empty pool (at first use and after every payout), minor units.
      jackpot_seed_minor bigint NOT NULL DEFAULT 0 CHECK (jackpot_seed_minor >= 0),
      jackpot_enabled boolean NOT NULL DEFAULT true,
      -- The jackpot hits when a uniform draw in [0, odds) is 0 on a paid spin; null: the engine's default.
      jackpot_odds integer CHECK (jackpot_odds BETWEEN 2 AND 1000000000),
      -- A settled round paying at least this much (minor units) goes on the winner board.
      big_win_min_minor bigint NOT NULL DEFAULT 0 CHECK (big_win_min_minor >= 0),
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE game_session (
      id uuid PRIMARY KEY,
      token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer REFERENCES member(id),
      node_id text NOT NULL REFERENCES game(node_id),
      vendor_code text NOT NULL,
      game_type text NOT NULL,
      mode text NOT NULL CHECK (mode IN ('real', 'demo')),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      language text NOT NULL,
      -- Play money of a free-play session; never in the ledger.
      demo_balance_minor bigint CHECK (demo_balance_minor >= 0),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      CHECK ((mode = 'demo') = (demo_balance_minor IS NOT NULL)),
      CHECK (mode = 'demo' OR member_id IS NOT NULL)
    );
    CREATE INDEX game_session_member ON game_session (member_id) WHERE member_id IS NOT NULL;

    CREATE TABLE game_launch_token (
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer REFERENCES member(id),
      node_id text NOT NULL REFERENCES game(node_id),
      vendor_code text NOT NULL,
      game_type text NOT NULL,
      mode text NOT NULL CHECK (mode IN ('real', 'demo')),
      language text NOT NULL,
      platform text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      session_id uuid REFERENCES game_session(id),
      CHECK (mode = 'demo' OR member_id IS NOT NULL)
    );
    CREATE INDEX game_launch_token_expiry ON game_launch_token (expires_at);

    CREATE TABLE game_server_seed (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      -- A member's seed pair (real play) or a free-play session's.
      member_id integer REFERENCES member(id),
      session_id uuid REFERENCES game_session(id),
      server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
      -- SHA-256 of the server seed, shown before play.
      commitment text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
      client_seed text NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 64),
      next_nonce bigint NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
      created_at timestamptz NOT NULL,
      revealed_at timestamptz,
      CHECK ((member_id IS NULL) <> (session_id IS NULL))
    );
    CREATE UNIQUE INDEX game_server_seed_member_active ON game_server_seed (member_id)
      WHERE revealed_at IS NULL AND member_id IS NOT NULL;
    CREATE UNIQUE INDEX game_server_seed_session_active ON game_server_seed (session_id)
      WHERE revealed_at IS NULL AND session_id IS NOT NULL;

    CREATE TABLE game_round (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      -- Null only for a visitor's free-play round.
      member_id integer REFERENCES member(id),
      mode text NOT NULL DEFAULT 'real' CHECK (mode IN ('real', 'demo')),
      vendor_code text NOT NULL,
      game_node_id text REFERENCES game(node_id),
      game_type text NOT NULL,
      -- The vendor's round id; null for in-house rounds.
      external_round_id text CHECK (length(external_round_id) BETWEEN 1 AND 200),
      status text NOT NULL CHECK (status IN ('open', 'settled', 'cancelled')),
      stake_minor bigint NOT NULL DEFAULT 0 CHECK (stake_minor >= 0),
      payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
      balance_before_minor bigint,
      balance_after_minor bigint,
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      opened_at timestamptz NOT NULL,
      -- Last bet, win or state change: the sweeper reconciles rounds idle >= 24 h.
      updated_at timestamptz NOT NULL,
      settled_at timestamptz,
      -- In-house rounds: the provably fair inputs and the engine's outcome.
      session_id uuid REFERENCES game_session(id),
      request_id text CHECK (length(request_id) BETWEEN 1 AND 100),
      server_seed_id uuid REFERENCES game_server_seed(id),
      client_seed text,
      nonce bigint,
      bet jsonb,
      result jsonb,
      jackpot_contribution_minor bigint NOT NULL DEFAULT 0 CHECK (jackpot_contribution_minor >= 0),
      jackpot_win_minor bigint NOT NULL DEFAULT 0 CHECK (jackpot_win_minor >= 0),
      ledger_entry_id text REFERENCES journal_entry(id),
      cancel_reason text,
      CHECK (mode = 'demo' OR member_id IS NOT NULL),
      CHECK ((status = 'open') = (settled_at IS NULL))
    );
    CREATE UNIQUE INDEX game_round_external ON game_round (merchant_code, vendor_code, external_round_id)
      WHERE external_round_id IS NOT NULL;
    -- A client's round request id is used once per member (real) or per session (free play).
    CREATE UNIQUE INDEX game_round_request_member ON game_round (member_id, request_id)
      WHERE request_id IS NOT NULL AND mode = 'real';
    CREATE UNIQUE INDEX game_round_request_session ON game_round (session_id, request_id)
      WHERE request_id IS NOT NULL AND mode = 'demo';
    CREATE INDEX game_round_member ON game_round (member_id, opened_at DESC) WHERE mode = 'real';
    CREATE INDEX game_round_member_game ON game_round (member_id, game_node_id, opened_at DESC);
    CREATE INDEX game_round_open ON game_round (updated_at) WHERE status = 'open';
    CREATE INDEX game_round_search ON game_round (merchant_code, opened_at DESC);
    CREATE INDEX game_round_seed ON game_round (server_seed_id) WHERE server_seed_id IS NOT NULL;
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TABLE game_round, game_server_seed, game_launch_token, game_session, games_setting;
    ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check;
    ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN (
      'member_main', 'member_vendor', 'pending_withdrawal', 'agent_commission',
      'house', 'payment_clearing', 'bonus'
    ));
  `.execute(db);
};
