import { type Kysely, sql } from 'kysely';

/**
 * The ledger (docs/decisions/007-ledger.md): accounts with their balance, journal entries and
 * their lines. Entries and lines are append-only; every entry's lines sum to zero per currency
 * (checked at commit by a deferred constraint trigger); guarded accounts never go negative.
 * The triggers and their functions are the wallet module's database code (modules/wallet/sql/).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE ledger_account (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f-]{36}$'),
      merchant_code text NOT NULL REFERENCES merchant(code),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      kind text NOT NULL CHECK (kind IN (
        'member_main', 'member_vendor', 'pending_withdrawal', 'agent_commission',
        'house', 'payment_clearing', 'bonus'
      )),
      member_id integer REFERENCES member(id),
      vendor_code text CHECK (vendor_code ~ '^[A-Z0-9_]{1,40}$'),
      -- One account per owner: 'main:<member>', 'vendor:<member>:<code>', 'house', ...
      owner_key text NOT NULL,
      -- Guarded accounts hold somebody's money and may never go negative; the others are the
      -- operator's own counter-accounts and go negative by design.
      guarded boolean NOT NULL,
      balance bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      UNIQUE (merchant_code, currency, owner_key),
      UNIQUE (id, currency),
      CHECK (guarded = (kind IN ('member_main', 'member_vendor', 'pending_withdrawal', 'agent_commission'))),
      CHECK (balance >= 0 OR NOT guarded),
      CHECK ((member_id IS NOT NULL) = (kind IN ('member_main', 'member_vendor', 'pending_withdrawal', 'agent_commission'))),
      CHECK ((vendor_code IS NOT NULL) = (kind = 'member_vendor'))
    );
    CREATE INDEX ledger_account_member ON ledger_account (member_id) WHERE member_id IS NOT NULL;

    CREATE TABLE journal_entry (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f-]{36}$'),
      merchant_code text NOT NULL REFERENCES merchant(code),
      idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
      kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_.]{0,39}$'),
      -- SHA-256 of the canonical request (kind, reverses, lines): a repeat of the key with
      -- another request is a conflict.
      request_hash text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
      reverses text REFERENCES journal_entry(id),
      metadata jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL,
      UNIQUE (merchant_code, idempotency_key)
    );
    CREATE UNIQUE INDEX journal_entry_reversed_once ON journal_entry (reverses) WHERE reverses IS NOT NULL;

    CREATE TABLE journal_line (
      entry_id text NOT NULL REFERENCES journal_entry(id),
      line_no smallint NOT NULL CHECK (line_no >= 0),
      account_id text NOT NULL,
      currency text NOT NULL,
      amount bigint NOT NULL CHECK (amount <> 0),
      -- The account's balance right after this entry (the account row was locked).
      balance_after bigint NOT NULL,
      PRIMARY KEY (entry_id, line_no),
      UNIQUE (entry_id, account_id),
      FOREIGN KEY (account_id, currency) REFERENCES ledger_account(id, currency)
    );
    CREATE INDEX journal_line_account ON journal_line (account_id);
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TABLE journal_line, journal_entry, ledger_account;
  `.execute(db);
};
