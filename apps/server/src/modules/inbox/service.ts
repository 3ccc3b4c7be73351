import { createHash } from 'node:crypto';
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
  type FeedbackQuestionType,
  feedbackFields,
} from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { sniffPngJpeg } from '../../shared/images';
import type { AuthMember } from '../identity';
import * as store from './store';

type Deps = { db: Kysely<DB>; now?: () => Date };

const recipientOf = (m: AuthMember): store.Recipient => ({
  id: m.id,
  merchantCode: m.merchantCode,
  createdAt: m.createdAt,
});

/** The member's side of platform messages ("platform information") and feedback. */
export const createInboxService = ({ db, now = () => new Date() }: Deps) => {
  const unreadCount = (member: AuthMember) => store.unreadCount(db, recipientOf(member));

  const messages = async (member: AuthMember, pageNo: number, pageSize: number) => {
    const m = recipientOf(member);
    const [rows, total, unread] = await Promise.all([
      store
        .visibleMessages(db, m)
        .select(['mm.id', 'mm.title', 'mm.body', 'mm.feedback_id', 'mm.created_at', 'r.read_at'])
        .orderBy('mm.created_at', 'desc')
        .orderBy('mm.id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute(),
      store.visibleMessages(db, m).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      store.unreadCount(db, m),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        title: r.title,
        body: r.body,
        kind: r.feedback_id === null ? ('notice' as const) : ('reply' as const),
        read: r.read_at !== null,
        createdAt: r.created_at.getTime(),
      })),
      total: Number(total.n),
      unread,
      pageNo,
      pageSize,
    };
  };

  /** Marks the given messages (those the member can see) or all of them read; answers the unread count. */
  const markRead = async (member: AuthMember, which: { ids: number[] } | { all: true }) => {
    const m = recipientOf(member);
    const at = now();
    let q = store.visibleMessages(db, m).where('r.message_id', 'is', null).select('mm.id');
    if ('ids' in which) q = q.where('mm.id', 'in', which.ids);
    const ids = (await q.execute()).map((r) => r.id);
    if (ids.length > 0)
      await db
        .insertInto('member_message_read')
        .values(ids.map((id) => ({ message_id: id, member_id: member.id, read_at: at })))
        .onConflict((oc) => oc.columns(['member_id', 'message_id']).doNothing())
        .execute();
    return { unread: await store.unreadCount(db, m) };
  };

  /**
   * Stores a feedback with its images (spec §5: content ≤ 140 characters; PNG or JPG by their
   * first bytes, ≤ 5 MB each, at most 3). Any bad part refuses the whole feedback: nothing is written.
   */
  const submitFeedback = async (member: AuthMember, fields: Record<string, string>, images: Uint8Array[]) => {
    const parsed = feedbackFields.safeParse(fields);
    if (!parsed.success) {
      const problems: Record<string, string> = {};
      for (const issue of parsed.error.issues) problems[issue.path.join('.') || 'body'] = issue.message;
      throw new AppError('validation.failed', { value: { fields: problems } });
    }
    if (images.length > FEEDBACK_MAX_IMAGES)
      throw new AppError('validation.failed', { value: { fields: { image: 'count' } } });
    const checked = images.map((bytes, index) => {
      if (bytes.length === 0 || bytes.length > FEEDBACK_IMAGE_MAX_BYTES)
        throw new AppError('validation.failed', { value: { fields: { [`image.${index + 1}`]: 'size' } } });
      const mime = sniffPngJpeg(bytes);
      if (!mime)
        throw new AppError('validation.failed', { value: { fields: { [`image.${index + 1}`]: 'type' } } });
      return { bytes, mime, sha256: createHash('sha256').update(bytes).digest('hex') };
    });
    const at = now();
    return db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('feedback')
        .values({
          merchant_code: member.merchantCode,
          member_id: member.id,
          question_type: parsed.data.questionType,
          content: parsed.data.content,
          image_count: checked.length,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (checked.length > 0)
        await trx
          .insertInto('feedback_image')
          .values(
            checked.map((image, index) => ({
              feedback_id: id,
              seq: index + 1,
              mime: image.mime,
              bytes: image.bytes,
              sha256: image.sha256,
            })),
          )
          .execute();
      return { id };
    });
  };

  /** The member's own feedback, newest first. */
  const ownFeedback = async (member: AuthMember) =>
    (
      await db
        .selectFrom('feedback')
        .select(['id', 'question_type', 'content', 'status', 'image_count', 'created_at', 'replied_at'])
        .where('member_id', '=', member.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(20)
        .execute()
    ).map((f) => ({
      id: f.id,
      questionType: f.question_type as FeedbackQuestionType,
      content: f.content,
      status: f.status,
      images: f.image_count,
      createdAt: f.created_at.getTime(),
      repliedAt: f.replied_at?.getTime() ?? null,
    }));

  return { unreadCount, messages, markRead, submitFeedback, ownFeedback };
};

export type InboxService = ReturnType<typeof createInboxService>;
