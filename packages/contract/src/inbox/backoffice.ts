import { z } from 'zod';
import { merchantCode, paged, paging, rowId, rowIdParam, timeRange } from '../core/lists';
import { defineRoute } from '../core/route';
import { FEEDBACK_QUESTION_TYPES, FEEDBACK_SORTS, FEEDBACK_STATUSES, MESSAGE_SORTS } from './constants';
import { inboxEndpoints } from './endpoints';
import { messageBody, messageTitle } from './schemas';

/** The back office's support screens: platform messages sent by staff, the feedback queue and replies. */

const memberId = rowIdParam;

/** Platform messages: to one member (`memberId`) or to every member of the merchant (`audience: all`). */
export const boMessageInput = z.discriminatedUnion('audience', [
  z.object({
    audience: z.literal('member'),
    merchant: merchantCode,
    memberId,
    title: messageTitle,
    body: messageBody,
  }),
  z.object({ audience: z.literal('all'), merchant: merchantCode, title: messageTitle, body: messageBody }),
]);
export const boMessageRow = z.object({
  id: z.number().int(),
  merchant: z.string(),
  memberId: z.number().int().nullable(),
  member: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  staff: z.string().nullable(),
  feedbackId: z.number().int().nullable(),
  /** Members who read it (one, or many for a broadcast). */
  reads: z.number().int(),
  createdAt: z.number(),
});
export const boMessageSearch = z.object({
  merchant: merchantCode.optional(),
  audience: z.enum(['member', 'all']).optional(),
  account: z.string().trim().max(40).optional(),
  sort: z.enum(MESSAGE_SORTS).default('createdAt'),
  ...paging,
});

export const boFeedbackSearch = z.object({
  merchant: merchantCode.optional(),
  status: z.enum(FEEDBACK_STATUSES).optional(),
  questionType: z.enum(FEEDBACK_QUESTION_TYPES).optional(),
  account: z.string().trim().max(40).optional(),
  ...timeRange,
  sort: z.enum(FEEDBACK_SORTS).default('createdAt'),
  ...paging,
});
export const boFeedbackRow = z.object({
  id: z.number().int(),
  merchant: z.string(),
  memberId: z.number().int(),
  member: z.string(),
  questionType: z.enum(FEEDBACK_QUESTION_TYPES),
  content: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  images: z.number().int(),
  createdAt: z.number(),
  repliedAt: z.number().nullable(),
  repliedBy: z.string().nullable(),
});
export const boFeedbackDetail = boFeedbackRow.extend({
  reply: z.object({ id: z.number().int(), title: z.string(), body: z.string(), at: z.number() }).nullable(),
});

const TAG = 'backoffice';

export const inboxBoRoutes = {
  boMessages: defineRoute({
    ...inboxEndpoints.boMessages,
    tag: TAG,
    summary: 'Platform messages sent by staff, filtered, sorted and paged',
    query: boMessageSearch,
    value: paged(boMessageRow),
  }),
  boMessagesCsv: defineRoute({
    ...inboxEndpoints.boMessagesCsv,
    tag: TAG,
    summary: 'Platform messages as CSV (every page)',
    query: boMessageSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boMessageSend: defineRoute({
    ...inboxEndpoints.boMessageSend,
    tag: TAG,
    summary: 'Sends a platform message to one member or to every member of a merchant (body sanitised)',
    body: boMessageInput,
    value: z.object({ id: z.number().int() }),
  }),
  boFeedback: defineRoute({
    ...inboxEndpoints.boFeedback,
    tag: TAG,
    summary: 'Player feedback, filtered, sorted and paged',
    query: boFeedbackSearch,
    value: paged(boFeedbackRow),
  }),
  boFeedbackCsv: defineRoute({
    ...inboxEndpoints.boFeedbackCsv,
    tag: TAG,
    summary: 'Player feedback as CSV (every page)',
    query: boFeedbackSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boFeedbackDetail: defineRoute({
    ...inboxEndpoints.boFeedbackDetail,
    tag: TAG,
    summary: 'One feedback with its reply',
    query: z.object({ id: rowIdParam }),
    value: boFeedbackDetail,
  }),
  boFeedbackImage: defineRoute({
    ...inboxEndpoints.boFeedbackImage,
    tag: TAG,
    summary: 'One image of a feedback (the bytes)',
    query: z.object({ id: rowIdParam, seq: z.coerce.number().int().min(1).max(3) }),
    value: z.unknown(),
  }),
  boFeedbackReply: defineRoute({
    ...inboxEndpoints.boFeedbackReply,
    tag: TAG,
    summary: "Replies to a feedback: the reply arrives as a platform message in the member's inbox",
    body: z.object({ id: rowId, title: messageTitle.optional(), body: messageBody }),
    value: z.object({ messageId: z.number().int() }),
  }),
};
