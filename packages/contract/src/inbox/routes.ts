import { z } from 'zod';
import { defineRoute } from '../core/route';
import { inboxEndpoints } from './endpoints';
import { memberFeedback, memberMessagesValue } from './schemas';

const TAG = 'inbox';

export const inboxRoutes = {
  unreadCount: defineRoute({
    ...inboxEndpoints.unreadCount,
    tag: TAG,
    summary: 'How many platform messages the member has not read (INBOX3)',
    value: z.number().int(),
  }),
  memberMessages: defineRoute({
    ...inboxEndpoints.memberMessages,
    tag: TAG,
    summary: "The member's platform messages, newest first, with the unread count",
    query: z.object({
      pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(10),
    }),
    value: memberMessagesValue,
  }),
  memberMessagesRead: defineRoute({
    ...inboxEndpoints.memberMessagesRead,
    tag: TAG,
    summary: 'Marks messages read (the given ids, or every message with `all`); answers the unread count',
    body: z.union([
      z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
      z.object({ all: z.literal(true) }),
    ]),
    value: z.object({ unread: z.number().int() }),
  }),
  feedbackSubmit: defineRoute({
    ...inboxEndpoints.feedbackSubmit,
    tag: TAG,
    summary:
      'Sends feedback: multipart `questionType`, `content` (≤ 140 characters) and up to 3 `image` parts (PNG/JPEG ≤ 5 MB each)',
    value: z.object({ id: z.number().int() }),
  }),
  feedbackList: defineRoute({
    ...inboxEndpoints.feedbackList,
    tag: TAG,
    summary: "The member's own feedback, newest first (the last 20)",
    value: z.array(memberFeedback),
  }),
};
