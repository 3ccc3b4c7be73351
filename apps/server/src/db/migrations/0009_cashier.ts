import { type Kysely, sql } from 'kysely';

/**
 * The cashier (issue 6): deposit channels and requests, payment password and payout account,
 * withdrawals with their timeline, uploads (receipts, proofs), per-merchant withdrawal settings,
 * payment-gateway events. Money itself only ever moves in the ledger (0005); these rows say why.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE cashier_setting (
      merchant_code text PRIMARY KEY REFERENCES merchant(code),
      withdraw_min bigint NOT NULL CHECK (withdraw_min > 0),
      withdraw_max bigint NOT NULL CHECK (withdraw_max >= withdraw_min),
      auto_confirm_minutes integer NOT NULL CHECK (auto_confirm_minutes BETWEEN 1 AND 10080),
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE cashier_channel (
      id serial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchant(code),
      code text NOT NULL CHECK (code IN ('BKASH', 'NAGAD', 'ROCKET', 'BANK', 'UPI', 'IMPS')),
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('manual', 'gateway')),
      gateway text CHECK (gateway ~ '^[a-z0-9_]{1,20}$'),
      account_name text NOT NULL DEFAULT '',
      account_number text NOT NULL DEFAULT '',
      bank_details text NOT NULL DEFAULT '',
      qr_payload text,
      instructions text NOT NULL DEFAULT '',
      min_amount bigint NOT NULL CHECK (min_amount > 0),
      max_amount bigint NOT NULL CHECK (max_amount >= min_amount),
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL,
      CHECK ((kind = 'gateway') = (gateway IS NOT NULL))
    );
    CREATE INDEX cashier_channel_merchant ON cashier_channel (merchant_code, sort);

    -- Receipt and proof images of members: private (never under /media), PNG or JPEG, ≤ 5 MB.
    CREATE TABLE cashier_upload (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f-]{36}$'),
      member_id integer NOT NULL REFERENCES member(id),
      mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
      bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 5242880),
      sha256 text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX cashier_upload_member ON cashier_upload (member_id);

    CREATE TABLE cashier_deposit (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f-]{36}$'),
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      channel_id integer NOT NULL REFERENCES cashier_channel(id),
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      reference text NOT NULL,
      receipt_id text REFERENCES cashier_upload(id),
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
      reason text,
      client_key text NOT NULL,
      request_hash text NOT NULL,
      gateway text,
      gateway_ref text,
      entry_id text REFERENCES journal_entry(id),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      decided_by text,
      UNIQUE (member_id, client_key),
      -- Approved exactly when credited.
      CHECK ((status = 'approved') = (entry_id IS NOT NULL))
    );
    CREATE INDEX cashier_deposit_queue ON cashier_deposit (merchant_code, status, created_at);
    CREATE INDEX cashier_deposit_member ON cashier_deposit (member_id, created_at);
    -- A payment reference (TrxID/UTR) is claimed once per channel unless that claim was rejected.
    CREATE UNIQUE INDEX cashier_deposit_reference ON cashier_deposit (merchant_code, channel_id, reference)
      WHERE status <> 'rejected';
    CREATE UNIQUE INDEX cashier_deposit_gateway_ref ON cashier_deposit (gateway, gateway_ref)
      WHERE gateway_ref IS NOT NULL;

    -- One row per member who set a payment password or bound a payout account.
    CREATE TABLE cashier_member (
      member_id integer PRIMARY KEY REFERENCES member(id),
      pay_password_hash text,
      pay_password_set_at timestamptz,
      pay_failures integer NOT NULL DEFAULT 0,
      pay_locked_until timestamptz,
      payee_name text,
      payout_channel text,
      payout_number text,
      payout_updated_at timestamptz
    );

    CREATE TABLE cashier_withdrawal (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f-]{36}$'),
      merchant_code text NOT NULL REFERENCES merchant(code),
      member_id integer NOT NULL REFERENCES member(id),
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      payee_name text NOT NULL,
      channel text NOT NULL,
      number text NOT NULL,
      status text NOT NULL CHECK (status IN ('in_process', 'approved', 'issued', 'rejected')),
      confirmation text CHECK (confirmation IN
        ('distributed', 'received', 'not_received', 'all_received', 'auto_received', 'forced')),
      reason text,
      proof_id text REFERENCES cashier_upload(id),
      client_key text NOT NULL,
      request_hash text NOT NULL,
      hold_entry_id text NOT NULL REFERENCES journal_entry(id),
      settle_entry_id text REFERENCES journal_entry(id),
      -- A refund after a payment that never arrived (finance): clearing → main.
      refund_entry_id text REFERENCES journal_entry(id),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      distributed_at timestamptz,
      UNIQUE (member_id, client_key),
      CHECK ((status IN ('issued', 'rejected')) = (settle_entry_id IS NOT NULL)),
      CHECK ((confirmation IS NOT NULL) = (status = 'issued' OR (status = 'rejected' AND distributed_at IS NOT NULL)))
    );
    CREATE INDEX cashier_withdrawal_queue ON cashier_withdrawal (merchant_code, status, created_at);
    CREATE INDEX cashier_withdrawal_member ON cashier_withdrawal (member_id, created_at);
    CREATE INDEX cashier_withdrawal_waiting ON cashier_withdrawal (distributed_at)
      WHERE confirmation = 'distributed';

    CREATE TABLE cashier_withdrawal_event (
      id serial PRIMARY KEY,
      withdrawal_id text NOT NULL REFERENCES cashier_withdrawal(id),
      at timestamptz NOT NULL,
      status text NOT NULL,
      confirmation text,
      note text,
      actor text NOT NULL CHECK (actor IN ('member', 'finance', 'system'))
    );
    CREATE INDEX cashier_withdrawal_event_of ON cashier_withdrawal_event (withdrawal_id, id);

    -- Each gateway notification once: a duplicate (retry) finds its row and changes nothing.
    CREATE TABLE cashier_gateway_event (
      gateway text NOT NULL,
      event_id text NOT NULL,
      deposit_id text NOT NULL,
      outcome text NOT NULL,
      received_at timestamptz NOT NULL,
      PRIMARY KEY (gateway, event_id)
    );
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TABLE cashier_gateway_event, cashier_withdrawal_event, cashier_withdrawal, cashier_member,
      cashier_deposit, cashier_upload, cashier_channel, cashier_setting;
  `.execute(db);
};
