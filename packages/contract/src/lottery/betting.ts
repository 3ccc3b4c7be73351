import { z } from 'zod';
import { minorAmount } from '../wallet/schemas';

/** In-house lotteries (issue 17): what the betting page reads and sends. Money: minor units as digit strings. */
const minor = z.string().regex(/^-?[0-9]+$/);

export const lotteryBetTypeName = z.enum([
  'pick',
  'position',
  'straight',
  'bigsmall',
  'oddeven',
  'dragontiger',
  'first',
  'top3',
]);

export const lotterySelection = z.object({
  numbers: z.array(z.number().int().min(0).max(99)).max(10).optional(),
  position: z.number().int().min(0).max(10).optional(),
  side: z.enum(['big', 'small', 'odd', 'even', 'dragon', 'tiger', 'tie']).optional(),
});

/** An issue as players see it: the commitment before the draw, the seed and numbers after. */
export const lotteryIssue = z.object({
  gameCode: z.string(),
  issueNo: z.string(),
  status: z.enum(['scheduled', 'drawn', 'settled', 'void']),
  opensAt: z.number().int(),
  locksAt: z.number().int(),
  drawsAt: z.number().int(),
  commitment: z.string(),
  /** Revealed after the draw (null before). */
  serverSeed: z.string().nullable(),
  numbers: z.array(z.number().int()).nullable(),
  previousLink: z.string().nullable(),
  link: z.string().nullable(),
});
export type LotteryIssue = z.infer<typeof lotteryIssue>;

export const lotteryGameView = z.object({
  code: z.string(),
  kind: z.string(),
  betTypes: z.array(lotteryBetTypeName),
  intervalSeconds: z.number().int(),
  lockSeconds: z.number().int(),
  minStakeMinor: minor,
  maxStakeMinor: minor,
  /** Bet type → outcome key → thousandths (a bet copies its table when placed). */
  payouts: z.record(z.string(), z.record(z.string(), z.number().int())),
  /** The issue taking bets now (null when none is open). */
  current: lotteryIssue.nullable(),
  /** The next issue, its commitment already published. */
  next: lotteryIssue.nullable(),
});
export type LotteryGameView = z.infer<typeof lotteryGameView>;

export const lotteryGamesValue = z.object({ serverTime: z.number().int(), games: z.array(lotteryGameView) });

export const lotteryBetView = z.object({
  id: z.string(),
  gameCode: z.string(),
  issueNo: z.string(),
  betType: lotteryBetTypeName,
  selection: lotterySelection,
  stakeMinor: minor,
  payoutMinor: minor,
  status: z.enum(['open', 'won', 'lost', 'void']),
  placedAt: z.number().int(),
  settledAt: z.number().int().nullable(),
});
export type LotteryBetView = z.infer<typeof lotteryBetView>;

export const lotteryPlaceBetsBody = z.object({
  gameCode: z.string().trim().min(1).max(12),
  issueNo: z.string().trim().min(1).max(20),
  /** The client's key of this slip: sending it again answers the first result, debits nothing. */
  requestKey: z.string().trim().min(1).max(64),
  bets: z
    .array(z.object({ betType: lotteryBetTypeName, selection: lotterySelection, stakeMinor: minorAmount }))
    .min(1)
    .max(20),
});

export const lotteryPlaceBetsValue = z.object({
  slipId: z.string(),
  replayed: z.boolean(),
  totalStakeMinor: minor,
  balanceMinor: minor,
  bets: z.array(lotteryBetView),
});

export const lotteryResultsQuery = z.object({
  gameCode: z.string().trim().min(1).max(12),
  count: z.coerce.number().int().min(1).max(50).default(20),
});

export const lotteryDrawQuery = z.object({
  gameCode: z.string().trim().min(1).max(12),
  issueNo: z.string().trim().min(1).max(20),
});

export const lotteryDrawValue = lotteryIssue.extend({ kind: z.string() });

export const lotteryMyBetsQuery = z.object({
  gameCode: z.string().trim().max(12).optional(),
  count: z.coerce.number().int().min(1).max(100).default(50),
});
