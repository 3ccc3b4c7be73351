import type { Db } from '../../shared/db';

/** Deposits and withdrawals of a set of members in [from, to), in minor units (the agent centre). */
export type MembersMoney = { deposits: bigint; withdrawals: bigint; depositors: number };

/**
 * Approved deposits (by decision time) and paid-out withdrawals (issued and not refunded, by the
 * time they were distributed) of the given members, summed: the agent centre's team overview.
 */
export const membersMoney = async (
  db: Db,
  memberIds: number[],
  from: Date,
  to: Date,
): Promise<MembersMoney> => {
  if (memberIds.length === 0) return { deposits: 0n, withdrawals: 0n, depositors: 0 };
  const [d, w] = await Promise.all([
    db
      .selectFrom('cashier_deposit')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'),
        eb.fn.count<string>('member_id').distinct().as('members'),
      ])
      .where('status', '=', 'approved')
      .where('member_id', 'in', memberIds)
      .where('decided_at', '>=', from)
      .where('decided_at', '<', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('cashier_withdrawal')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
      .where('status', '=', 'issued')
      .where('refund_entry_id', 'is', null)
      .where('member_id', 'in', memberIds)
      .where('distributed_at', '>=', from)
      .where('distributed_at', '<', to)
      .executeTakeFirstOrThrow(),
  ]);
  return { deposits: BigInt(d.total), withdrawals: BigInt(w.total), depositors: Number(d.members) };
};
