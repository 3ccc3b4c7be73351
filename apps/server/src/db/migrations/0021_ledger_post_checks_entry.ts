import { type Kysely, sql } from 'kysely';

/**
 * The journal's formats as domains (docs/decisions/022-ledger-post-checks-its-entry.md): the
 * columns of `journal_entry` and `journal_line` take the domains of modules/wallet/sql/ledger_domains.sql
 * (applied before the migrations, ADR 025) instead of their CHECK constraints. PostgreSQL parses,
 * plans and compiles every CHECK of a table from its catalogue text for each statement that writes
 * it; a domain's check is kept compiled in the type cache. The formats are the same.
 * `ledger_post` proving its own entry, and the commit-time check's triggers, are the wallet
 * module's database code (modules/wallet/sql/).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE journal_entry
      DROP CONSTRAINT journal_entry_id_check,
      DROP CONSTRAINT journal_entry_idempotency_key_check,
      DROP CONSTRAINT journal_entry_kind_check,
      DROP CONSTRAINT journal_entry_request_hash_check,
      ALTER COLUMN id TYPE ledger_entry_id,
      ALTER COLUMN idempotency_key TYPE ledger_idempotency_key,
      ALTER COLUMN kind TYPE ledger_kind,
      ALTER COLUMN request_hash TYPE ledger_request_hash;
    ALTER TABLE journal_line
      DROP CONSTRAINT journal_line_amount_check,
      DROP CONSTRAINT journal_line_line_no_check,
      ALTER COLUMN amount TYPE ledger_amount,
      ALTER COLUMN line_no TYPE ledger_line_no;
  `.execute(db);
};

/**
 * The table changes only. The commit-time check's trigger on `journal_entry` names `id` in its
 * WHEN, which keeps the column's type fixed, so it is dropped first; the next migration run makes
 * it again (the migrator applies a sql/ file whose definitions are missing).
 */
export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TRIGGER IF EXISTS journal_entry_balanced ON journal_entry;
    ALTER TABLE journal_line
      ALTER COLUMN amount TYPE bigint,
      ALTER COLUMN line_no TYPE smallint,
      ADD CONSTRAINT journal_line_amount_check CHECK (amount <> 0),
      ADD CONSTRAINT journal_line_line_no_check CHECK (line_no >= 0);
    ALTER TABLE journal_entry
      ALTER COLUMN id TYPE text,
      ALTER COLUMN idempotency_key TYPE text,
      ALTER COLUMN kind TYPE text,
      ALTER COLUMN request_hash TYPE text,
      ADD CONSTRAINT journal_entry_id_check CHECK (length(id) = 36 AND id ~ '^[0-9a-f-]+$'),
      ADD CONSTRAINT journal_entry_idempotency_key_check CHECK (length(idempotency_key) BETWEEN 1 AND 200),
      ADD CONSTRAINT journal_entry_kind_check CHECK (length(kind) <= 40 AND kind ~ '^[a-z][a-z0-9_.]*$'),
      ADD CONSTRAINT journal_entry_request_hash_check CHECK (length(request_hash) = 64 AND request_hash ~ '^[0-9a-f]+$');
  `.execute(db);
};
