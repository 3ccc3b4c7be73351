import { z } from 'zod';
import { rowIdParam } from '../core/lists';
import { defineRoute } from '../core/route';
import { supportEndpoints } from './endpoints';
import { supportConversationValue, supportMessage } from './schemas';

const TAG = 'support';

export const supportRoutes = {
  supportConversation: defineRoute({
    ...supportEndpoints.supportConversation,
    tag: TAG,
    summary: "The member's support conversation with its messages (marks support's messages read)",
    value: supportConversationValue,
  }),
  supportMessageSend: defineRoute({
    ...supportEndpoints.supportMessageSend,
    tag: TAG,
    summary:
      'Sends a message to support: multipart `text` (≤ 1,000 characters) and/or one `image` (PNG/JPEG ≤ 2 MB); opens a conversation when none is open',
    value: supportMessage.extend({ conversationId: z.number().int() }),
  }),
  supportUnread: defineRoute({
    ...supportEndpoints.supportUnread,
    tag: TAG,
    summary: "How many of support's messages the member has not read",
    value: z.number().int(),
  }),
  supportImage: defineRoute({
    ...supportEndpoints.supportImage,
    tag: TAG,
    summary: "An image of the member's own conversation (image/png or image/jpeg)",
    query: z.object({ id: rowIdParam }),
    value: z.unknown(),
  }),
};
