import { type Kysely, sql } from 'kysely';

/**
 * Games, second part (issue 7 gaps; docs/decisions/009 and 010):
 * - `provider_launch_token`: the single-use, 60-second token a third-party vendor's launch URL
 *   carries. The vendor's `authenticate` exchanges it once for the 12-hour vendor session
 *   (`provider_session`); the session token itself never appears in a URL.
 * - `game_round.feature_pending`: true on an in-house round whose outcome left free spins to play
 *   (the member's last round of that game). It counts as an unfinished game for #734 and the
 *   sweeper plays the feature out after 24 h idle. Back-filled from the recorded outcomes.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE provider_launch_token (
      -- Hex SHA-256 of the token in the launch URL; the raw token is never stored.
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      merchant_code text NOT NULL REFERENCES merchant(code),
      vendor_code text NOT NULL,
      member_id integer NOT NULL REFERENCES member(id),
      game_node_id text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      -- Set by the one authenticate that exchanged it.
      used_at timestamptz
    );
    CREATE INDEX provider_launch_token_expiry ON provider_launch_token (expires_at);

    ALTER TABLE game_round ADD COLUMN feature_pending boolean NOT NULL DEFAULT false;
    CREATE INDEX game_round_feature_pending ON game_round (member_id, updated_at) WHERE feature_pending;

    UPDATE game_round r SET feature_pending = true
    WHERE r.server_seed_id IS NOT NULL
      AND r.mode = 'real'
      AND coalesce((r.result -> 'nextState' ->> 'freeSpinsRemaining')::int, 0) > 0
      AND NOT EXISTS (
        SELECT 1 FROM game_round n
        WHERE n.member_id = r.member_id
          AND n.mode = 'real'
          AND n.game_node_id = r.game_node_id
          AND n.server_seed_id IS NOT NULL
          AND n.id <> r.id
          AND (n.opened_at > r.opened_at OR (n.opened_at = r.opened_at AND n.nonce > r.nonce))
      );
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP INDEX game_round_feature_pending;
    ALTER TABLE game_round DROP COLUMN feature_pending;
    DROP TABLE provider_launch_token;
  `.execute(db);
};
