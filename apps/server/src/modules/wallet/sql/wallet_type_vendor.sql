-- The vendor of each wallet type, kept beside `vendor` (docs/decisions/023-wallet-type-vendor.md):
-- the enabled vendor whose wallet has this account type, the first by code, one narrow row per
-- account type, which `wallet_transfer` reads instead of scanning `vendor`. A statement-level
-- trigger on `vendor` writes it again after every change of `vendor`, in the changing
-- transaction, so a transfer reads the same answer the query over `vendor` gives.
CREATE OR REPLACE FUNCTION wallet_type_vendor_sync() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One refresh at a time: a second waits for the first to commit, and its statements then see
  -- that change too (each statement of READ COMMITTED takes a new snapshot). Readers never wait.
  LOCK TABLE wallet_type_vendor IN EXCLUSIVE MODE;
  DELETE FROM wallet_type_vendor w
    WHERE NOT EXISTS (SELECT 1 FROM vendor v WHERE v.account_type_id = w.account_type_id AND v.enabled);
  INSERT INTO wallet_type_vendor (account_type_id, vendor_code)
    SELECT DISTINCT ON (v.account_type_id) v.account_type_id, v.code FROM vendor v
    WHERE v.enabled ORDER BY v.account_type_id, v.code
  ON CONFLICT (account_type_id) DO UPDATE SET vendor_code = EXCLUDED.vendor_code
    WHERE wallet_type_vendor.vendor_code IS DISTINCT FROM EXCLUDED.vendor_code;
END;
$$;
CREATE OR REPLACE FUNCTION wallet_type_vendor_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_type_vendor_sync();
  RETURN NULL;
END;
$$;
CREATE TRIGGER vendor_wallet_types AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_type_vendor_refresh();
-- Up to date now: on a fresh database the trigger is made after the migrations, which may have
-- written vendors.
SELECT wallet_type_vendor_sync();
