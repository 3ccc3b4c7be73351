import { type Kysely, sql } from 'kysely';

/**
 * Members, sessions, the per-account login throttle, the append-only identity audit and the
 * key pair that encrypted request bodies (JWE) are sealed to.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE member (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      username text NOT NULL,
      mobile text CHECK (mobile ~ '^\\+[1-9][0-9]{6,14}$'),
      email text,
      password_hash text,
      type smallint NOT NULL DEFAULT 0 CHECK (type IN (0, 1, 2, 4, 41, 42)),
      upline_id integer REFERENCES member(id),
      nickname text NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'locked')),
      password_changed_at timestamptz NOT NULL,
      must_change_password boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      last_login_at timestamptz,
      payee_name text,
      qq text,
      line text,
      whatsapp text,
      facebook text,
      wechat text,
      id_number text,
      recommender_id text,
      affiliate_code text,
      referral_code text,
      payment_password_hash text,
      register_ip text,
      register_domain text
    );
    CREATE UNIQUE INDEX member_username_key ON member (merchant_code, lower(username));
    CREATE UNIQUE INDEX member_mobile_key ON member (merchant_code, mobile) WHERE mobile IS NOT NULL;
    CREATE INDEX member_upline ON member (upline_id) WHERE upline_id IS NOT NULL;

    CREATE TABLE member_session (
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      member_id integer NOT NULL REFERENCES member(id),
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      ip text,
      user_agent text
    );
    CREATE INDEX member_session_live ON member_session (member_id) WHERE revoked_at IS NULL;

    CREATE TABLE login_throttle (
      merchant_code text NOT NULL REFERENCES merchant(code),
      subject text NOT NULL,
      failures integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_code, subject)
    );

    CREATE TABLE identity_audit (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL,
      merchant_code text NOT NULL,
      member_id integer,
      username text,
      event text NOT NULL CHECK (event IN (
        'register', 'login.success', 'login.failure', 'login.locked', 'logout', 'password.change', 'account.locked'
      )),
      ip text,
      user_agent text,
      detail jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX identity_audit_member ON identity_audit (member_id, at) WHERE member_id IS NOT NULL;

    CREATE TABLE identity_key (
      kid text PRIMARY KEY,
      public_jwk jsonb NOT NULL,
      private_jwk jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      retired_at timestamptz
    );
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TABLE identity_key, identity_audit, login_throttle, member_session, member;
  `.execute(db);
};
