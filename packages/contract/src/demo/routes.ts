import { z } from 'zod';
import { defineRoute } from '../core/route';
import { demoEndpoints } from './endpoints';
import { demoInboxValue } from './schemas';

/**
 * Calls that exist only when the server runs in demo mode (KHELA_MODE=demo): there is no real SMS
 * or mail delivery there, so a visitor reads what would have been sent from the demo inbox.
 */
export const demoRoutes = {
  demoInbox: defineRoute({
    ...demoEndpoints.demoInbox,
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
