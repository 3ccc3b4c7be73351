-- The commit-time check of an entry (docs/decisions/007-ledger.md, 021, 022): at least two lines,
-- every line's account exists, in the line's currency, of the entry's merchant, and the lines sum
-- to zero per currency. Deferred to commit, for an entry written any way but `ledger_post` and for
-- every line but those `ledger_post` writes with its entry: `ledger_post` proves its own entry and
-- keeps its id in the transaction-local setting `khela.ledger_entry` while it writes (the WHEN of
-- both triggers). A line's check checks its entry, whatever transaction wrote the entry.
CREATE OR REPLACE FUNCTION journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry text;
  merchant text;
  line_count bigint;
  several_currencies boolean;
  total numeric;
  bad_account boolean;
  unbalanced boolean;
BEGIN
  IF TG_TABLE_NAME = 'journal_line' THEN
    entry := NEW.entry_id;
    SELECT e.merchant_code INTO merchant FROM journal_entry e WHERE e.id = entry;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'journal line of entry % that does not exist', entry USING ERRCODE = 'check_violation';
    END IF;
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
CREATE CONSTRAINT TRIGGER journal_entry_balanced AFTER INSERT ON journal_entry
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.id IS DISTINCT FROM current_setting('khela.ledger_entry', true))
  EXECUTE FUNCTION journal_entry_balanced('id');
CREATE CONSTRAINT TRIGGER journal_line_balanced AFTER INSERT ON journal_line
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.entry_id IS DISTINCT FROM current_setting('khela.ledger_entry', true))
  EXECUTE FUNCTION journal_entry_balanced('entry_id');
