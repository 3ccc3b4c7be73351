import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { Db } from '../../shared/db';

/**
 * Approved deposits per member, decided in [from, to): for loyalty's VIP requirements and
 * deposit missions (docs/decisions/037). Members without any are left out of the map. Pass
 * `within` to read inside the caller's transaction.
 */
export const createMemberDepositTotals =
  (db: Kysely<DB>) =>
  async (q: { memberIds: number[]; from: Date; to: Date }, within: Db = db): Promise<Map<number, bigint>> => {
    const out = new Map<number, bigint>();
    if (q.memberIds.length === 0) return out;
    const rows = await within
      .selectFrom('cashier_deposit')
      .select(['member_id', sql<string>`sum(amount)`.as('total')])
      .where('status', '=', 'approved')
      .where('member_id', 'in', q.memberIds)
      .where('decided_at', '>=', q.from)
      .where('decided_at', '<', q.to)
      .groupBy('member_id')
      .execute();
    for (const r of rows) out.set(r.member_id, BigInt(r.total));
    return out;
  };
