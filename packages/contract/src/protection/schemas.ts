import { z } from 'zod';

/** GET /wps/protection/my-data: each section a list of rows (or an object of lists), as stored. */
export const protectionMyDataValue = z.object({
  generatedAt: z.number().int(),
  username: z.string(),
  sections: z.record(z.string(), z.unknown()),
});
export type ProtectionMyDataValue = z.infer<typeof protectionMyDataValue>;

import { moneyAmount } from '../wallet/schemas';
import {
  LIMIT_PERIODS,
  LIMIT_PROMPTS,
  MONEY_LIMIT_KINDS,
  REALITY_MAX,
  REALITY_MIN,
  SELF_EXCLUSION_TERMS,
  SESSION_LIMIT_MAX,
  SESSION_LIMIT_MIN,
  TIMEOUT_DAYS_MAX,
  TIMEOUT_DAYS_MIN,
} from './constants';

/** Minor units as a decimal string (bigint on the server). */
const minorText = z.string().regex(/^-?[0-9]+$/);

export const limitKind = z.enum([...MONEY_LIMIT_KINDS, 'session']);
export const limitPeriod = z.enum([...LIMIT_PERIODS, 'session']);

/** A money limit (minor units) or the session-time limit (minutes); `amount: null` removes it. */
export const protectionLimitSetBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(MONEY_LIMIT_KINDS),
    period: z.enum(LIMIT_PERIODS),
    amount: moneyAmount.nullable(),
  }),
  z.object({
    kind: z.literal('session'),
    period: z.literal('session').default('session'),
    amount: z
      .number()
      .int()
      .min(SESSION_LIMIT_MIN, 'protection.session.range')
      .max(SESSION_LIMIT_MAX, 'protection.session.range')
      .transform((v) => BigInt(v))
      .nullable(),
  }),
]);
export const protectionLimitConfirmBody = z.object({ kind: limitKind, period: limitPeriod });

export const protectionPauseBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('timeout'),
    days: z.number().int().min(TIMEOUT_DAYS_MIN).max(TIMEOUT_DAYS_MAX),
    allMerchants: z.boolean().default(false),
  }),
  z.object({
    type: z.literal('selfExclusion'),
    term: z.enum(SELF_EXCLUSION_TERMS),
    allMerchants: z.boolean().default(false),
  }),
]);

export const protectionRealitySetBody = z.object({
  minutes: z.number().int().min(REALITY_MIN).max(REALITY_MAX).nullable(),
});

export const protectionLimitView = z.object({
  kind: limitKind,
  period: limitPeriod,
  /** In force (minor units, or minutes for the session limit); null: none in force yet. */
  amount: minorText.nullable(),
  /** Used in the current rolling period (money limits; minutes played for the session limit). */
  usage: minorText,
  pending: z
    .object({
      action: z.enum(['raise', 'remove']),
      amount: minorText.nullable(),
      /** The cooling-off ends: confirm from then. */
      from: z.number(),
      /** Confirm before this, else the change lapses. */
      until: z.number(),
    })
    .nullable(),
});

export const protectionStateValue = z.object({
  limits: z.array(protectionLimitView),
  restriction: z
    .object({ type: z.enum(['timeout', 'self_exclusion']), until: z.number().nullable() })
    .nullable(),
  realityMinutes: z.number().int().nullable(),
  /** The licence profile's limit prompt (docs/decisions/053): when it is shown, and whether it still waits for an answer. */
  limitPrompt: z.object({ when: z.enum(LIMIT_PROMPTS), due: z.boolean() }),
});

/** "Not now" at the limit prompt: the member says it in so many words. */
export const protectionLimitPromptDeclineBody = z.object({ choice: z.literal('declined') });

export const protectionRealityValue = z.object({
  realityMinutes: z.number().int().nullable(),
  /** The play session (null when the member has not bet within the idle time). */
  startedAt: z.number().nullable(),
  playedSeconds: z.number().int(),
  netMinor: minorText,
  /** The session-time limit in minutes and the share used (80/90/95 warnings, 100: ended). */
  sessionLimitMinutes: z.number().int().nullable(),
  sessionUsedPercent: z.number().int().nullable(),
});

export const protectionRealityAnswerBody = z.object({ choice: z.enum(['continue', 'stop']) });

export const protectionOkValue = z.object({ ok: z.literal(true) });
