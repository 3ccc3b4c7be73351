import { z } from 'zod';

export const demoInboxValue = z.object({
  messages: z.array(
    z.object({
      channel: z.enum(['sms', 'email']),
      subject: z.string().nullable(),
      text: z.string(),
      createdAt: z.number(),
    }),
  ),
});
export type DemoInbox = z.infer<typeof demoInboxValue>;
