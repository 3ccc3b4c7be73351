import { type Kysely, sql } from 'kysely';

/**
 * Identity, fourth part (ADR 015): new-IP verification offers every method the member has (SMS
 * code, email code, payout account holder name, authenticator code), so a held login no longer
 * carries a code from the start; members may enrol an authenticator app (TOTP); the new audit
 * events.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE login_challenge DROP CONSTRAINT IF EXISTS login_challenge_channel_check;
    ALTER TABLE login_challenge ALTER COLUMN channel DROP NOT NULL;
    ALTER TABLE login_challenge ALTER COLUMN code_hash DROP NOT NULL;
    ALTER TABLE login_challenge ADD CONSTRAINT login_challenge_channel_check
      CHECK (channel IS NULL OR channel IN ('sms', 'email'));
    ALTER TABLE login_challenge ADD COLUMN methods jsonb NOT NULL DEFAULT '[]'::jsonb;
    ALTER TABLE login_challenge ADD COLUMN code_sent_at timestamptz;
    UPDATE login_challenge SET methods = jsonb_build_array(channel), code_sent_at = created_at
      WHERE channel IS NOT NULL;
    CREATE INDEX login_challenge_sent ON login_challenge (member_id, code_sent_at)
      WHERE code_sent_at IS NOT NULL;

    CREATE TABLE member_totp (
      member_id integer PRIMARY KEY REFERENCES member(id),
      secret text CHECK (secret ~ '^[A-Z2-7]{16,64}$'),
      enabled_at timestamptz,
      last_step bigint NOT NULL DEFAULT 0,
      pending_secret text CHECK (pending_secret ~ '^[A-Z2-7]{16,64}$'),
      pending_expires_at timestamptz,
      updated_at timestamptz NOT NULL,
      CHECK ((secret IS NULL) = (enabled_at IS NULL))
    );

    ALTER TABLE identity_audit DROP CONSTRAINT identity_audit_event_check;
    ALTER TABLE identity_audit ADD CONSTRAINT identity_audit_event_check CHECK (event IN (
      'register', 'login.success', 'login.failure', 'login.locked', 'logout', 'password.change',
      'account.locked', 'password.reset', 'remember.reuse', 'login.challenge', 'social.link',
      'totp.enable', 'totp.disable'
    ));
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE identity_audit DROP CONSTRAINT identity_audit_event_check;
    ALTER TABLE identity_audit ADD CONSTRAINT identity_audit_event_check CHECK (event IN (
      'register', 'login.success', 'login.failure', 'login.locked', 'logout', 'password.change',
      'account.locked', 'password.reset', 'remember.reuse', 'login.challenge', 'social.link'
    ));
    DROP TABLE member_totp;
    DELETE FROM login_challenge WHERE channel IS NULL OR code_hash IS NULL;
    DROP INDEX login_challenge_sent;
    ALTER TABLE login_challenge DROP COLUMN code_sent_at;
    ALTER TABLE login_challenge DROP COLUMN methods;
    ALTER TABLE login_challenge DROP CONSTRAINT login_challenge_channel_check;
    ALTER TABLE login_challenge ALTER COLUMN code_hash SET NOT NULL;
    ALTER TABLE login_challenge ALTER COLUMN channel SET NOT NULL;
    ALTER TABLE login_challenge ADD CONSTRAINT login_challenge_channel_check
      CHECK (channel IN ('sms', 'email'));
  `.execute(db);
};
