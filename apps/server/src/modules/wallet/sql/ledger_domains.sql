-- The journal's formats as domains, not CHECK constraints (docs/decisions/022-ledger-post-checks-its-entry.md):
-- PostgreSQL parses, plans and compiles every CHECK of a table from its catalogue text for each
-- statement that writes it; a domain's check is kept compiled in the type cache. The columns of
-- journal_entry and journal_line take these types (migration 0021).
--
-- Applied before the migrations (a table may use them) and idempotent: a domain is created when
-- missing and its check is replaced in place when this file changes (PostgreSQL checks every
-- stored value again then). Its base type changes only through a migration (a new domain).
DO $$
BEGIN
  CREATE DOMAIN ledger_entry_id AS text;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
ALTER DOMAIN ledger_entry_id DROP CONSTRAINT IF EXISTS ledger_entry_id_check;
ALTER DOMAIN ledger_entry_id ADD CONSTRAINT ledger_entry_id_check
  CHECK (length(VALUE) = 36 AND VALUE ~ '^[0-9a-f-]+$');

DO $$
BEGIN
  CREATE DOMAIN ledger_idempotency_key AS text;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
ALTER DOMAIN ledger_idempotency_key DROP CONSTRAINT IF EXISTS ledger_idempotency_key_check;
ALTER DOMAIN ledger_idempotency_key ADD CONSTRAINT ledger_idempotency_key_check
  CHECK (length(VALUE) BETWEEN 1 AND 200);

DO $$
BEGIN
  CREATE DOMAIN ledger_kind AS text;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
ALTER DOMAIN ledger_kind DROP CONSTRAINT IF EXISTS ledger_kind_check;
ALTER DOMAIN ledger_kind ADD CONSTRAINT ledger_kind_check
  CHECK (length(VALUE) <= 40 AND VALUE ~ '^[a-z][a-z0-9_.]*$');

DO $$
BEGIN
  CREATE DOMAIN ledger_request_hash AS text;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
ALTER DOMAIN ledger_request_hash DROP CONSTRAINT IF EXISTS ledger_request_hash_check;
ALTER DOMAIN ledger_request_hash ADD CONSTRAINT ledger_request_hash_check
  CHECK (length(VALUE) = 64 AND VALUE ~ '^[0-9a-f]+$');

DO $$
BEGIN
  CREATE DOMAIN ledger_amount AS bigint;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
ALTER DOMAIN ledger_amount DROP CONSTRAINT IF EXISTS ledger_amount_check;
ALTER DOMAIN ledger_amount ADD CONSTRAINT ledger_amount_check CHECK (VALUE <> 0);

DO $$
BEGIN
  CREATE DOMAIN ledger_line_no AS smallint;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
ALTER DOMAIN ledger_line_no DROP CONSTRAINT IF EXISTS ledger_line_no_check;
ALTER DOMAIN ledger_line_no ADD CONSTRAINT ledger_line_no_check CHECK (VALUE >= 0);
