import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** Queries of platform messages and feedback. Each takes the handle (or transaction) it runs on. */

export type Recipient = { id: number; merchantCode: string; createdAt: Date };

/**
 * The messages a member sees: those sent to them, and the merchant's broadcasts sent after they
 * registered (a broadcast goes to the members of that moment).
 */
export const visibleMessages = (db: Kysely<DB>, m: Recipient) =>
  db
    .selectFrom('member_message as mm')
    .leftJoin('member_message_read as r', (join) =>
      join.onRef('r.message_id', '=', 'mm.id').on('r.member_id', '=', m.id),
    )
    .where((eb) =>
      eb.or([
        eb('mm.member_id', '=', m.id),
        eb.and([
          eb('mm.member_id', 'is', null),
          eb('mm.merchant_code', '=', m.merchantCode),
          eb('mm.created_at', '>=', m.createdAt),
        ]),
      ]),
    );

export const unreadCount = async (db: Kysely<DB>, m: Recipient) =>
  Number(
    (
      await visibleMessages(db, m)
        .where('r.message_id', 'is', null)
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertMessage = async (
  db: Kysely<DB>,
  m: {
    merchantCode: string;
    memberId: number | null;
    title: string;
    body: string;
    staffId: number | null;
    feedbackId: number | null;
    at: Date;
  },
) =>
  (
    await db
      .insertInto('member_message')
      .values({
        merchant_code: m.merchantCode,
        member_id: m.memberId,
        title: m.title,
        body: m.body,
        staff_id: m.staffId,
        feedback_id: m.feedbackId,
        created_at: m.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
