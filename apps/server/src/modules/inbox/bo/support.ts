import type { FeedbackQuestionType, FeedbackStatus } from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { DB } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { memberIdsWithUsernameLike, memberMerchantOf, memberUsernames } from '../../identity';
import { SANITIZE_OPTIONS, type SiteService } from '../../site';
import { type Actor, appendAudit, assertCan, csvStream, staffUsernames } from '../../staff';
import * as inboxStore from '../store';

type Deps = { db: Kysely<DB>; site: SiteService; now: () => Date };

/** LIKE pattern of a user's text: its wildcards are matched literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const plain = (text: string) => sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).trim();

/** The body as stored: sanitised HTML; a body that sanitises to nothing is refused. */
const cleanBody = (body: string) => {
  const html = sanitizeHtml(body, SANITIZE_OPTIONS).trim();
  if (!plain(html) && !/<img\s/i.test(html))
    throw new AppError('validation.failed', { value: { fields: { body: 'empty' } } });
  return html;
};

export type MessageFilter = {
  merchant?: string | undefined;
  audience?: 'member' | 'all' | undefined;
  account?: string | undefined;
  sort: 'createdAt' | 'title';
  order: 'asc' | 'desc';
};

export type FeedbackFilter = {
  merchant?: string | undefined;
  status?: FeedbackStatus | undefined;
  questionType?: FeedbackQuestionType | undefined;
  account?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  sort: 'createdAt' | 'status' | 'questionType';
  order: 'asc' | 'desc';
};

const MESSAGE_SORT = { createdAt: 'mm.created_at', title: 'mm.title' } as const;
const FEEDBACK_SORT = {
  createdAt: 'f.created_at',
  status: 'f.status',
  questionType: 'f.question_type',
} as const;

const MESSAGE_CSV_COLUMNS = [
  'id',
  'merchant',
  'memberId',
  'member',
  'title',
  'body',
  'staff',
  'feedbackId',
  'reads',
  'createdAt',
] as const;
const FEEDBACK_CSV_COLUMNS = [
  'id',
  'merchant',
  'memberId',
  'member',
  'questionType',
  'content',
  'status',
  'images',
  'createdAt',
  'repliedAt',
  'repliedBy',
] as const;

/**
 * Support's messages and feedback: platform messages to one member or to every member of a
 * merchant (`messages.send`), and the feedback queue (`feedback.read`) whose replies arrive as
 * platform messages (`messages.send`). Every send and reply is audited in its own transaction.
 */
export const createInboxOps = ({ db, site, now }: Deps) => {
  const assertMerchant = (code: string) => {
    if (!site.findMerchant(code)) throw new AppError('not.found', { value: { merchant: code } });
  };

  // ---- messages

  const messageQuery = (filter: MessageFilter) => {
    let q = db.selectFrom('member_message as mm');
    if (filter.merchant) q = q.where('mm.merchant_code', '=', filter.merchant);
    if (filter.audience === 'all') q = q.where('mm.member_id', 'is', null);
    if (filter.audience === 'member') q = q.where('mm.member_id', 'is not', null);
    if (filter.account)
      q = q.where(
        'mm.member_id',
        'in',
        memberIdsWithUsernameLike(db, contains(filter.account.toLowerCase())),
      );
    return q;
  };

  const messageRows = async (filter: MessageFilter, limit: number, offset: number) => {
    const rows = await messageQuery(filter)
      .select((eb) => [
        'mm.id',
        'mm.merchant_code',
        'mm.member_id',
        'mm.title',
        'mm.body',
        'mm.staff_id',
        'mm.feedback_id',
        'mm.created_at',
        eb
          .selectFrom('member_message_read as r')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('r.message_id', '=', 'mm.id')
          .as('reads'),
      ])
      .orderBy(MESSAGE_SORT[filter.sort], filter.order)
      .orderBy('mm.id', filter.order)
      .limit(limit)
      .offset(offset)
      .execute();
    const [members, staff] = await Promise.all([
      memberUsernames(
        db,
        rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id])),
      ),
      staffUsernames(
        db,
        rows.flatMap((r) => (r.staff_id === null ? [] : [r.staff_id])),
      ),
    ]);
    return rows.map((r) => ({
      id: r.id,
      merchant: r.merchant_code,
      memberId: r.member_id,
      member: r.member_id === null ? null : (members.get(r.member_id) ?? null),
      title: r.title,
      body: r.body,
      staff: r.staff_id === null ? null : (staff.get(r.staff_id) ?? null),
      feedbackId: r.feedback_id,
      reads: Number(r.reads ?? 0),
      createdAt: r.created_at.getTime(),
    }));
  };

  const listMessages = async (actor: Actor, filter: MessageFilter, page: number, pageSize: number) => {
    assertCan(actor, 'messages.send');
    const [items, count] = await Promise.all([
      messageRows(filter, pageSize, (page - 1) * pageSize),
      messageQuery(filter).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.n), page, pageSize };
  };

  const messagesCsv = async (actor: Actor, filter: MessageFilter) => {
    assertCan(actor, 'messages.send');
    return csvStream(MESSAGE_CSV_COLUMNS, async (limit, offset) =>
      (await messageRows(filter, limit, offset)).map((r) => ({
        ...r,
        createdAt: new Date(r.createdAt).toISOString(),
      })),
    );
  };

  const sendMessage = async (
    actor: Actor,
    input:
      | { audience: 'member'; merchant: string; memberId: number; title: string; body: string }
      | { audience: 'all'; merchant: string; title: string; body: string },
  ) => {
    assertCan(actor, 'messages.send');
    assertMerchant(input.merchant);
    const title = plain(input.title);
    if (!title) throw new AppError('validation.failed', { value: { fields: { title: 'empty' } } });
    const body = cleanBody(input.body);
    const at = now();
    return db.transaction().execute(async (trx) => {
      let memberId: number | null = null;
      if (input.audience === 'member') {
        const member = await memberMerchantOf(trx, input.memberId);
        if (!member || member.merchant_code !== input.merchant)
          throw new AppError('not.found', { value: { memberId: input.memberId } });
        memberId = member.id;
      }
      const id = await inboxStore.insertMessage(trx, {
        merchantCode: input.merchant,
        memberId,
        title,
        body,
        staffId: actor.id,
        feedbackId: null,
        at,
      });
      await appendAudit(
        trx,
        actor,
        {
          action: 'message.send',
          target: memberId === null ? `merchant:${input.merchant}` : `member:${memberId}`,
          after: { messageId: id, audience: input.audience, title },
        },
        at,
      );
      return { id };
    });
  };

  // ---- feedback

  const feedbackQuery = (filter: FeedbackFilter) => {
    let q = db.selectFrom('feedback as f');
    if (filter.merchant) q = q.where('f.merchant_code', '=', filter.merchant);
    if (filter.status) q = q.where('f.status', '=', filter.status);
    if (filter.questionType) q = q.where('f.question_type', '=', filter.questionType);
    if (filter.account)
      q = q.where('f.member_id', 'in', memberIdsWithUsernameLike(db, contains(filter.account.toLowerCase())));
    if (filter.from !== undefined) q = q.where('f.created_at', '>=', new Date(filter.from));
    if (filter.to !== undefined) q = q.where('f.created_at', '<', new Date(filter.to));
    return q;
  };

  const FEEDBACK_COLUMNS = [
    'f.id',
    'f.merchant_code',
    'f.member_id',
    'f.question_type',
    'f.content',
    'f.status',
    'f.image_count',
    'f.created_at',
    'f.replied_at',
    'f.replied_by',
    'f.reply_message_id',
  ] as const;

  type StoredFeedback = {
    id: number;
    merchant_code: string;
    member_id: number;
    question_type: string;
    content: string;
    status: FeedbackStatus;
    image_count: number;
    created_at: Date;
    replied_at: Date | null;
    replied_by: number | null;
  };

  /** Feedback rows with their member's and replier's names (asked of identity and staff). */
  const namedFeedback = async (rows: StoredFeedback[]) => {
    const [members, staff] = await Promise.all([
      memberUsernames(
        db,
        rows.map((r) => r.member_id),
      ),
      staffUsernames(
        db,
        rows.flatMap((r) => (r.replied_by === null ? [] : [r.replied_by])),
      ),
    ]);
    return rows.map((r) =>
      toFeedbackRow(
        r,
        members.get(r.member_id) ?? '',
        r.replied_by === null ? null : (staff.get(r.replied_by) ?? null),
      ),
    );
  };

  const toFeedbackRow = (r: StoredFeedback, username: string, repliedBy: string | null) => ({
    id: r.id,
    merchant: r.merchant_code,
    memberId: r.member_id,
    member: username,
    questionType: r.question_type as FeedbackQuestionType,
    content: r.content,
    status: r.status,
    images: r.image_count,
    createdAt: r.created_at.getTime(),
    repliedAt: r.replied_at?.getTime() ?? null,
    repliedBy,
  });

  const feedbackRows = async (filter: FeedbackFilter, limit: number, offset: number) =>
    namedFeedback(
      await feedbackQuery(filter)
        .select(FEEDBACK_COLUMNS)
        .orderBy(FEEDBACK_SORT[filter.sort], filter.order)
        .orderBy('f.id', filter.order)
        .limit(limit)
        .offset(offset)
        .execute(),
    );

  const listFeedback = async (actor: Actor, filter: FeedbackFilter, page: number, pageSize: number) => {
    assertCan(actor, 'feedback.read');
    const [items, count] = await Promise.all([
      feedbackRows(filter, pageSize, (page - 1) * pageSize),
      feedbackQuery(filter).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.n), page, pageSize };
  };

  const feedbackCsv = async (actor: Actor, filter: FeedbackFilter) => {
    assertCan(actor, 'feedback.read');
    return csvStream(FEEDBACK_CSV_COLUMNS, async (limit, offset) =>
      (await feedbackRows(filter, limit, offset)).map((r) => ({
        ...r,
        createdAt: new Date(r.createdAt).toISOString(),
        repliedAt: r.repliedAt === null ? null : new Date(r.repliedAt).toISOString(),
      })),
    );
  };

  const feedbackDetail = async (actor: Actor, id: number) => {
    assertCan(actor, 'feedback.read');
    const row = await feedbackQuery({ sort: 'createdAt', order: 'desc' })
      .select(FEEDBACK_COLUMNS)
      .where('f.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('not.found');
    const reply =
      row.reply_message_id === null
        ? null
        : await db
            .selectFrom('member_message')
            .select(['id', 'title', 'body', 'created_at'])
            .where('id', '=', row.reply_message_id)
            .executeTakeFirst();
    const [named] = await namedFeedback([row]);
    if (!named) throw new AppError('not.found');
    return {
      ...named,
      reply: reply
        ? { id: reply.id, title: reply.title, body: reply.body, at: reply.created_at.getTime() }
        : null,
    };
  };

  const feedbackImage = async (actor: Actor, id: number, seq: number) => {
    assertCan(actor, 'feedback.read');
    const image = await db
      .selectFrom('feedback_image')
      .select(['mime', 'bytes'])
      .where('feedback_id', '=', id)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!image) throw new AppError('not.found');
    return { mime: image.mime, bytes: Buffer.from(image.bytes) };
  };

  /**
   * Replies to a feedback: a platform message to its member (kind `reply`), the feedback marked
   * replied, one audit row. A second reply is refused (409).
   */
  const replyFeedback = async (
    actor: Actor,
    input: { id: number; title?: string | undefined; body: string },
  ) => {
    assertCan(actor, 'feedback.read');
    assertCan(actor, 'messages.send');
    const body = cleanBody(input.body);
    const at = now();
    return db.transaction().execute(async (trx) => {
      const f = await trx
        .selectFrom('feedback')
        .select(['id', 'merchant_code', 'member_id', 'status', 'content'])
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirst();
      if (!f) throw new AppError('not.found');
      if (f.status !== 'open') throw new AppError('conflict', { value: { status: f.status } });
      // Without a title of its own, the reply is titled by the start of what the member wrote.
      const title = plain(input.title ?? '') || f.content.slice(0, 60);
      const messageId = await inboxStore.insertMessage(trx, {
        merchantCode: f.merchant_code,
        memberId: f.member_id,
        title,
        body,
        staffId: actor.id,
        feedbackId: f.id,
        at,
      });
      await trx
        .updateTable('feedback')
        .set({ status: 'replied', replied_at: at, replied_by: actor.id, reply_message_id: messageId })
        .where('id', '=', f.id)
        .execute();
      await appendAudit(
        trx,
        actor,
        {
          action: 'feedback.reply',
          target: `member:${f.member_id}`,
          before: { feedbackId: f.id, status: 'open' },
          after: { feedbackId: f.id, status: 'replied', messageId },
        },
        at,
      );
      return { messageId };
    });
  };

  return {
    listMessages,
    messagesCsv,
    sendMessage,
    listFeedback,
    feedbackCsv,
    feedbackDetail,
    feedbackImage,
    replyFeedback,
  };
};

export type InboxOps = ReturnType<typeof createInboxOps>;
