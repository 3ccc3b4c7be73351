import { z } from 'zod';

/** Every `/wps` answer: `{ success, value, message, errorCode }` (API-FACTS §1.2). */
export const envelope = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.boolean(),
    value: value,
    message: z.string().optional(),
    errorCode: z.string().optional(),
  });

export const errorEnvelope = z.object({
  success: z.literal(false),
  value: z.unknown().optional(),
  message: z.string(),
  errorCode: z.string(),
});

export type Envelope<T> = { success: true; value: T; message?: string; errorCode?: string };
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
