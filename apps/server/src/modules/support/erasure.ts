import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Support chat's half of an erasure (issue 16, docs/decisions/057), in protection's transaction:
 * every message of the member's conversations, theirs and staff's (a reply answers the person),
 * loses its text and image. Conversations keep their queue, status and dates for the desk's counts.
 */
export const eraseSupportPersonalData = async (trx: Kysely<DB>, memberId: number) => {
  const conversations = trx.selectFrom('support_conversation').select('id').where('member_id', '=', memberId);
  await trx
    .updateTable('support_message')
    .set({ body: 'erased', image: null, image_type: null })
    .where('conversation_id', 'in', conversations)
    .execute();
};
