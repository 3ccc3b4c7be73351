import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The inbox's half of an erasure (issue 16, docs/decisions/057), in protection's transaction: what
 * the member wrote (feedback texts and images) and the messages sent to the member alone (staff's
 * replies quote and answer them). Merchant-wide notices are the site's and stay. The rows stay
 * (counts and dates), their texts become `erased`.
 */
export const eraseInboxPersonalData = async (trx: Kysely<DB>, memberId: number) => {
  const feedback = trx.selectFrom('feedback').select('id').where('member_id', '=', memberId);
  await trx.deleteFrom('feedback_image').where('feedback_id', 'in', feedback).execute();
  await trx
    .updateTable('feedback')
    .set({ content: 'erased', image_count: 0 })
    .where('member_id', '=', memberId)
    .execute();
  await trx
    .updateTable('member_message')
    .set({ title: 'erased', body: 'erased' })
    .where('member_id', '=', memberId)
    .execute();
};
