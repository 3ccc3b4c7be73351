import { type Kysely, sql } from 'kysely';
import { ledgerPostFunction } from './0017_ledger_post';
import { journalEntryBalanced0019 } from './0019_wallet_transfer';

/**
 * The ledger's rules, checked once each instead of again and again
 * (docs/decisions/021-ledger-checks-once.md). Every rule stays; what changes is where it is
 * checked:
 *
 * - **An account's fixed columns are checked when the account is written.** The CHECK
 *   constraints on id, currency, kind, vendor, member and `guarded` were read, compiled and run on
 *   every balance update (PostgreSQL prepares every CHECK of a table for each statement that
 *   writes it), though none of those columns ever changes after the insert (`ledger_account_fixed`
 *   refuses it). They are now one BEFORE INSERT trigger, `ledger_account_valid`, with the same
 *   rules. `balance >= 0 OR NOT guarded` stays a CHECK: the balance is what changes.
 * - **An entry's references are checked by the entry's commit-time check.** `journal_entry_balanced`
 *   already read each line's account; it now also refuses a line whose account does not exist or
 *   has another currency, and a line whose entry does not exist. The foreign keys that checked the
 *   same per row (line → account, line → entry, entry → merchant, which follows from its lines'
 *   accounts) are dropped: they ran a query per line and took a share lock on the merchant row,
 *   which every concurrent entry of a merchant contended for. Accounts and entries are never
 *   deleted nor re-keyed (append-only triggers), so what was checked at commit stays true.
 * - **A line is checked with its entry.** `ledger_post` keeps the new entry's id in the
 *   transaction-local setting `khela.ledger_entry`; a line of that entry queues no check of its own
 *   (`WHEN` on `journal_line_balanced`), because the entry, written in the same transaction, is
 *   checked at commit with all its lines. Every other line (another entry, or written any other
 *   way) is checked at commit as before. The entry's check is one query instead of two (and no
 *   join: an entry's own check has the entry in hand).
 * - **The entry's formats without counted repetition.** `id ~ '^[0-9a-f-]{36}$'` becomes
 *   `length(id) = 36 AND id ~ '^[0-9a-f-]+$'` (the same strings): PostgreSQL's regular expressions
 *   build a matcher state per counted character on every match, so `{64}` cost 64 of them per
 *   insert.
 */
const GUARDED_KINDS = `'member_main', 'member_vendor', 'pending_withdrawal', 'agent_commission'`;

/**
 * The commit-time check as this migration writes it (`lineTrustsItsTransaction`: a line written in
 * the same (sub)transaction as its entry is left to the entry's own check), and as 0021 writes it
 * (every line's check checks its entry: the entry `ledger_post` writes queues no check of its own).
 */
export const journalEntryBalancedFunction = ({
  lineTrustsItsTransaction,
}: {
  lineTrustsItsTransaction: boolean;
}) =>
  sql.raw(`
    CREATE OR REPLACE FUNCTION journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      entry text;
      merchant text;${lineTrustsItsTransaction ? '\n      same_transaction boolean;' : ''}
      line_count bigint;
      several_currencies boolean;
      total numeric;
      bad_account boolean;
      unbalanced boolean;
    BEGIN
      IF TG_TABLE_NAME = 'journal_line' THEN
        entry := NEW.entry_id;${
          lineTrustsItsTransaction
            ? `
        SELECT l.xmin = e.xmin, e.merchant_code INTO same_transaction, merchant
          FROM journal_entry e JOIN journal_line l ON l.entry_id = e.id
          WHERE e.id = entry AND l.line_no = NEW.line_no;`
            : `
        SELECT e.merchant_code INTO merchant FROM journal_entry e WHERE e.id = entry;`
        }
        IF NOT FOUND THEN
          RAISE EXCEPTION 'journal line of entry % that does not exist', entry USING ERRCODE = 'check_violation';
        END IF;${
          lineTrustsItsTransaction
            ? `
        -- A line written in the same (sub)transaction as its entry: the entry's check covers it.
        IF same_transaction THEN
          RETURN NULL;
        END IF;`
            : ''
        }
      ELSE
        entry := NEW.id;
        merchant := NEW.merchant_code;
      END IF;
      -- Each line's account by its key, never a scan of the accounts: it must exist, in the line's
      -- currency, and be of the entry's merchant. Lines in one currency (nearly every entry) sum to
      -- zero in this same query; several currencies are summed per currency.
      SELECT count(*), min(l.currency) <> max(l.currency), sum(l.amount),
          coalesce(bool_or((SELECT a.merchant_code FROM ledger_account a
                            WHERE a.id = l.account_id AND a.currency = l.currency) IS DISTINCT FROM merchant), false)
        INTO line_count, several_currencies, total, bad_account
        FROM journal_line l WHERE l.entry_id = entry;
      IF line_count < 2 THEN
        RAISE EXCEPTION 'journal entry % has fewer than two lines', entry USING ERRCODE = 'check_violation';
      END IF;
      IF bad_account THEN
        RAISE EXCEPTION 'journal entry % moves an account that is missing, of another currency or of another merchant', entry
          USING ERRCODE = 'check_violation';
      END IF;
      IF several_currencies THEN
        unbalanced := EXISTS (SELECT 1 FROM journal_line WHERE entry_id = entry GROUP BY currency HAVING sum(amount) <> 0);
      ELSE
        unbalanced := total <> 0;
      END IF;
      IF unbalanced THEN
        RAISE EXCEPTION 'journal entry % does not sum to zero', entry USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END;
    $$;
`);

export const journalEntryBalanced0020 = journalEntryBalancedFunction({ lineTrustsItsTransaction: true });

export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE FUNCTION ledger_account_valid() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- The CHECK constraints of 0005 and 0007, for the columns that never change after this.
      IF NOT (NEW.id ~ '^[0-9a-f-]{36}$') OR NOT (NEW.currency ~ '^[A-Z]{3}$')
         OR NEW.kind NOT IN (${sql.raw(GUARDED_KINDS)}, 'house', 'payment_clearing', 'bonus', 'jackpot')
         OR NEW.vendor_code !~ '^[A-Z0-9_]{1,40}$'
         OR NEW.guarded <> (NEW.kind IN (${sql.raw(GUARDED_KINDS)}))
         OR (NEW.member_id IS NOT NULL) <> (NEW.kind IN (${sql.raw(GUARDED_KINDS)}))
         OR (NEW.vendor_code IS NOT NULL) <> (NEW.kind = 'member_vendor') THEN
        RAISE EXCEPTION 'ledger account % breaks a rule of its kind', NEW.id USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER ledger_account_valid BEFORE INSERT ON ledger_account
      FOR EACH ROW EXECUTE FUNCTION ledger_account_valid();
    ALTER TABLE ledger_account
      DROP CONSTRAINT ledger_account_id_check,
      DROP CONSTRAINT ledger_account_currency_check,
      DROP CONSTRAINT ledger_account_kind_check,
      DROP CONSTRAINT ledger_account_vendor_code_check,
      DROP CONSTRAINT ledger_account_check,
      DROP CONSTRAINT ledger_account_check2,
      DROP CONSTRAINT ledger_account_check3;

    ${journalEntryBalanced0020}

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

    ${ledgerPostFunction({ markEntry: true })}
    ALTER FUNCTION ledger_post(text, text, text, text, text, text, jsonb, timestamptz, text[], bigint[])
      SET plan_cache_mode = force_generic_plan;

    DROP TRIGGER journal_line_balanced ON journal_line;
    CREATE CONSTRAINT TRIGGER journal_line_balanced AFTER INSERT ON journal_line
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (NEW.entry_id IS DISTINCT FROM current_setting('khela.ledger_entry', true))
      EXECUTE FUNCTION journal_entry_balanced('entry_id');
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    DROP TRIGGER journal_line_balanced ON journal_line;
    CREATE CONSTRAINT TRIGGER journal_line_balanced AFTER INSERT ON journal_line
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced('entry_id');

    ${ledgerPostFunction({ markEntry: false })}
    ALTER FUNCTION ledger_post(text, text, text, text, text, text, jsonb, timestamptz, text[], bigint[])
      SET plan_cache_mode = force_generic_plan;

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

    ${journalEntryBalanced0019}

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
    DROP TRIGGER ledger_account_valid ON ledger_account;
    DROP FUNCTION ledger_account_valid();
  `.execute(db);
};
