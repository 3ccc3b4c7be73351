import { z } from 'zod';
import { merchantCode } from '../core/lists';
import { minorAmount } from '../wallet/schemas';

/** The sportsbook's views (issue 21). Odds: ten-thousandths as digit strings; money: minor units. */
const digits = z.string().regex(/^-?[0-9]+$/);

export const SPORTSBOOK_PRODUCTS = ['SPORTS', 'ESPORTS', 'COCKFIGHT'] as const;
export const sportsbookProduct = z.enum(SPORTSBOOK_PRODUCTS);
export const sportsbookMarketKind = z.enum([
  'winner',
  'match_bet',
  '1x2',
  'handicap',
  'total',
  'map_handicap',
  'cockfight',
]);
export const sportsbookSelectionCode = z.enum(['home', 'away', 'draw', 'over', 'under', 'meron', 'wala']);
export const sportsbookOutcome = z.enum(['win', 'half_win', 'push', 'half_loss', 'loss', 'void']);
/** A winning selection that finished level: `tied` selections for `places` paying places (ADR 055). */
export const sportsbookDeadHeat = z.object({ places: z.number().int(), tied: z.number().int() });

export const sportsbookSelection = z.object({
  id: z.string(),
  code: sportsbookSelectionCode,
  odds: digits,
  poolMinor: digits,
  outcome: sportsbookOutcome.nullable(),
  deadHeat: sportsbookDeadHeat.nullable(),
});

export const sportsbookMarket = z.object({
  id: z.string(),
  kind: sportsbookMarketKind,
  lineQ: z.number().int().nullable(),
  status: z.enum(['open', 'suspended', 'closed', 'settled', 'voided']),
  pariMutuel: z.boolean(),
  selections: z.array(sportsbookSelection),
});

export const sportsbookResult = z.union([
  z.object({ kind: z.literal('score'), home: z.number().int(), away: z.number().int() }),
  z.object({ kind: z.literal('fight'), winner: z.enum(['meron', 'wala', 'draw', 'cancelled']) }),
]);

export const sportsbookEvent = z.object({
  id: z.string(),
  sportCode: z.string(),
  product: sportsbookProduct,
  competitionId: z.string(),
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  status: z.enum(['scheduled', 'live', 'ended', 'resulted', 'cancelled']),
  commitment: z.string(),
  /** Revealed with the result: the simulator's result is recomputable from it. */
  serverSeed: z.string().nullable(),
  result: sportsbookResult.nullable(),
  markets: z.array(sportsbookMarket),
});
export type SportsbookEvent = z.infer<typeof sportsbookEvent>;

export const sportsbookEventsQuery = z.object({ product: sportsbookProduct.default('SPORTS') });
export const sportsbookEventsValue = z.object({
  serverTime: z.number().int(),
  events: z.array(sportsbookEvent),
});

export const sportsbookResultsQuery = z.object({
  sportCode: z.string().trim().min(2).max(16),
  count: z.coerce.number().int().min(1).max(50).default(10),
});

export const sportsbookBetLeg = z.object({
  eventId: z.string(),
  event: z.string(),
  sportCode: z.string(),
  startsAt: z.number().int(),
  marketKind: sportsbookMarketKind,
  lineQ: z.number().int().nullable(),
  selectionCode: sportsbookSelectionCode,
  odds: digits,
  outcome: sportsbookOutcome.nullable(),
  /** The leg's selection dead-heated: paid on places/tied of its stake. */
  deadHeat: sportsbookDeadHeat.nullable(),
});

export const SPORTSBOOK_BET_RESULTS = [
  'won',
  'lost',
  'void',
  'half_won',
  'half_lost',
  'push',
  'cashed_out',
  'dead_heat',
] as const;

/** One partial cash-out of a bet: the stake taken out and what it paid (ADR 055). */
export const sportsbookPartialCashOut = z.object({
  stakePartMinor: digits,
  valueMinor: digits,
  at: z.number().int(),
});

export const sportsbookBet = z.object({
  id: z.string(),
  kind: z.enum(['single', 'multiple', 'system']),
  /** A system's combination sizes (null otherwise); its stake is the unit × combinations. */
  systemSizes: z.array(z.number().int()).nullable(),
  product: sportsbookProduct,
  /** The stake still running (less what partial cash-outs took out). */
  stakeMinor: digits,
  potentialMinor: digits.nullable(),
  payoutMinor: digits,
  /** The stake taken out by partial cash-outs, and what they paid in all. */
  cashedOutStakeMinor: digits,
  cashedOutMinor: digits,
  partialCashOuts: z.array(sportsbookPartialCashOut),
  status: z.enum(['open', 'settled']),
  result: z.enum(SPORTSBOOK_BET_RESULTS).nullable(),
  /** An open bet's cash-out offer now (minor units, floored), or null when none is offered. */
  cashOutMinor: digits.nullable(),
  /** The stake a partial cash-out may take now (the rule's minimum, leaving it running), or null. */
  cashOutPart: z.object({ minMinor: digits, maxMinor: digits }).nullable(),
  placedAt: z.number().int(),
  settledAt: z.number().int().nullable(),
  legs: z.array(sportsbookBetLeg),
});
export type SportsbookBet = z.infer<typeof sportsbookBet>;

export const sportsbookPlaceBetBody = z.object({
  /** The client's key of this bet: sending it again answers the first bet, debits nothing. */
  requestKey: z.string().trim().min(1).max(64),
  kind: z.enum(['single', 'multiple', 'system']),
  /** Single, multiple: the stake; system: the unit stake of each combination. */
  stakeMinor: minorAmount,
  /** A system's combination sizes, e.g. [2, 3] for a Trixie of three legs. */
  systemSizes: z.array(z.number().int().min(1).max(8)).min(1).max(8).optional(),
  oddsPolicy: z.enum(['any', 'higher', 'none']).default('higher'),
  legs: z
    .array(z.object({ selectionId: z.uuid(), odds: z.string().regex(/^[0-9]{5,9}$/) }))
    .min(1)
    .max(20),
});

export const sportsbookPlaceBetValue = z.object({
  replayed: z.boolean(),
  balanceMinor: digits,
  bet: sportsbookBet,
});

export const sportsbookCashOutBody = z.object({
  betId: z.uuid(),
  /** The offer the member saw and accepts: the server pays its own offer now if not lower. */
  offerMinor: minorAmount,
});

export const sportsbookCashOutValue = z.object({
  offerMinor: digits,
  balanceMinor: digits,
  bet: sportsbookBet,
});

export const sportsbookPartialCashOutBody = z.object({
  betId: z.uuid(),
  /** The client's key of this cash-out: sending it again answers the first one, pays nothing. */
  requestKey: z.string().trim().min(1).max(64),
  /** The stake to take out: at least the minimum stake, leaving at least the minimum running. */
  stakePartMinor: minorAmount,
  /** The full offer the member saw: the server works from its own offer now if not lower. */
  offerMinor: minorAmount,
});

export const sportsbookPartialCashOutValue = z.object({
  replayed: z.boolean(),
  /** What the part paid: ⌊offer × part ÷ stake⌋. */
  valueMinor: digits,
  offerMinor: digits,
  balanceMinor: digits,
  bet: sportsbookBet,
});

export const sportsbookMyBetsQuery = z.object({
  status: z.enum(['open', 'settled']).optional(),
  count: z.coerce.number().int().min(1).max(100).default(50),
});

// Back office (trading): events with liability, suspend/reopen, void, result and resettle.
export const boSportsbookEventsQuery = z.object({
  merchant: merchantCode,
  product: sportsbookProduct.optional(),
});
export const boSportsbookEvent = sportsbookEvent.extend({
  markets: z.array(
    sportsbookMarket.extend({
      selections: z.array(
        sportsbookSelection.extend({ liabilityMinor: digits, stakeMinor: digits, bets: z.number().int() }),
      ),
    }),
  ),
});
export const boSportsbookMarketStatusBody = z.object({
  merchant: merchantCode,
  marketId: z.uuid(),
  status: z.enum(['open', 'suspended']),
  reason: z.string().trim().min(1).max(200),
});
export const boSportsbookMarketVoidBody = z.object({
  merchant: merchantCode,
  marketId: z.uuid(),
  reason: z.string().trim().min(1).max(200),
});
export const boSportsbookResultBody = z.object({
  merchant: merchantCode,
  eventId: z.uuid(),
  result: sportsbookResult,
  reason: z.string().trim().min(1).max(200),
});
export const boSportsbookResultValue = z.object({
  resettled: z.boolean(),
  betsChanged: z.number().int(),
  deltaMinor: digits,
});

// Back office: bet search and the cash-out setting (ADR 050).
export const boSportsbookBetsQuery = z.object({
  merchant: merchantCode,
  memberId: z.coerce.number().int().positive().optional(),
  status: z.enum(['open', 'settled']).optional(),
  result: z.enum(SPORTSBOOK_BET_RESULTS).optional(),
  count: z.coerce.number().int().min(1).max(200).default(50),
});
export const boSportsbookBet = sportsbookBet.extend({ memberId: z.number().int() });
export const boSportsbookCashOutRuleBody = z.object({
  merchant: merchantCode,
  enabled: z.boolean(),
  /** The margin taken off a fair cash-out value, in basis points (500 = 5 %). */
  marginBp: z.number().int().min(0).max(5000),
  reason: z.string().trim().min(1).max(200),
});
export const boSportsbookCashOutRuleValue = z.object({
  version: z.number().int(),
  enabled: z.boolean(),
  marginBp: z.number().int(),
});

/** The odds formats a member may keep with the account (the display formats of @khela/fair, ADR 050). */
export const SPORTSBOOK_ODDS_FORMATS = ['decimal', 'fractional', 'american', 'hk', 'malay', 'indo'] as const;
export type SportsbookOddsFormat = (typeof SPORTSBOOK_ODDS_FORMATS)[number];
/** null: never chosen (the site then uses the browser's choice, decimal by default). */
export const sportsbookPreferencesValue = z.object({
  oddsFormat: z.enum(SPORTSBOOK_ODDS_FORMATS).nullable(),
});
export const sportsbookPreferencesBody = z.object({ oddsFormat: z.enum(SPORTSBOOK_ODDS_FORMATS) });
