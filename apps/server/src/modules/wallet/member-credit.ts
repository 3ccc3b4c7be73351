import type { Db } from '../../shared/db';

/**
 * What the entries of the given idempotency keys moved on the member's main wallet, summed
 * (0 when none exists). The games module's round proof compares it with a round's payout.
 */
export const memberCreditOf = async (db: Db, memberId: number, keys: readonly string[]) => {
  if (keys.length === 0) return 0n;
  const row = await db
    .selectFrom('journal_entry as e')
    .innerJoin('journal_line as l', 'l.entry_id', 'e.id')
    .innerJoin('ledger_account as a', 'a.id', 'l.account_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('l.amount'), eb.val('0')).as('total'))
    .where('e.idempotency_key', 'in', [...keys])
    .where('a.owner_key', '=', `main:${memberId}`)
    .executeTakeFirst();
  return BigInt(row?.total ?? '0');
};
