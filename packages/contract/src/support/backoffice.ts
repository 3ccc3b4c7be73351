import { z } from 'zod';
import { merchantCode, paged, paging, rowIdParam } from '../core/lists';
import { defineRoute } from '../core/route';
import { SUPPORT_QUEUES, SUPPORT_STATUSES, SUPPORT_TEXT_MAX } from './constants';
import { supportEndpoints } from './endpoints';
import { supportConversation } from './schemas';

const TAG = 'support';

export const boSupportRow = z.object({
  id: z.number().int(),
  merchant: z.string(),
  memberId: z.number().int(),
  member: z.string(),
  queue: z.enum(SUPPORT_QUEUES),
  status: z.enum(SUPPORT_STATUSES),
  /** Member messages staff have not read. */
  unread: z.number().int(),
  lastText: z.string(),
  lastMessageAt: z.number(),
});
export type BoSupportRow = z.infer<typeof boSupportRow>;

export const supportBoRoutes = {
  boSupportConversations: defineRoute({
    ...supportEndpoints.boSupportConversations,
    tag: TAG,
    summary: 'The support inbox: conversations by queue and status, latest first, with unread counts',
    query: z.object({
      merchant: merchantCode.optional(),
      queue: z.enum(SUPPORT_QUEUES).optional(),
      status: z.enum(SUPPORT_STATUSES).default('open'),
      ...paging,
    }),
    value: paged(boSupportRow).extend({ unreadTotal: z.number().int() }),
  }),
  boSupportConversation: defineRoute({
    ...supportEndpoints.boSupportConversation,
    tag: TAG,
    summary: "A conversation with its messages (marks the member's messages read)",
    query: z.object({ id: rowIdParam }),
    value: supportConversation.extend({ member: z.string(), memberId: z.number().int() }),
  }),
  boSupportReply: defineRoute({
    ...supportEndpoints.boSupportReply,
    tag: TAG,
    summary: 'Replies in an open conversation',
    body: z.object({ id: rowIdParam, text: z.string().trim().min(1).max(SUPPORT_TEXT_MAX) }),
    value: z.object({ id: z.number().int() }),
  }),
  boSupportClose: defineRoute({
    ...supportEndpoints.boSupportClose,
    tag: TAG,
    summary: 'Closes a conversation (its history is kept; the member’s next message opens a new one)',
    body: z.object({ id: rowIdParam }),
    value: z.object({ id: z.number().int() }),
  }),
  boSupportImage: defineRoute({
    ...supportEndpoints.boSupportImage,
    tag: TAG,
    summary: 'The image of a support message (image/png or image/jpeg)',
    query: z.object({ id: rowIdParam }),
    value: z.unknown(),
  }),
};
