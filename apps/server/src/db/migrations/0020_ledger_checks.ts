import { type Kysely, sql } from 'kysely';

/**
 * The ledger's rules, checked once each instead of again and again
 * (docs/decisions/021-ledger-checks-once.md). Every rule stays; what changes is where it is
 * checked:
 *
 * - **An account's fixed columns are checked when the account is written.** The CHECK
 *   constraints on id, currency, kind, vendor, member and `guarded` were read, compiled and run on
 *   every balance update (PostgreSQL prepares every CHECK of a table for each statement that
 *   writes it), though none of those columns ever changes after the insert (`ledger_account_fixed`
 *   refuses it). They are now one BEFORE INSERT trigger, `ledger_account_valid`
 *   (modules/wallet/sql/), with the same rules. `balance >= 0 OR NOT guarded` stays a CHECK.
 * - **An entry's references are checked by the entry's commit-time check.** `journal_entry_balanced`
 *   already read each line's account; it now also refuses a line whose account does not exist or
 *   has another currency, and a line whose entry does not exist. The foreign keys that checked the
 *   same per row (line → account, line → entry, entry → merchant, which follows from its lines'
 *   accounts) are dropped: they ran a query per line and took a share lock on the merchant row,
 *   which every concurrent entry of a merchant contended for. Accounts and entries are never
 *   deleted nor re-keyed (append-only triggers), so what was checked at commit stays true.
 * - **A line is checked with its entry** (`journal_entry_balanced`, `ledger_post`: the wallet
 *   module's database code, modules/wallet/sql/, ADR 025).
 * - **The entry's formats without counted repetition.** `id ~ '^[0-9a-f-]{36}$'` becomes
 *   `length(id) = 36 AND id ~ '^[0-9a-f-]+$'` (the same strings): PostgreSQL's regular expressions
 *   build a matcher state per counted character on every match, so `{64}` cost 64 of them per
 *   insert.
 */
const GUARDED_KINDS = `'member_main', 'member_vendor', 'pending_withdrawal', 'agent_commission'`;

export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE ledger_account
      DROP CONSTRAINT ledger_account_id_check,
      DROP CONSTRAINT ledger_account_currency_check,
      DROP CONSTRAINT ledger_account_kind_check,
      DROP CONSTRAINT ledger_account_vendor_code_check,
      DROP CONSTRAINT ledger_account_check,
      DROP CONSTRAINT ledger_account_check2,
      DROP CONSTRAINT ledger_account_check3;

    -- The same formats, without counted repetition: PostgreSQL's regular expressions build a state
    -- per counted character on every match, so {64} made each insert run 64 of them.
    ALTER TABLE journal_entry
      DROP CONSTRAINT journal_entry_id_check,
      DROP CONSTRAINT journal_entry_kind_check,
      DROP CONSTRAINT journal_entry_request_hash_check,
      ADD CONSTRAINT journal_entry_id_check CHECK (length(id) = 36 AND id ~ '^[0-9a-f-]+$'),
      ADD CONSTRAINT journal_entry_kind_check CHECK (length(kind) <= 40 AND kind ~ '^[a-z][a-z0-9_.]*$'),
      ADD CONSTRAINT journal_entry_request_hash_check CHECK (length(request_hash) = 64 AND request_hash ~ '^[0-9a-f]+$');

    ALTER TABLE journal_line
      DROP CONSTRAINT journal_line_account_id_currency_fkey,
      DROP CONSTRAINT journal_line_entry_id_fkey;
    ALTER TABLE journal_entry DROP CONSTRAINT journal_entry_merchant_code_fkey;
  `.execute(db);
};

/** The table changes only: the database code follows its files (ADR 025). */
export const down = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE journal_entry ADD CONSTRAINT journal_entry_merchant_code_fkey
      FOREIGN KEY (merchant_code) REFERENCES merchant(code);
    ALTER TABLE journal_entry
      DROP CONSTRAINT journal_entry_id_check,
      DROP CONSTRAINT journal_entry_kind_check,
      DROP CONSTRAINT journal_entry_request_hash_check,
      ADD CONSTRAINT journal_entry_id_check CHECK (id ~ '^[0-9a-f-]{36}$'),
      ADD CONSTRAINT journal_entry_kind_check CHECK (kind ~ '^[a-z][a-z0-9_.]{0,39}$'),
      ADD CONSTRAINT journal_entry_request_hash_check CHECK (request_hash ~ '^[0-9a-f]{64}$');
    ALTER TABLE journal_line
      ADD CONSTRAINT journal_line_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES journal_entry(id),
      ADD CONSTRAINT journal_line_account_id_currency_fkey
        FOREIGN KEY (account_id, currency) REFERENCES ledger_account(id, currency);

    ALTER TABLE ledger_account
      ADD CONSTRAINT ledger_account_id_check CHECK (id ~ '^[0-9a-f-]{36}$'),
      ADD CONSTRAINT ledger_account_currency_check CHECK (currency ~ '^[A-Z]{3}$'),
      ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN (
        ${sql.raw(GUARDED_KINDS)}, 'house', 'payment_clearing', 'bonus', 'jackpot'
      )),
      ADD CONSTRAINT ledger_account_vendor_code_check CHECK (vendor_code ~ '^[A-Z0-9_]{1,40}$'),
      ADD CONSTRAINT ledger_account_check CHECK (guarded = (kind IN (${sql.raw(GUARDED_KINDS)}))),
      ADD CONSTRAINT ledger_account_check2 CHECK ((member_id IS NOT NULL) = (kind IN (${sql.raw(GUARDED_KINDS)}))),
      ADD CONSTRAINT ledger_account_check3 CHECK ((vendor_code IS NOT NULL) = (kind = 'member_vendor'));
  `.execute(db);
};
