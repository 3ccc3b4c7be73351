import { type Kysely, sql } from 'kysely';
import { VENDOR_OF_TYPE_0019, walletTransferFunction } from './0019_wallet_transfer';

/**
 * The vendor of each wallet type, kept beside `vendor` (docs/decisions/023-wallet-type-vendor.md).
 *
 * `wallet_transfer` checks on every call that the vendor the caller built the entry for is still
 * the enabled vendor whose wallet has this account type (the first by code). Read from `vendor`,
 * that is a scan of every vendor row (PostgreSQL's planner prefers it to any index on so small a
 * table) and most of the transfer's own work outside `ledger_post`. `wallet_type_vendor` holds the
 * answer per account type, one narrow row each; a statement-level trigger on `vendor` writes it
 * again after every change of `vendor`, in the changing transaction, so a transfer reads the same
 * answer the query over `vendor` gives, in every transaction. Concurrent changes of `vendor` take
 * their turns on the table's lock, the later one computing from both (the back office and the
 * catalogue import write `vendor` in READ COMMITTED transactions).
 */
const REFRESH = `
      DELETE FROM wallet_type_vendor w
        WHERE NOT EXISTS (SELECT 1 FROM vendor v WHERE v.account_type_id = w.account_type_id AND v.enabled);
      INSERT INTO wallet_type_vendor (account_type_id, vendor_code)
        SELECT DISTINCT ON (v.account_type_id) v.account_type_id, v.code FROM vendor v
        WHERE v.enabled ORDER BY v.account_type_id, v.code
      ON CONFLICT (account_type_id) DO UPDATE SET vendor_code = EXCLUDED.vendor_code
        WHERE wallet_type_vendor.vendor_code IS DISTINCT FROM EXCLUDED.vendor_code;`;

const VENDOR_OF_TYPE_0022 = `      SELECT w.vendor_code INTO v_code FROM wallet_type_vendor w WHERE w.account_type_id = p_vendor_type;`;

export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE wallet_type_vendor (
      account_type_id integer PRIMARY KEY,
      vendor_code text NOT NULL
    );
    CREATE FUNCTION wallet_type_vendor_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- One refresh at a time: a second waits for the first to commit, and its statements then see
      -- that change too (each statement of READ COMMITTED takes a new snapshot). Readers never wait.
      LOCK TABLE wallet_type_vendor IN EXCLUSIVE MODE;${sql.raw(REFRESH)}
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER vendor_wallet_types AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor
      FOR EACH STATEMENT EXECUTE FUNCTION wallet_type_vendor_refresh();
    ${sql.raw(REFRESH)}

    ${walletTransferFunction(VENDOR_OF_TYPE_0022)}
  `.execute(db);
};

export const down = async (db: Kysely<unknown>) => {
  await sql`
    ${walletTransferFunction(VENDOR_OF_TYPE_0019)}
    DROP TRIGGER vendor_wallet_types ON vendor;
    DROP FUNCTION wallet_type_vendor_refresh();
    DROP TABLE wallet_type_vendor;
  `.execute(db);
};
