-- An account's fixed columns are checked when the account is written
-- (docs/decisions/021-ledger-checks-once.md): what were CHECK constraints on id, currency, kind,
-- vendor, member and `guarded` (run on every balance update) is one BEFORE INSERT trigger, since
-- none of those columns ever changes after the insert (ledger_account_fixed refuses it).
-- `balance >= 0 OR NOT guarded` stays a CHECK of the table: the balance is what changes.
CREATE OR REPLACE FUNCTION ledger_account_valid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The CHECK constraints of 0005 and 0007, for the columns that never change after this.
  IF NOT (NEW.id ~ '^[0-9a-f-]{36}$') OR NOT (NEW.currency ~ '^[A-Z]{3}$')
     OR NEW.kind NOT IN ('member_main', 'member_vendor', 'pending_withdrawal', 'agent_commission', 'member_bonus', 'member_table', 'house', 'payment_clearing', 'bonus', 'jackpot', 'table_pot')
     OR NEW.vendor_code !~ '^[A-Z0-9_]{1,40}$'
     OR NEW.guarded <> (NEW.kind IN ('member_main', 'member_vendor', 'pending_withdrawal', 'agent_commission', 'member_bonus', 'member_table'))
     OR (NEW.member_id IS NOT NULL) <> (NEW.kind IN ('member_main', 'member_vendor', 'pending_withdrawal', 'agent_commission', 'member_bonus', 'member_table'))
     OR (NEW.vendor_code IS NOT NULL) <> (NEW.kind = 'member_vendor') THEN
    RAISE EXCEPTION 'ledger account % breaks a rule of its kind', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_account_valid BEFORE INSERT ON ledger_account
  FOR EACH ROW EXECUTE FUNCTION ledger_account_valid();
