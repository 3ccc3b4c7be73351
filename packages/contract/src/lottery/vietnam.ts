import { z } from 'zod';
import { merchantCode } from '../core/lists';
import { defineRoute } from '../core/route';
import { minorAmount } from '../wallet/schemas';
import { lotteryEndpoints } from './endpoints';

/** Vietnamese lotteries (ADR 046): what the `/vnlottery` page and the results desk read and send. */
const minor = z.string().regex(/^-?[0-9]+$/);

export const VN_REGION_NAMES = ['north', 'south', 'central'] as const;

export const vnBetTypeName = z.enum([
  'lo2',
  'lo3',
  'lo4',
  'de',
  'dau',
  'duoi',
  'cang3',
  'cang4',
  'xien2',
  'xien3',
  'xien4',
  'truot4',
  'truot8',
  'truot10',
]);

export const vnResult = z.object({
  region: z.enum(VN_REGION_NAMES),
  prizes: z.array(z.object({ prize: z.string(), numbers: z.array(z.string()) })),
});

export const vnDraw = z.object({
  gameCode: z.string(),
  region: z.enum(VN_REGION_NAMES),
  station: z.string(),
  stationName: z.string(),
  issueNo: z.string(),
  status: z.enum(['scheduled', 'resulted', 'void']),
  locksAt: z.number().int(),
  drawsAt: z.number().int(),
  source: z.enum(['demo', 'feed']),
  /** The demo drawer's commitment (published before the draw). */
  commitment: z.string().nullable(),
  /** Revealed with the result. */
  serverSeed: z.string().nullable(),
  result: vnResult.nullable(),
  resultVersion: z.number().int(),
});
export type VnDraw = z.infer<typeof vnDraw>;

export const vnBoardValue = z.object({
  serverTime: z.number().int(),
  regions: z.array(
    z.object({
      region: z.enum(VN_REGION_NAMES),
      gameCode: z.string(),
      /** Bet type → thousandths of the stake paid per win (a bet copies it). */
      payouts: z.record(z.string(), z.number().int()),
      minStakeMinor: minor,
      maxStakeMinor: minor,
      draws: z.array(vnDraw),
    }),
  ),
});
export type VnBoard = z.infer<typeof vnBoardValue>;

export const vnBetView = z.object({
  id: z.string(),
  gameCode: z.string(),
  issueNo: z.string(),
  betType: vnBetTypeName,
  numbers: z.array(z.string()),
  stakeMinor: minor,
  payoutMinor: minor,
  status: z.enum(['open', 'won', 'lost', 'void']),
  placedAt: z.number().int(),
  settledAt: z.number().int().nullable(),
});
export type VnBetView = z.infer<typeof vnBetView>;

export const vnPlaceBetsBody = z.object({
  requestKey: z.string().trim().min(1).max(64),
  bets: z
    .array(
      z.object({
        issueNo: z.string().trim().min(1).max(20),
        betType: vnBetTypeName,
        numbers: z.array(z.string().trim().max(4)).min(1).max(10),
        stakeMinor: minorAmount,
      }),
    )
    .min(1)
    .max(20),
});

export const vnLotteryRoutes = {
  vnLotteryBoard: defineRoute({
    ...lotteryEndpoints.vnLotteryBoard,
    tag: 'lottery',
    summary: 'Vietnamese lotteries: open draws per region and station, payouts and limits in force',
    value: vnBoardValue,
  }),
  vnLotteryResults: defineRoute({
    ...lotteryEndpoints.vnLotteryResults,
    tag: 'lottery',
    summary: "A region's latest results (official layout), newest first",
    query: z.object({
      region: z.enum(VN_REGION_NAMES),
      count: z.coerce.number().int().min(1).max(30).default(6),
    }),
    value: z.array(vnDraw),
  }),
  vnLotteryPlaceBets: defineRoute({
    ...lotteryEndpoints.vnLotteryPlaceBets,
    tag: 'lottery',
    summary: 'Places a slip of Vietnamese lottery bets (one or more draws); idempotent by request key',
    body: vnPlaceBetsBody,
    value: z.object({
      replayed: z.boolean(),
      totalStakeMinor: minor,
      balanceMinor: minor,
      betIds: z.array(z.string()),
    }),
  }),
  vnLotteryMyBets: defineRoute({
    ...lotteryEndpoints.vnLotteryMyBets,
    tag: 'lottery',
    summary: "The member's Vietnamese lottery bets, newest first, with win or loss",
    query: z.object({ count: z.coerce.number().int().min(1).max(100).default(30) }),
    value: z.array(vnBetView),
  }),
};

const issueNo = z.string().trim().min(1).max(20);

/** A draw on the results desk (ADR 051): awaiting a result, entered (awaiting approval), settled, corrected, void. */
export const VN_DESK_STATUSES = ['awaiting', 'entered', 'settled', 'corrected', 'void'] as const;

export const boVnLotteryRoutes = {
  boVnResults: defineRoute({
    ...lotteryEndpoints.boVnResults,
    tag: 'backoffice',
    summary: 'Results desk: manual entries waiting for a second approval, feed draws without a result',
    query: z.object({ merchant: merchantCode }),
    value: z.object({
      pending: z.array(
        z.object({
          id: z.string(),
          issueNo: z.string(),
          region: z.string(),
          result: vnResult,
          enteredBy: z.string().nullable(),
          enteredAt: z.number().int(),
        }),
      ),
      awaiting: z.array(vnDraw),
    }),
  }),
  boVnDraws: defineRoute({
    ...lotteryEndpoints.boVnDraws,
    tag: 'backoffice',
    summary: "Results desk: one Vietnamese day's draws by region and station, with their desk status",
    query: z.object({
      merchant: merchantCode,
      date: z
        .string()
        .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/)
        .optional(),
      region: z.enum(VN_REGION_NAMES).optional(),
      station: z.string().trim().min(1).max(8).optional(),
      status: z.enum(VN_DESK_STATUSES).optional(),
    }),
    value: z.object({
      date: z.string(),
      draws: z.array(
        vnDraw.extend({
          deskStatus: z.enum(VN_DESK_STATUSES),
          settledVersion: z.number().int(),
          voidReason: z.string().nullable(),
          bets: z.number().int(),
          paidMinor: minor,
          owedMinor: minor,
          pending: z
            .object({
              id: z.string(),
              enteredBy: z.string().nullable(),
              enteredAt: z.number().int(),
              result: vnResult,
            })
            .nullable(),
        }),
      ),
    }),
  }),
  boVnResultEnter: defineRoute({
    ...lotteryEndpoints.boVnResultEnter,
    tag: 'backoffice',
    summary: 'Enters a result by hand (pending until another staff member approves it)',
    body: z.object({ merchant: merchantCode, issueNo, result: vnResult.omit({ region: true }) }),
    value: z.object({ id: z.string(), status: z.string() }),
  }),
  boVnResultApprove: defineRoute({
    ...lotteryEndpoints.boVnResultApprove,
    tag: 'backoffice',
    summary: "Approves another staff member's entry: a new result version, settled (corrections as deltas)",
    body: z.object({ merchant: merchantCode, entryId: z.string().regex(/^[0-9]{1,18}$/) }),
    value: z.object({
      resultVersion: z.number().int(),
      settled: z.number().int(),
      paidMinor: minor,
      /** The bets' payouts before and after this version (a correction: the re-settlement's deltas). */
      delta: z.object({
        corrected: z.boolean(),
        bets: z.number().int(),
        paidBeforeMinor: minor,
        paidAfterMinor: minor,
        deltaMinor: minor,
        owedMinor: minor,
      }),
    }),
  }),
  boVnHolidays: defineRoute({
    ...lotteryEndpoints.boVnHolidays,
    tag: 'backoffice',
    summary: 'The holiday calendar from today (days without draws)',
    value: z.array(z.object({ day: z.string(), reason: z.string() })),
  }),
  boVnHolidayAdd: defineRoute({
    ...lotteryEndpoints.boVnHolidayAdd,
    tag: 'backoffice',
    summary: "Adds a day without draws; that day's draws are voided and refunded",
    body: z.object({
      day: z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/),
      reason: z.string().trim().min(1).max(200),
    }),
    value: z.object({ day: z.string(), voided: z.number().int() }),
  }),
  boVnVoid: defineRoute({
    ...lotteryEndpoints.boVnVoid,
    tag: 'backoffice',
    summary: 'Voids a draw without a result; every open bet is refunded once',
    body: z.object({ merchant: merchantCode, issueNo, reason: z.string().trim().min(1).max(200) }),
    value: z.object({ voided: z.boolean(), refunded: z.number().int() }),
  }),
};
