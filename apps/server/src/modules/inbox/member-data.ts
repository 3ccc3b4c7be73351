import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The member's messages and feedback for a data download (issue 16, data rights): the messages sent
 * to the member alone (merchant-wide notices are the site's, not personal data) and every feedback.
 */
export const inboxDataOf = async (db: Kysely<DB>, memberId: number) => ({
  messages: await db
    .selectFrom('member_message')
    .select(['id', 'title', 'body', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(10_000)
    .execute(),
  feedback: await db
    .selectFrom('feedback')
    .select(['id', 'question_type', 'content', 'status', 'created_at', 'replied_at'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(10_000)
    .execute(),
});
