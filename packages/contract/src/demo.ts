import { z } from 'zod';
import { endpoints } from './endpoints';
import { defineRoute } from './route';

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

/**
 * Calls that exist only when the server runs in demo mode (KHELA_MODE=demo): there is no real SMS
 * or mail delivery there, so a visitor reads what would have been sent from the demo inbox.
 */
export const demoRoutes = {
  demoInbox: defineRoute({
    ...endpoints.demoInbox,
    tag: 'demo',
    summary: 'Demo mode only: the last messages kept in the outbox for a mobile number or email',
    query: z.object({
      to: z.string().min(3).max(120),
      dialCode: z
        .string()
        .regex(/^\+[0-9]{1,4}$/)
        .optional(),
    }),
    value: demoInboxValue,
  }),
};
