import { type Kysely, sql } from 'kysely';

/**
 * Player protection (issue 16, docs/decisions/030-player-protection.md):
 * - `protection_member`: one row per member the protection module has seen; the row every
 *   counted movement locks first (so limits are checked and counted one movement at a time),
 *   the member's time-out or self-exclusion (`restriction`, `restricted_until`: null = permanent),
 *   the reality-check interval and the current play session (started, last play, net result).
 * - `protection_limit`: the member's limits by kind and period; `amount` is in force, a pending
 *   increase or removal waits for `pending_from` (end of the cooling-off) and the member's
 *   confirmation before `pending_until`.
 * - `protection_usage`: counted deposits, wagers and net losses per member, kind and hour
 *   (rolling windows are sums of the hours inside them).
 * - `protection_event`: what members and staff did (limits, pauses, reality checks shown).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE protection_member (
      member_id integer PRIMARY KEY REFERENCES member(id),
      restriction text NOT NULL DEFAULT 'none' CHECK (restriction IN ('none', 'timeout', 'self_exclusion')),
      restricted_at timestamptz,
      restricted_until timestamptz,
      all_merchants boolean NOT NULL DEFAULT false,
      reality_minutes integer CHECK (reality_minutes BETWEEN 10 AND 480),
      play_started_at timestamptz,
      play_last_at timestamptz,
      play_net_minor bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX protection_member_restricted ON protection_member (restriction, restricted_at)
      WHERE restriction <> 'none';

    CREATE TABLE protection_limit (
      member_id integer NOT NULL REFERENCES member(id),
      kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager', 'session')),
      period text NOT NULL CHECK (period IN ('day', 'week', 'month', 'session')),
      amount bigint CHECK (amount > 0),
      pending_action text CHECK (pending_action IN ('raise', 'remove')),
      pending_amount bigint CHECK (pending_amount > 0),
      pending_from timestamptz,
      pending_until timestamptz,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (member_id, kind, period),
      CHECK ((kind = 'session') = (period = 'session'))
    );

    CREATE TABLE protection_usage (
      member_id integer NOT NULL REFERENCES member(id),
      kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager')),
      hour timestamptz NOT NULL,
      amount bigint NOT NULL,
      PRIMARY KEY (member_id, kind, hour)
    );

    CREATE TABLE protection_event (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      action text NOT NULL,
      detail jsonb NOT NULL DEFAULT '{}',
      staff_id integer REFERENCES staff(id),
      at timestamptz NOT NULL
    );
    CREATE INDEX protection_event_merchant ON protection_event (merchant_code, action, at);
    CREATE INDEX protection_event_member ON protection_event (member_id, at);
  `.execute(db);
};
