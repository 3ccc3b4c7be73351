import { type Kysely, sql } from 'kysely';

/**
 * Identity, second part: the outbox of SMS and email, SMS verification codes, image captchas,
 * remember-me tokens, server secrets (human-verification HMAC keys, code HMAC key), used
 * proof-of-work payloads, the agents' own affiliate codes and the new audit events.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE member ADD COLUMN agent_code text CHECK (agent_code ~ '^[A-Za-z0-9]{4,16}$');
    CREATE UNIQUE INDEX member_agent_code_key ON member (merchant_code, upper(agent_code))
      WHERE agent_code IS NOT NULL;

    ALTER TABLE member_session ADD COLUMN remember_family text;

    CREATE TABLE outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('sms', 'email')),
      merchant_code text,
      recipient text NOT NULL,
      subject text,
      body text NOT NULL,
      purpose text,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX outbox_recipient ON outbox (recipient, id);

    CREATE TABLE verification_code (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      mobile text NOT NULL CHECK (mobile ~ '^\\+[1-9][0-9]{6,14}$'),
      purpose text NOT NULL CHECK (purpose IN ('register', 'login', 'reset')),
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      used_at timestamptz,
      delivered boolean NOT NULL
    );
    CREATE INDEX verification_code_number ON verification_code (merchant_code, mobile, created_at);

    CREATE TABLE captcha (
      id_hash text PRIMARY KEY CHECK (id_hash ~ '^[0-9a-f]{64}$'),
      merchant_code text NOT NULL,
      answer_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX captcha_expiry ON captcha (expires_at);

    CREATE TABLE remember_token (
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      family text NOT NULL,
      member_id integer NOT NULL REFERENCES member(id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX remember_token_member ON remember_token (member_id) WHERE revoked_at IS NULL;
    CREATE INDEX remember_token_family ON remember_token (family);

    CREATE TABLE identity_secret (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL
    );

    CREATE TABLE human_verification_used (
      signature_hash text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX human_verification_used_expiry ON human_verification_used (expires_at);

    ALTER TABLE identity_audit DROP CONSTRAINT identity_audit_event_check;
    ALTER TABLE identity_audit ADD CONSTRAINT identity_audit_event_check CHECK (event IN (
      'register', 'login.success', 'login.failure', 'login.locked', 'logout', 'password.change',
      'account.locked', 'password.reset', 'remember.reuse'
    ));
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE identity_audit DROP CONSTRAINT identity_audit_event_check;
    ALTER TABLE identity_audit ADD CONSTRAINT identity_audit_event_check CHECK (event IN (
      'register', 'login.success', 'login.failure', 'login.locked', 'logout', 'password.change', 'account.locked'
    ));
    DROP TABLE human_verification_used, identity_secret, remember_token, captcha, verification_code, outbox;
    ALTER TABLE member_session DROP COLUMN remember_family;
    DROP INDEX member_agent_code_key;
    ALTER TABLE member DROP COLUMN agent_code;
  `.execute(db);
};
