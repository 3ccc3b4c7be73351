import { z } from 'zod';
import { merchantCode, paged } from '../core/lists';
import { defineRoute } from '../core/route';
import { minorAmount } from '../wallet/schemas';
import { lotteryBetTypeName, lotteryBetView } from './betting';
import { lotteryEndpoints } from './endpoints';
import { boVnLotteryRoutes } from './vietnam';
import { boVnLotteryRuleRoutes } from './vietnam-rules';

/** The lottery's back office (issue 17): rule versions with computed RTP, exposure, void, bet search. */

const minor = z.string().regex(/^-?[0-9]+$/);
const gameCode = z.string().trim().toUpperCase().min(1).max(12);

export const boLotteryGameQuery = z.object({ merchant: merchantCode, gameCode });

const payoutTable = z.record(z.string().max(16), z.number().int().min(0).max(1_000_000_000_000));

export const boLotteryRuleValue = z.object({
  gameCode: z.string(),
  kind: z.string(),
  version: z.number().int(),
  intervalSeconds: z.number().int(),
  lockSeconds: z.number().int(),
  minStakeMinor: minor,
  maxStakeMinor: minor,
  liabilityCapMinor: minor,
  payouts: z.record(z.string(), z.record(z.string(), z.number().int())),
  /** Bet type → the largest RTP of its selections, basis points (exact, floored). */
  rtpBp: z.record(z.string(), z.number().int()),
  effectiveFrom: z.number().int(),
});

export const boLotteryRuleBody = z.object({
  merchant: merchantCode,
  gameCode,
  intervalSeconds: z.number().int().min(5).max(86_400),
  lockSeconds: z.number().int().min(0).max(86_399),
  minStakeMinor: minorAmount,
  maxStakeMinor: minorAmount,
  liabilityCapMinor: minorAmount,
  payouts: z.partialRecord(lotteryBetTypeName, payoutTable),
});

export const boLotteryExposureValue = z.object({
  issueNo: z.string().nullable(),
  liabilityCapMinor: minor,
  numbers: z.array(z.object({ key: z.string(), liabilityMinor: minor })),
});

export const boLotteryVoidBody = z.object({
  merchant: merchantCode,
  gameCode,
  issueNo: z.string().trim().min(1).max(20),
  reason: z.string().trim().min(1).max(200),
});

export const boLotteryBetSearch = z.object({
  merchant: merchantCode,
  gameCode: gameCode.optional(),
  issueNo: z.string().trim().max(20).optional(),
  memberId: z.coerce.number().int().positive().optional(),
  status: z.enum(['open', 'won', 'lost', 'void']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const boLotteryRoutes = {
  boLotteryRules: defineRoute({
    ...lotteryEndpoints.boLotteryRules,
    summary: 'The lottery rule in force of a game, with each bet type RTP',
    tag: 'backoffice',
    query: boLotteryGameQuery,
    value: boLotteryRuleValue,
  }),
  boLotteryRuleSave: defineRoute({
    ...lotteryEndpoints.boLotteryRuleSave,
    summary: 'A new rule version of a game (refused when a bet type RTP is above 100 %)',
    tag: 'backoffice',
    body: boLotteryRuleBody,
    value: boLotteryRuleValue,
  }),
  boLotteryExposure: defineRoute({
    ...lotteryEndpoints.boLotteryExposure,
    summary: 'Liability sold per number of the open issue, against the cap',
    tag: 'backoffice',
    query: boLotteryGameQuery,
    value: boLotteryExposureValue,
  }),
  boLotteryVoid: defineRoute({
    ...lotteryEndpoints.boLotteryVoid,
    summary: 'Voids an issue not settled yet; every open bet is refunded once',
    tag: 'backoffice',
    body: boLotteryVoidBody,
    value: z.object({ voided: z.boolean(), refunded: z.number().int() }),
  }),
  boLotteryBets: defineRoute({
    ...lotteryEndpoints.boLotteryBets,
    summary: 'Lottery bet search',
    tag: 'backoffice',
    query: boLotteryBetSearch,
    value: paged(lotteryBetView.extend({ memberId: z.number().int() })),
  }),
  boLotteryBetsCsv: defineRoute({
    ...lotteryEndpoints.boLotteryBetsCsv,
    summary: 'Lottery bet search as CSV',
    tag: 'backoffice',
    query: boLotteryBetSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  ...boVnLotteryRoutes,
  ...boVnLotteryRuleRoutes,
};
