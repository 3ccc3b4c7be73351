import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The cashier's half of an erasure (issue 16, docs/decisions/057), in protection's transaction.
 * - `contact`: what is not a financial record: the payment password and the saved payout account
 *   (channel and number). The payee name stays: the licence retains it for AML (ADR 052).
 * - `all` (the retention is over): the payee name too, and the withdrawals' payee and account
 *   number and the deposit receipts' images. Amounts, dates and ledger entries are never touched.
 */
export const eraseCashierPersonalData = async (
  trx: Kysely<DB>,
  memberId: number,
  part: 'contact' | 'all',
  at: Date,
) => {
  await trx
    .updateTable('cashier_member')
    .set({
      pay_password_hash: null,
      pay_password_set_at: null,
      payout_channel: null,
      payout_number: null,
      payout_updated_at: null,
      ...(part === 'all' ? { payee_name: null } : {}),
    })
    .where('member_id', '=', memberId)
    .execute();
  if (part !== 'all') return;
  await trx
    .updateTable('cashier_withdrawal')
    .set({ payee_name: 'erased', number: 'erased' })
    .where('member_id', '=', memberId)
    .execute();
  await trx
    .updateTable('cashier_upload')
    .set({ bytes: new Uint8Array(0), erased_at: at })
    .where('member_id', '=', memberId)
    .where('erased_at', 'is', null)
    .execute();
};
