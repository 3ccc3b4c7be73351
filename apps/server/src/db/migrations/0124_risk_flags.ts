import { type Kysely, sql } from 'kysely';

/**
 * Risk flags and their queue (issue 16, docs/decisions/054): one row per member, kind and key
 * (the shared payout account, the shared device, the deposit of a rapid cycle), found by the
 * `protection.risk` scan; staff clear or confirm an open flag with a note (audited). A flag found
 * again keeps its decision and only moves `last_seen_at`.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE protection_risk_flag (
      id serial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      kind text NOT NULL CHECK (kind IN ('sharedPayout', 'sharedDevice', 'rapidCycle')),
      key text NOT NULL,
      detail jsonb NOT NULL,
      first_seen_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'cleared', 'confirmed')),
      decided_by integer REFERENCES staff(id),
      decided_at timestamptz,
      note text,
      UNIQUE (member_id, kind, key)
    );
    CREATE INDEX protection_risk_flag_queue ON protection_risk_flag (merchant_code, status, first_seen_at);
  `.execute(db);
};
