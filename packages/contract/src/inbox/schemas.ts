import { z } from 'zod';
import {
  FEEDBACK_MAX_CHARS,
  FEEDBACK_QUESTION_TYPES,
  FEEDBACK_STATUSES,
  MESSAGE_BODY_MAX,
  MESSAGE_TITLE_MAX,
} from './constants';

/**
 * Platform messages ("platform information", member centre `messageV2`) and feedback (FEEDBACK3).
 * The back-office side (sending, the feedback queue, replies) is in backoffice.ts.
 */

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
