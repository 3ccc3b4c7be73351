import { z } from 'zod';
import { TIME_MAX } from './bounds';
import { endpoints } from './endpoints';
import { BET_RECORDS_MAX_RANGE_MS } from './games-constants';
import { defineRoute } from './route';
import { minorAmount } from './wallet';

export * from './games-constants';

/**
 * Playing games (docs/decisions/009-games-launch-rounds-jackpot.md): launch, the in-house provably fair slot API of the
 * game page, betting record, round proof, jackpot pool, and the back office's game screens.
 * Money: minor units as strings of digits (`...Minor`) plus two-decimal strings for display.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const decimal = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
const minor = z.string().regex(/^-?[0-9]+$/);
/** Free-form JSON objects (engine themes and outcomes, see @khela/fair types). */
const json = z.record(z.string(), z.unknown());

// ---- launch

export const launchGameQuery = z
  .object({
    gameType: optional(z.string().trim().toUpperCase().max(20)),
    vassalage: optional(z.string().trim().toUpperCase().max(40)),
    gameId: optional(z.string().trim().max(64)),
    nodeId: optional(z.string().trim().max(64)),
    platform: optional(z.string().trim().max(60)),
    /** `GLS` for games, `LOTT` for lottery (a launch without it is refused, as on the platform). */
    launchMode: z.enum(['GLS', 'LOTT']),
    /** 1 real money (default), 0 free play. */
    accountType: z.preprocess(
      blank,
      z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1)]))
        .default(1),
    ),
    language: optional(z.string().trim().toLowerCase().max(8)),
  })
  .refine((q) => q.nodeId !== undefined || (q.vassalage !== undefined && q.gameId !== undefined), {
    message: 'game.required',
    path: ['nodeId'],
  });

/** `GCS_gameLaunchFB`: the sports-vendor launch (the `/fbsports` and `/seamless` pages). */
export const gameLaunchFBQuery = z.object({
  /** A sportsbook vendor; default: FB Sports, else the first sportsbook that launches. */
  vassalage: optional(z.string().trim().toUpperCase().max(40)),
  platform: optional(z.string().trim().max(60)),
  /** 1 real money, 0 free play; default: 1 with a session, 0 without. */
  accountType: z.preprocess(
    blank,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .optional(),
  ),
  language: optional(z.string().trim().toLowerCase().max(8)),
});

export const launchGameValue = z.object({
  content: z.object({
    /** Single-use play URL (launch token inside), valid for LAUNCH_TOKEN_TTL_MS. */
    game_url: z.string(),
    mode: z.enum(['real', 'demo']),
    /** Epoch ms after which the URL no longer opens. */
    expiresAt: z.number().int(),
    nodeId: z.string(),
    /** `inhouse` for the provably fair slot, else the vendor code of the adapter. */
    provider: z.string(),
  }),
});

export const gameSessionBody = z.object({ token: z.string().min(16).max(200) });

export const gameSessionValue = z.object({
  /** Send as `X-Game-Session` on the slot calls. */
  sessionToken: z.string(),
  expiresAt: z.number().int(),
  mode: z.enum(['real', 'demo']),
  nodeId: z.string(),
  gameName: z.string(),
  merchantCode: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  language: z.string(),
});

// ---- in-house slot

export const seedInfo = z.object({
  /** sha256 (hex) of the active server seed. */
  commitment: z.string(),
  clientSeed: z.string(),
  /** The nonce the next spin uses. */
  nonce: z.number().int(),
});

export const jackpotInfo = z.object({
  enabled: z.boolean(),
  pool: decimal,
  poolMinor: minor,
  currency: z.string(),
});

export const slotInitValue = z.object({
  nodeId: z.string(),
  gameName: z.string(),
  mode: z.enum(['real', 'demo']),
  /** @khela/fair `Theme`. */
  theme: json,
  currency: z.string(),
  currencySymbol: z.string(),
  balance: decimal,
  balanceMinor: minor,
  /** Offered total bets per spin, minor units, ascending. */
  betLevels: z.array(minor),
  defaultBetMinor: minor,
  seed: seedInfo,
  /** @khela/fair `SlotState`: the free-spin feature in progress, or null. */
  state: json.nullable(),
  jackpot: jackpotInfo,
  /** 1 in N chance of the jackpot on a paid spin. */
  jackpotOdds: z.number().int(),
});

export const slotSpinBody = z.object({
  /** The client's id of this round request: a repeat returns the first answer. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'game.request.id'),
  /** Total bet (one of betLevels). Ignored during free spins (they play at the triggering bet). */
  betMinor: minorAmount.optional(),
});

export const slotRound = z.object({
  roundId: z.string(),
  nonce: z.number().int(),
  clientSeed: z.string(),
  commitment: z.string(),
  stake: decimal,
  stakeMinor: minor,
  /** Line/ways/scatter wins plus any jackpot. */
  payout: decimal,
  payoutMinor: minor,
  jackpotWinMinor: minor,
  balanceBeforeMinor: minor.nullable(),
  balanceAfterMinor: minor.nullable(),
  /** @khela/fair `SlotState` before the spin (null: a paid spin). */
  stateBefore: json.nullable(),
  /** @khela/fair `SpinResult`. */
  result: json,
  createdAt: z.number().int(),
});

export const slotSpinValue = slotRound.extend({
  /** True when this answers a repeated requestId (nothing new happened). */
  replayed: z.boolean(),
  balance: decimal,
  balanceMinor: minor,
  jackpot: jackpotInfo,
});

export const slotClientSeedBody = z.object({
  clientSeed: z.string().regex(/^[\x21-\x7e]{1,64}$/, 'game.client.seed'),
});

export const slotRotateSeedValue = z.object({
  revealed: z.object({
    serverSeed: z.string(),
    commitment: z.string(),
    clientSeed: z.string(),
    /** Spins played under this pair (nonces 0 .. rounds-1). */
    rounds: z.number().int(),
  }),
  next: seedInfo,
});

export const slotHistoryValue = z.object({ list: z.array(slotRound) });

export const roundProofQuery = z.object({ roundId: z.uuid() });

export const roundProofValue = z.object({
  roundId: z.string(),
  /** The @khela/fair outcome mapping (`FAIR_VERSION`) the round was drawn with. */
  fairVersion: z.number().int(),
  nodeId: z.string(),
  /** `ThemeInput` for @khela/fair `verifyRound`. */
  theme: z.object({ nodeId: z.string(), name: z.string() }),
  commitment: z.string(),
  /** Null until the player rotates the seed pair. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  betMinor: z.number().int(),
  jackpotOdds: z.number().int(),
  state: json.nullable(),
  recorded: z.object({
    stops: z.array(z.number().int()),
    winMinor: z.number().int(),
    jackpotHit: z.boolean(),
    freeSpinsAwarded: z.number().int(),
    freeSpinsRemaining: z.number().int(),
  }),
  createdAt: z.number().int(),
});

export const jackpotPoolValue = jackpotInfo.extend({ updatedAt: z.number().int() });

// ---- records

export const betRecordsQuery = z
  .object({
    pageNo: optional(z.coerce.number().int().min(1).max(10_000)),
    gameType: optional(z.string().trim().toUpperCase().max(20)),
    vassalage: optional(z.string().trim().toUpperCase().max(40)),
    /** Epoch ms; default the last 7 days, at most 31 days. */
    startTime: optional(z.coerce.number().int().min(0).max(TIME_MAX)),
    endTime: optional(z.coerce.number().int().min(0).max(TIME_MAX)),
  })
  .refine((q) => q.startTime === undefined || q.endTime === undefined || q.startTime <= q.endTime, {
    message: 'range.invalid',
    path: ['endTime'],
  })
  .refine(
    (q) =>
      q.startTime === undefined ||
      q.endTime === undefined ||
      q.endTime - q.startTime <= BET_RECORDS_MAX_RANGE_MS,
    { message: 'range.too.long', path: ['endTime'] },
  );

export const betRecord = z.object({
  roundId: z.string(),
  nodeId: z.string().nullable(),
  gameName: z.string(),
  gameType: z.string(),
  vendor: z.string(),
  status: z.enum(['open', 'settled', 'cancelled']),
  stake: decimal,
  stakeMinor: minor,
  payout: decimal,
  payoutMinor: minor,
  /** payout - stake. */
  profit: decimal,
  profitMinor: minor,
  balanceBefore: decimal.nullable(),
  balanceAfter: decimal.nullable(),
  /** True for an in-house round (the round proof and recall exist). */
  provablyFair: z.boolean(),
  openedAt: z.number().int(),
  settledAt: z.number().int().nullable(),
});

export const betRecordsValue = z.object({
  list: z.array(betRecord),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  /** Over the whole filtered range. */
  summary: z.object({ stake: decimal, payout: decimal, profit: decimal }),
});

export const betRecordDetailQuery = z.object({ roundId: z.uuid() });

export const betRecordDetailValue = betRecord.extend({
  /** In-house rounds: the spin step by step (@khela/fair `SpinResult`); null otherwise. */
  result: json.nullable(),
  stateBefore: json.nullable(),
  proof: roundProofValue.nullable(),
});

// ---- back office

const isoOrMs = z.coerce.number().int().min(0).max(TIME_MAX);

export const boGameRoundSearch = z.object({
  merchant: optional(z.string().max(40)),
  /** Member account name (exact) or id. */
  member: optional(z.string().trim().max(60)),
  nodeId: optional(z.string().trim().max(64)),
  vendor: optional(z.string().trim().toUpperCase().max(40)),
  status: optional(z.enum(['open', 'settled', 'cancelled'])),
  from: optional(isoOrMs),
  to: optional(isoOrMs),
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
  pageSize: z.preprocess(blank, z.coerce.number().int().min(1).max(200).default(50)),
});

export const boGameRoundRow = z.object({
  id: z.string(),
  merchantCode: z.string(),
  memberId: z.number().int().nullable(),
  username: z.string().nullable(),
  mode: z.enum(['real', 'demo']),
  vendorCode: z.string(),
  gameNodeId: z.string().nullable(),
  gameType: z.string(),
  externalRoundId: z.string().nullable(),
  status: z.enum(['open', 'settled', 'cancelled']),
  stakeMinor: minor,
  payoutMinor: minor,
  jackpotContributionMinor: minor,
  jackpotWinMinor: minor,
  balanceBeforeMinor: minor.nullable(),
  balanceAfterMinor: minor.nullable(),
  currency: z.string(),
  openedAt: z.number().int(),
  settledAt: z.number().int().nullable(),
});

export const boGameRoundDetail = boGameRoundRow.extend({
  result: json.nullable(),
  stateBefore: json.nullable(),
  bet: json.nullable(),
  cancelReason: z.string().nullable(),
  ledgerEntryId: z.string().nullable(),
  proof: roundProofValue.nullable(),
});

export const boGameVendor = z.object({
  code: z.string(),
  gameType: z.string(),
  displayName: z.string(),
  enabled: z.boolean(),
  allowDemo: z.boolean(),
  games: z.number().int(),
  /** `inhouse` or the adapter code; null: no way to launch (launches are refused). */
  provider: z.string().nullable(),
});

export const boGameVendorStatusBody = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{1,40}$/),
  gameType: z.string().trim().toUpperCase().max(20),
  enabled: z.boolean(),
});

export const boJackpotQuery = z.object({ merchant: z.string().max(40) });

export const boJackpotValue = z.object({
  merchant: z.string(),
  currency: z.string(),
  enabled: z.boolean(),
  shareBp: z.number().int(),
  seedMinor: minor,
  /** 1 in N on a paid spin. */
  odds: z.number().int(),
  bigWinMinMinor: minor,
  poolMinor: minor,
});

const minorOrZero = z
  .union([z.string().regex(/^(0|[1-9][0-9]{0,15})$/), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => BigInt(v));

export const boJackpotBody = z.object({
  merchant: z.string().max(40),
  enabled: z.boolean(),
  /** 0 .. 1000 (10 %). */
  shareBp: z.number().int().min(0).max(1000),
  seedMinor: minorOrZero,
  odds: z.number().int().min(2).max(1_000_000_000),
  bigWinMinMinor: minorOrZero,
});

const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const gamesRoutes = {
  launchGame: defineRoute({
    ...endpoints.launchGame,
    summary: 'Launch a game: a single-use play URL (value.content.game_url)',
    tag: 'games',
    query: launchGameQuery,
    value: launchGameValue,
  }),
  gameLaunchFB: defineRoute({
    ...endpoints.gameLaunchFB,
    summary: 'Launch the sports vendor (FB Sports, else the first sportsbook): value.content.game_url',
    tag: 'games',
    query: gameLaunchFBQuery,
    value: launchGameValue,
  }),
  gameSession: defineRoute({
    ...endpoints.gameSession,
    summary: 'Exchange a launch token for a game session (once)',
    tag: 'games',
    body: gameSessionBody,
    value: gameSessionValue,
  }),
  slotInit: defineRoute({
    ...endpoints.slotInit,
    summary: 'In-house slot: theme, balance, bet levels, seeds, feature state, jackpot',
    tag: 'games',
    value: slotInitValue,
  }),
  slotSpin: defineRoute({
    ...endpoints.slotSpin,
    summary: 'In-house slot: one spin (stake and win through the ledger in one transaction)',
    tag: 'games',
    body: slotSpinBody,
    value: slotSpinValue,
  }),
  slotClientSeed: defineRoute({
    ...endpoints.slotClientSeed,
    summary: 'In-house slot: set the client seed',
    tag: 'games',
    body: slotClientSeedBody,
    value: seedInfo,
  }),
  slotRotateSeed: defineRoute({
    ...endpoints.slotRotateSeed,
    summary: 'In-house slot: reveal the server seed and commit a new one',
    tag: 'games',
    value: slotRotateSeedValue,
  }),
  slotHistory: defineRoute({
    ...endpoints.slotHistory,
    summary: 'In-house slot: the last 10 rounds of this game (recall)',
    tag: 'games',
    value: slotHistoryValue,
  }),
  roundProof: defineRoute({
    ...endpoints.roundProof,
    summary: 'Fairness proof of an in-house round (the server seed once revealed)',
    tag: 'games',
    query: roundProofQuery,
    value: roundProofValue,
  }),
  jackpotPool: defineRoute({
    ...endpoints.jackpotPool,
    summary: 'The progressive jackpot pool of the merchant',
    tag: 'games',
    value: jackpotPoolValue,
  }),
  betRecords: defineRoute({
    ...endpoints.betRecords,
    summary: 'Betting record: the member rounds, 15 a page',
    tag: 'games',
    query: betRecordsQuery,
    value: betRecordsValue,
  }),
  betRecordDetail: defineRoute({
    ...endpoints.betRecordDetail,
    summary: 'One round of the member, step by step',
    tag: 'games',
    query: betRecordDetailQuery,
    value: betRecordDetailValue,
  }),
};

export const boGamesRoutes = {
  boGameRounds: defineRoute({
    ...endpoints.boGameRounds,
    summary: 'Game rounds search',
    tag: 'backoffice',
    query: boGameRoundSearch,
    value: paged(boGameRoundRow),
  }),
  boGameRoundsCsv: defineRoute({
    ...endpoints.boGameRoundsCsv,
    summary: 'Game rounds search as CSV',
    tag: 'backoffice',
    query: boGameRoundSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boGameRound: defineRoute({
    ...endpoints.boGameRound,
    summary: 'One game round with its fairness proof',
    tag: 'backoffice',
    query: z.object({ id: z.uuid() }),
    value: boGameRoundDetail,
  }),
  boGameVendors: defineRoute({
    ...endpoints.boGameVendors,
    summary: 'Game vendors with their state',
    tag: 'backoffice',
    value: z.object({ items: z.array(boGameVendor) }),
  }),
  boGameVendorStatus: defineRoute({
    ...endpoints.boGameVendorStatus,
    summary: 'Enable or disable a game vendor',
    tag: 'backoffice',
    body: boGameVendorStatusBody,
    value: boGameVendor,
  }),
  boJackpot: defineRoute({
    ...endpoints.boJackpot,
    summary: 'Jackpot and winner-board settings of a merchant, with the pool',
    tag: 'backoffice',
    query: boJackpotQuery,
    value: boJackpotValue,
  }),
  boJackpotUpdate: defineRoute({
    ...endpoints.boJackpotUpdate,
    summary: 'Save the jackpot and winner-board settings of a merchant',
    tag: 'backoffice',
    body: boJackpotBody,
    value: boJackpotValue,
  }),
};
