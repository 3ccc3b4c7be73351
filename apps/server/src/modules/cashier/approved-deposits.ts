import type { Db } from '../../shared/db';

/** An approved (credited) deposit, for promotions that a deposit qualifies for. */
export type ApprovedDeposit = { id: string; amount: bigint; approvedAt: Date };

/** A member's approved deposits, oldest first (the first one is the member's first deposit). */
export const approvedDepositsOf = async (db: Db, memberId: number): Promise<ApprovedDeposit[]> => {
  const rows = await db
    .selectFrom('cashier_deposit')
    .select(['id', 'amount', 'decided_at', 'created_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'approved')
    .orderBy('decided_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    amount: BigInt(r.amount),
    approvedAt: new Date(r.decided_at ?? r.created_at),
  }));
};
