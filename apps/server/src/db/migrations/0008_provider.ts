import { type Kysely, sql } from 'kysely';

/**
 * The seamless-wallet provider API (docs/decisions/010-provider-api.md): per merchant+vendor
 * secrets, player sessions handed to vendors at launch, every vendor transaction (the
 * idempotency record and the tombstones of rolled-back bets that never arrived) and the vendor
 * rounds' protocol state.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE provider_vendor (
      merchant_code text NOT NULL REFERENCES merchant(code),
      vendor_code text NOT NULL CHECK (vendor_code ~ '^[A-Z0-9_]{1,40}$'),
      -- The HMAC secret shared with the vendor. Never logged, never sent in an answer.
      secret text NOT NULL CHECK (length(secret) >= 32),
      -- The vendor's game page; null: the built-in vendor simulator (demo mode only).
      launch_url text,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_code, vendor_code)
    );

    CREATE TABLE provider_session (
      -- Hex SHA-256 of the token the vendor authenticates with; the raw token is never stored.
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      merchant_code text NOT NULL REFERENCES merchant(code),
      vendor_code text NOT NULL,
      member_id integer NOT NULL REFERENCES member(id),
      game_node_id text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX provider_session_expiry ON provider_session (expires_at);

    CREATE TABLE provider_round (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f-]{36}$'),
      merchant_code text NOT NULL REFERENCES merchant(code),
      vendor_code text NOT NULL,
      external_round_id text NOT NULL,
      member_id integer NOT NULL REFERENCES member(id),
      game_node_id text NOT NULL,
      currency text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'cancelled')),
      -- Bets applied and not rolled back, and wins credited, in minor units.
      stake bigint NOT NULL DEFAULT 0 CHECK (stake >= 0),
      payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
      -- Whether any result (a win, even of 0) was received.
      has_result boolean NOT NULL DEFAULT false,
      -- The player-facing round record (game_round) this round is mirrored to, when written.
      game_round_id text,
      opened_at timestamptz NOT NULL,
      last_activity_at timestamptz NOT NULL,
      closed_at timestamptz,
      UNIQUE (merchant_code, vendor_code, external_round_id)
    );
    CREATE INDEX provider_round_open ON provider_round (last_activity_at) WHERE status = 'open';

    CREATE TABLE provider_tx (
      merchant_code text NOT NULL REFERENCES merchant(code),
      vendor_code text NOT NULL,
      -- The vendor's transaction id: the idempotency key of the call.
      tx_id text NOT NULL CHECK (length(tx_id) BETWEEN 1 AND 100),
      action text NOT NULL CHECK (action IN ('bet', 'win', 'rollback', 'endRound')),
      member_id integer NOT NULL REFERENCES member(id),
      round_id text NOT NULL,
      ref_tx_id text,
      amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      -- SHA-256 of the call's data; null only on a tombstone whose bet has not arrived yet.
      request_hash text CHECK (request_hash ~ '^[0-9a-f]{64}$'),
      -- applied: money moved (or nothing to move); refused: a final refusal, stored so a repeat
      -- gets it again; tombstone: a rollback named this bet before it arrived; rolled_back: an
      -- applied bet that was refunded.
      state text NOT NULL CHECK (state IN ('applied', 'refused', 'tombstone', 'rolled_back')),
      -- The answer given the first time, given again to every repeat.
      answer jsonb NOT NULL,
      entry_id text REFERENCES journal_entry(id),
      refund_entry_id text REFERENCES journal_entry(id),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_code, vendor_code, tx_id),
      CHECK (state <> 'tombstone' OR action = 'bet')
    );
    CREATE INDEX provider_tx_round ON provider_tx (merchant_code, vendor_code, round_id);
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TABLE provider_tx;
    DROP TABLE provider_round;
    DROP TABLE provider_session;
    DROP TABLE provider_vendor;
  `.execute(db);
};
