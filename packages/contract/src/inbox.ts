import { z } from 'zod';
import { endpoints } from './endpoints';
import {
  FEEDBACK_MAX_CHARS,
  FEEDBACK_QUESTION_TYPES,
  FEEDBACK_STATUSES,
  MESSAGE_BODY_MAX,
  MESSAGE_TITLE_MAX,
} from './inbox-constants';
import { defineRoute } from './route';

/**
 * Platform messages ("platform information", member centre `messageV2`) and feedback (FEEDBACK3).
 * The back-office side (sending, the feedback queue, replies) is in backoffice.ts.
 */
const TAG = 'inbox';

export const messageTitle = z.string().trim().min(1).max(MESSAGE_TITLE_MAX);
export const messageBody = z.string().trim().min(1).max(MESSAGE_BODY_MAX);
export const feedbackQuestionType = z.enum(FEEDBACK_QUESTION_TYPES);
export const feedbackStatus = z.enum(FEEDBACK_STATUSES);

export const memberMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML (sanitised again when shown). */
  body: z.string(),
  /** `reply`: support's answer to a feedback; `notice`: any other message. */
  kind: z.enum(['notice', 'reply']),
  read: z.boolean(),
  createdAt: z.number(),
});
export type MemberMessage = z.infer<typeof memberMessage>;

export const memberMessagesValue = z.object({
  items: z.array(memberMessage),
  total: z.number().int(),
  unread: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});

/** The multipart fields of `PUT /wps/feedback` (the images are `image` file parts). */
export const feedbackFields = z.object({
  questionType: feedbackQuestionType,
  content: z.string().trim().min(1).max(FEEDBACK_MAX_CHARS),
});

export const memberFeedback = z.object({
  id: z.number().int(),
  questionType: feedbackQuestionType,
  content: z.string(),
  status: feedbackStatus,
  images: z.number().int(),
  createdAt: z.number(),
  repliedAt: z.number().nullable(),
});

export const inboxRoutes = {
  unreadCount: defineRoute({
    ...endpoints.unreadCount,
    tag: TAG,
    summary: 'How many platform messages the member has not read (INBOX3)',
    value: z.number().int(),
  }),
  memberMessages: defineRoute({
    ...endpoints.memberMessages,
    tag: TAG,
    summary: "The member's platform messages, newest first, with the unread count",
    query: z.object({
      pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(10),
    }),
    value: memberMessagesValue,
  }),
  memberMessagesRead: defineRoute({
    ...endpoints.memberMessagesRead,
    tag: TAG,
    summary: 'Marks messages read (the given ids, or every message with `all`); answers the unread count',
    body: z.union([
      z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
      z.object({ all: z.literal(true) }),
    ]),
    value: z.object({ unread: z.number().int() }),
  }),
  feedbackSubmit: defineRoute({
    ...endpoints.feedbackSubmit,
    tag: TAG,
    summary:
      'Sends feedback: multipart `questionType`, `content` (≤ 140 characters) and up to 3 `image` parts (PNG/JPEG ≤ 5 MB each)',
    value: z.object({ id: z.number().int() }),
  }),
  feedbackList: defineRoute({
    ...endpoints.feedbackList,
    tag: TAG,
    summary: "The member's own feedback, newest first (the last 20)",
    value: z.array(memberFeedback),
  }),
};
