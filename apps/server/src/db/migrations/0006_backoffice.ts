import { type Kysely, sql } from 'kysely';

/**
 * The operator back office: staff accounts (separate from members), their sessions, member
 * notes and the append-only, hash-chained staff audit log with its chain head.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE staff (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      username text NOT NULL CHECK (username ~ '^[a-z0-9_.-]{3,32}$'),
      password_hash text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'finance', 'support', 'content', 'risk')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      totp_secret text,
      totp_pending_secret text,
      enrol_token_hash text,
      enrol_expires_at timestamptz,
      totp_last_step bigint NOT NULL DEFAULT 0,
      failures integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX staff_username_key ON staff (username);

    CREATE TABLE staff_session (
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      staff_id integer NOT NULL REFERENCES staff(id),
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      ip text
    );
    CREATE INDEX staff_session_live ON staff_session (staff_id) WHERE revoked_at IS NULL;

    CREATE TABLE member_note (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id integer NOT NULL REFERENCES member(id),
      staff_id integer NOT NULL REFERENCES staff(id),
      body text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX member_note_member ON member_note (member_id, created_at);

    CREATE TABLE bo_audit (
      id bigint PRIMARY KEY,
      at timestamptz NOT NULL,
      staff_id integer,
      staff_username text,
      action text NOT NULL,
      target text,
      before jsonb,
      after jsonb,
      ip text,
      request_id text,
      prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
      hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
    );
    CREATE INDEX bo_audit_at ON bo_audit (at);
    CREATE INDEX bo_audit_staff ON bo_audit (staff_id, at);
    CREATE INDEX bo_audit_action ON bo_audit (action, at);

    -- The chain head: locked FOR UPDATE by every insert so the chain stays linear.
    CREATE TABLE bo_audit_head (
      id smallint PRIMARY KEY CHECK (id = 1),
      last_id bigint NOT NULL,
      hash text NOT NULL
    );
    INSERT INTO bo_audit_head (id, last_id, hash) VALUES (1, 0, repeat('0', 64));
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TABLE bo_audit_head, bo_audit, member_note, staff_session, staff;
  `.execute(db);
};
