import { type Kysely, sql } from 'kysely';

/**
 * Erasure reaches the cashier (issue 16, docs/decisions/057): a deposit receipt or withdrawal proof
 * image is emptied once the member's AML retention is over; the row stays (deposits and
 * withdrawals refer to it) with `erased_at` set and no bytes.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE cashier_upload ADD COLUMN erased_at timestamptz;
    ALTER TABLE cashier_upload DROP CONSTRAINT cashier_upload_bytes_check;
    ALTER TABLE cashier_upload ADD CONSTRAINT cashier_upload_bytes_check
      CHECK (octet_length(bytes) BETWEEN 1 AND 5242880 OR (erased_at IS NOT NULL AND octet_length(bytes) = 0));
  `.execute(db);
};
