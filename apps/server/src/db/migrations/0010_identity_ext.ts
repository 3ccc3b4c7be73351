import { type Kysely, sql } from 'kysely';

/**
 * Identity, third part (ADR 013): the IPs each member signed in from (new-IP verification,
 * LOGINIPVERF3), pending login challenges, Google/Facebook (OIDC) links and sign-in flows, and
 * the new audit events.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE member_known_ip (
      member_id integer NOT NULL REFERENCES member(id),
      ip text NOT NULL,
      first_seen_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      PRIMARY KEY (member_id, ip)
    );

    CREATE TABLE login_challenge (
      id_hash text PRIMARY KEY CHECK (id_hash ~ '^[0-9a-f]{64}$'),
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      ip text NOT NULL,
      channel text NOT NULL CHECK (channel IN ('sms', 'email')),
      code_hash text NOT NULL,
      remember boolean NOT NULL DEFAULT false,
      method text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX login_challenge_member ON login_challenge (member_id, created_at);
    CREATE INDEX login_challenge_expiry ON login_challenge (expires_at);

    CREATE TABLE member_social_link (
      merchant_code text NOT NULL REFERENCES merchant(code),
      provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
      subject text NOT NULL,
      member_id integer NOT NULL REFERENCES member(id),
      email text,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_code, provider, subject)
    );
    CREATE UNIQUE INDEX member_social_link_member ON member_social_link (member_id, provider);

    CREATE TABLE oidc_flow (
      id_hash text PRIMARY KEY CHECK (id_hash ~ '^[0-9a-f]{64}$'),
      merchant_code text NOT NULL REFERENCES merchant(code),
      provider text NOT NULL,
      state text NOT NULL,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      subject text,
      email text,
      name text,
      signed_in_at timestamptz,
      used_at timestamptz
    );
    CREATE INDEX oidc_flow_expiry ON oidc_flow (expires_at);

    ALTER TABLE identity_audit DROP CONSTRAINT identity_audit_event_check;
    ALTER TABLE identity_audit ADD CONSTRAINT identity_audit_event_check CHECK (event IN (
      'register', 'login.success', 'login.failure', 'login.locked', 'logout', 'password.change',
      'account.locked', 'password.reset', 'remember.reuse', 'login.challenge', 'social.link'
    ));
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE identity_audit DROP CONSTRAINT identity_audit_event_check;
    ALTER TABLE identity_audit ADD CONSTRAINT identity_audit_event_check CHECK (event IN (
      'register', 'login.success', 'login.failure', 'login.locked', 'logout', 'password.change',
      'account.locked', 'password.reset', 'remember.reuse'
    ));
    DROP TABLE oidc_flow, member_social_link, login_challenge, member_known_ip;
  `.execute(db);
};
