import { type Kysely, sql } from 'kysely';
import {
  LEDGER_POST_ARGS,
  LEDGER_POST_HEAD,
  LEDGER_POST_REPLAY,
  ledgerPostFunction,
} from './0017_ledger_post';
import { journalEntryBalanced0020, journalEntryBalancedFunction } from './0020_ledger_checks';

/**
 * An entry that `ledger_post` writes is checked by `ledger_post`, in the same statement
 * (docs/decisions/022-ledger-post-checks-its-entry.md). Every rule of the ledger stays:
 *
 * - **`ledger_post` proves its own entry.** It locks and moves each account by its key, in
 *   account-id order (a guarded update, then the account's currency from the row it moved), refuses
 *   fewer than two lines, an account twice, an account missing or of another merchant, and lines
 *   that do not sum to zero per currency, then writes the lines with their account's currency. That
 *   is everything the commit-time check (`journal_entry_balanced`) would find, so the entry and its
 *   lines queue none: the id is kept in `khela.ledger_entry` while they are written (the `WHEN` of
 *   both triggers), then the setting is cleared. A line added afterwards to that entry, in the same
 *   transaction or later, queues its own check as any other line does; the line check no longer
 *   assumes that an entry of the same transaction was checked on its own.
 * - **The row locks and balance moves are keyed updates, one per account**, not a lock query and a joined
 *   update: the joined update was planned once for all accounts (a hash join over a scan of
 *   `ledger_account`), the lock query counted what it locked. No `plan_cache_mode` setting is
 *   needed for keyed statements, so the function no longer switches it on every call.
 * - **The journal's formats are domains**, not CHECK constraints: PostgreSQL parses, plans and
 *   compiles every CHECK of a table from its catalogue text for each statement that writes it; a
 *   domain's check is kept compiled in the type cache. The formats are the same (`ledger_entry_id`,
 *   `ledger_idempotency_key`, `ledger_kind`, `ledger_request_hash`, `ledger_amount`,
 *   `ledger_line_no`). `balance >= 0 OR NOT guarded` stays a CHECK of `ledger_account`: it spans
 *   two columns, and it is the database's own guard against a negative balance.
 */
const ledgerPost0021 = sql`
${sql.raw(LEDGER_POST_HEAD)}
    DECLARE
      first_entry journal_entry%ROWTYPE;
      n integer := coalesce(cardinality(p_accounts), 0);
      ord integer[];
      k integer;
      j integer;
      currencies text[];
      balances bigint[];
      v_currency text;
      v_balance bigint;
      several_currencies boolean := false;
      unbalanced boolean;
      total bigint := 0;
      posted jsonb := '[]';
    BEGIN
      -- The entry and its lines are proved here, so they queue no commit-time check (the WHEN of
      -- journal_entry_balanced and journal_line_balanced); the setting is cleared once they are.
      PERFORM set_config('khela.ledger_entry', p_id, true);
      INSERT INTO journal_entry (id, merchant_code, idempotency_key, kind, request_hash, reverses, metadata, created_at)
      VALUES (p_id, p_merchant, p_key, p_kind, p_hash, p_reverses, p_metadata, p_at)
      ON CONFLICT (merchant_code, idempotency_key) DO NOTHING;
      IF NOT FOUND THEN
        PERFORM set_config('khela.ledger_entry', '', true);
${sql.raw(LEDGER_POST_REPLAY)}
      END IF;
      IF n < 2 OR n <> coalesce(cardinality(p_amounts), 0) THEN
        RAISE EXCEPTION 'an entry has two lines or more, one amount per account' USING ERRCODE = 'KH500';
      END IF;

      -- The lines in account-id order (an insertion sort: an entry has a few lines), so that every
      -- entry locks its accounts in one global order.
      ord := array_fill(0, ARRAY[n]);
      FOR k IN 1 .. n LOOP
        j := k - 1;
        WHILE j >= 1 AND p_accounts[ord[j]] > p_accounts[k] LOOP
          ord[j + 1] := ord[j];
          j := j - 1;
        END LOOP;
        IF j >= 1 AND p_accounts[ord[j]] = p_accounts[k] THEN
          RAISE EXCEPTION 'an entry moves each account once' USING ERRCODE = 'KH500';
        END IF;
        ord[j + 1] := k;
      END LOOP;

      currencies := array_fill(NULL::text, ARRAY[n]);
      balances := array_fill(NULL::bigint, ARRAY[n]);
      FOREACH k IN ARRAY ord LOOP
        UPDATE ledger_account SET balance = balance + p_amounts[k]
          WHERE id = p_accounts[k] AND merchant_code = p_merchant
            AND (NOT guarded OR balance + p_amounts[k] >= 0)
          RETURNING currency, balance INTO v_currency, v_balance;
        IF NOT FOUND THEN
          IF EXISTS (SELECT 1 FROM ledger_account WHERE id = p_accounts[k] AND merchant_code = p_merchant) THEN
            RAISE EXCEPTION 'a guarded account would go negative' USING ERRCODE = 'KH409';
          END IF;
          RAISE EXCEPTION 'an entry moves existing accounts of its own merchant only' USING ERRCODE = 'KH500';
        END IF;
        currencies[k] := v_currency;
        balances[k] := v_balance;
        total := total + p_amounts[k];
        several_currencies := several_currencies OR v_currency <> currencies[ord[1]];
      END LOOP;
      -- Lines in one currency (nearly every entry) sum to zero; several are summed per currency.
      IF several_currencies THEN
        unbalanced := EXISTS (SELECT 1 FROM unnest(currencies, p_amounts) AS l(currency, amount)
                              GROUP BY l.currency HAVING sum(l.amount) <> 0);
      ELSE
        unbalanced := total <> 0;
      END IF;
      IF unbalanced THEN
        RAISE EXCEPTION 'the lines of an entry sum to zero per currency' USING ERRCODE = 'KH500';
      END IF;

      INSERT INTO journal_line (entry_id, line_no, account_id, currency, amount, balance_after)
      SELECT p_id, (l.ord - 1)::smallint, l.account_id, l.currency, l.amount, l.balance
      FROM unnest(p_accounts, currencies, p_amounts, balances) WITH ORDINALITY AS l(account_id, currency, amount, balance, ord);
      PERFORM set_config('khela.ledger_entry', '', true);

      FOR k IN 1 .. n LOOP
        posted := posted || jsonb_build_array(jsonb_build_array(p_accounts[k], currencies[k], p_amounts[k]::text, balances[k]::text));
      END LOOP;
      RETURN jsonb_build_object('status', 'posted', 'lines', posted);
    END;
    $$;
`;

/**
 * The commit-time check: for an entry written any way but `ledger_post`, and for every line but
 * those `ledger_post` writes with its entry. A line's check checks its entry, whatever
 * transaction wrote the entry.
 */
const journalEntryBalanced0021 = journalEntryBalancedFunction({ lineTrustsItsTransaction: false });

export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE DOMAIN ledger_entry_id AS text CHECK (length(VALUE) = 36 AND VALUE ~ '^[0-9a-f-]+$');
    CREATE DOMAIN ledger_idempotency_key AS text CHECK (length(VALUE) BETWEEN 1 AND 200);
    CREATE DOMAIN ledger_kind AS text CHECK (length(VALUE) <= 40 AND VALUE ~ '^[a-z][a-z0-9_.]*$');
    CREATE DOMAIN ledger_request_hash AS text CHECK (length(VALUE) = 64 AND VALUE ~ '^[0-9a-f]+$');
    CREATE DOMAIN ledger_amount AS bigint CHECK (VALUE <> 0);
    CREATE DOMAIN ledger_line_no AS smallint CHECK (VALUE >= 0);

    DROP TRIGGER journal_entry_balanced ON journal_entry;
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

    ${journalEntryBalanced0021}
    CREATE CONSTRAINT TRIGGER journal_entry_balanced AFTER INSERT ON journal_entry
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (NEW.id IS DISTINCT FROM current_setting('khela.ledger_entry', true))
      EXECUTE FUNCTION journal_entry_balanced('id');

    ${ledgerPost0021}
    ALTER FUNCTION ledger_post(${sql.raw(LEDGER_POST_ARGS)}) RESET plan_cache_mode;
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    ${ledgerPostFunction({ markEntry: true })}
    ALTER FUNCTION ledger_post(${sql.raw(LEDGER_POST_ARGS)}) SET plan_cache_mode = force_generic_plan;

    DROP TRIGGER journal_entry_balanced ON journal_entry;
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
    ${journalEntryBalanced0020}
    CREATE CONSTRAINT TRIGGER journal_entry_balanced AFTER INSERT ON journal_entry
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced('id');

    DROP DOMAIN ledger_entry_id, ledger_idempotency_key, ledger_kind, ledger_request_hash, ledger_amount, ledger_line_no;
  `.execute(db);
};
