import { z } from 'zod';
import { SUPPORT_QUEUES, SUPPORT_STATUSES } from './constants';

export const supportMessage = z.object({
  id: z.number().int(),
  sender: z.enum(['member', 'staff']),
  text: z.string(),
  /** Set when the message carries an image: fetch it from the image call with this id. */
  hasImage: z.boolean(),
  createdAt: z.number(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const supportConversation = z.object({
  id: z.number().int(),
  queue: z.enum(SUPPORT_QUEUES),
  status: z.enum(SUPPORT_STATUSES),
  messages: z.array(supportMessage),
});
/**
 * The member's current conversation (the open one, else the last), null before the first message.
 * (An external chat product is a merchant resource of type `livechat`: the web app opens it instead.)
 */
export const supportConversationValue = z.object({ conversation: supportConversation.nullable() });
export type SupportConversationValue = z.infer<typeof supportConversationValue>;
