import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/**
 * The members among `otherIds` whose bound payout account (channel and number) is also the
 * member's, or who withdrew to a number the member withdrew to: referral's abuse check
 * (docs/decisions/048).
 */
export const membersSharingPayoutWith = async (
  db: Db,
  memberId: number,
  otherIds: readonly number[],
): Promise<Set<number>> => {
  if (otherIds.length === 0) return new Set();
  const ids = sql.join(otherIds.map((id) => sql`${id}`));
  const rows = await sql<{ member_id: number }>`
    WITH accounts AS (
      SELECT member_id, payout_channel AS channel, payout_number AS number FROM cashier_member
        WHERE payout_number IS NOT NULL AND (member_id = ${memberId} OR member_id IN (${ids}))
      UNION
      SELECT member_id, channel, number FROM cashier_withdrawal
        WHERE member_id = ${memberId} OR member_id IN (${ids})
    )
    SELECT DISTINCT o.member_id FROM accounts o
      JOIN accounts m ON m.member_id = ${memberId} AND m.channel = o.channel AND m.number = o.number
    WHERE o.member_id <> ${memberId}
  `.execute(db);
  return new Set(rows.rows.map((r) => Number(r.member_id)));
};
