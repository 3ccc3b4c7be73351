-- Only the balance of an account ever changes. The trigger fires only for updates that name
-- another column: an update that sets nothing but the balance cannot change another column (there
-- is no other BEFORE UPDATE trigger on the table), so it runs no PL/pgSQL call per balance change
-- (docs/decisions/020-wallet-transfer-throughput.md).
CREATE OR REPLACE FUNCTION ledger_account_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.merchant_code, NEW.currency, NEW.kind, NEW.member_id, NEW.vendor_code,
      NEW.owner_key, NEW.guarded, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.merchant_code, OLD.currency, OLD.kind, OLD.member_id, OLD.vendor_code,
      OLD.owner_key, OLD.guarded, OLD.created_at) THEN
    RAISE EXCEPTION 'only the balance of a ledger account changes' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_account_fixed
  BEFORE UPDATE OF id, merchant_code, currency, kind, member_id, vendor_code, owner_key, guarded, created_at
  ON ledger_account FOR EACH ROW EXECUTE FUNCTION ledger_account_fixed();
