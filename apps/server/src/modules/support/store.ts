import type { SupportQueue } from '@khela/contract';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/** Every query on the support module's tables (support_conversation, support_message). */

export type ConversationRow = {
  id: number;
  merchant_code: string;
  member_id: number;
  queue: SupportQueue;
  status: 'open' | 'closed';
  member_unread: number;
  staff_unread: number;
};

const CONVERSATION_COLUMNS = [
  'id',
  'merchant_code',
  'member_id',
  'queue',
  'status',
  'member_unread',
  'staff_unread',
] as const;

const asConversation = (row: Record<(typeof CONVERSATION_COLUMNS)[number], unknown>) =>
  row as ConversationRow;

/** The member's open conversation, else their latest one. */
export const currentConversation = async (db: Db, memberId: number) => {
  const row = await db
    .selectFrom('support_conversation')
    .select(CONVERSATION_COLUMNS)
    .where('member_id', '=', memberId)
    .orderBy(sql`status = 'open'`, 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? asConversation(row) : null;
};

export const conversationById = async (db: Db, id: number) => {
  const row = await db
    .selectFrom('support_conversation')
    .select(CONVERSATION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? asConversation(row) : null;
};

/** The member's open conversation, opened in `queue` when there is none (one open per member). */
export const openConversation = async (
  db: Db,
  input: { merchant: string; memberId: number; queue: SupportQueue; at: Date },
) => {
  await db
    .insertInto('support_conversation')
    .values({
      merchant_code: input.merchant,
      member_id: input.memberId,
      queue: input.queue,
      status: 'open',
      created_at: input.at,
      last_message_at: input.at,
    })
    .onConflict((oc) => oc.column('member_id').where('status', '=', 'open').doNothing())
    .execute();
  const row = await db
    .selectFrom('support_conversation')
    .select(CONVERSATION_COLUMNS)
    .where('member_id', '=', input.memberId)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirstOrThrow();
  return asConversation(row);
};

/** Adds a message and raises the other side's unread count, in the caller's transaction. */
export const addMessage = async (
  db: Db,
  input: {
    conversationId: number;
    sender: 'member' | 'staff';
    staffId: number | null;
    text: string;
    image: { bytes: Buffer; mime: 'image/png' | 'image/jpeg' } | null;
    at: Date;
  },
) => {
  const { id } = await db
    .insertInto('support_message')
    .values({
      conversation_id: input.conversationId,
      sender: input.sender,
      staff_id: input.staffId,
      body: input.text,
      image: input.image?.bytes ?? null,
      image_type: input.image?.mime ?? null,
      created_at: input.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const unread = input.sender === 'member' ? 'staff_unread' : 'member_unread';
  await db
    .updateTable('support_conversation')
    .set({ [unread]: sql`${sql.ref(unread)} + 1`, last_message_at: input.at })
    .where('id', '=', input.conversationId)
    .execute();
  return id;
};

export const messagesOf = async (db: Db, conversationId: number) => {
  const rows = await db
    .selectFrom('support_message')
    .select(['id', 'sender', 'body', sql<boolean>`image IS NOT NULL`.as('has_image'), 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    sender: r.sender as 'member' | 'staff',
    text: r.body,
    hasImage: r.has_image,
    createdAt: new Date(r.created_at).getTime(),
  }));
};

/** One side has read the conversation. */
export const markRead = async (db: Db, conversationId: number, side: 'member' | 'staff') => {
  const column = side === 'member' ? 'member_unread' : 'staff_unread';
  await db
    .updateTable('support_conversation')
    .set({ [column]: 0 })
    .where('id', '=', conversationId)
    .where(column, '>', 0)
    .execute();
};

export const memberUnread = async (db: Db, memberId: number) => {
  const row = await db
    .selectFrom('support_conversation')
    .select(sql<string>`coalesce(sum(member_unread), 0)`.as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** A message's image, with the conversation's member (for the member's own-conversation check). */
export const imageOf = async (db: Db, messageId: number) => {
  const row = await db
    .selectFrom('support_message as m')
    .innerJoin('support_conversation as c', 'c.id', 'm.conversation_id')
    .select(['m.image', 'm.image_type', 'c.member_id', 'c.merchant_code'])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
  if (!row?.image || !row.image_type) return null;
  return {
    bytes: Buffer.from(row.image),
    mime: row.image_type as 'image/png' | 'image/jpeg',
    memberId: row.member_id,
    merchant: row.merchant_code,
  };
};

export type InboxFilter = {
  merchants: string[];
  queue?: SupportQueue | undefined;
  status: 'open' | 'closed';
};

/** The inbox's page of conversations, latest first, with the last text, and the unread total. */
export const listConversations = async (db: Db, filter: InboxFilter, page: number, pageSize: number) => {
  if (filter.merchants.length === 0) return { rows: [], total: 0, unreadTotal: 0 };
  let base = db
    .selectFrom('support_conversation as c')
    .where('c.merchant_code', 'in', filter.merchants)
    .where('c.status', '=', filter.status);
  if (filter.queue) base = base.where('c.queue', '=', filter.queue);
  const [rows, totals] = await Promise.all([
    base
      .select([
        'c.id',
        'c.merchant_code',
        'c.member_id',
        'c.queue',
        'c.status',
        'c.staff_unread',
        'c.last_message_at',
        (eb) =>
          eb
            .selectFrom('support_message as m')
            .select(sql<string>`CASE WHEN m.body = '' THEN '[image]' ELSE m.body END`.as('t'))
            .whereRef('m.conversation_id', '=', 'c.id')
            .orderBy('m.id', 'desc')
            .limit(1)
            .as('last_text'),
      ])
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base
      .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(c.staff_unread), 0)`.as('unread')])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(totals.n), unreadTotal: Number(totals.unread) };
};

export const closeConversation = async (db: Db, id: number, staffId: number, at: Date) => {
  const row = await db
    .updateTable('support_conversation')
    .set({ status: 'closed', closed_at: at, closed_by: staffId, staff_unread: 0 })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning(['id', 'member_id'])
    .executeTakeFirst();
  return row ?? null;
};
