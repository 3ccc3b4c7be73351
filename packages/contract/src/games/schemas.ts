import { z } from 'zod';
import { TIME_MAX } from '../core/bounds';
import { minorAmount } from '../wallet/schemas';
import { BET_RECORDS_MAX_RANGE_MS } from './constants';
import { blank, decimal, json, minor, optional } from './fields';

/**
 * Playing games (docs/decisions/009-games-launch-rounds-jackpot.md): launch, the in-house provably fair slot API of the
 * game page, betting record, round proof, jackpot pool, and the back office's game screens.
 * Money: minor units as strings of digits (`...Minor`) plus two-decimal strings for display.
 */

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
    /**
     * A vendor game of a transfer-wallet merchant: its wallet. `auto`: the main wallet (and the
     * other vendor wallets) were moved into it at this launch; else the page offers a transfer
     * when the game's wallet is empty.
     */
    wallet: z
      .object({
        auto: z.boolean(),
        accountTypeId: z.number().int(),
        movedMinor: z.string(),
        vendorBalanceMinor: z.string(),
        mainBalanceMinor: z.string(),
      })
      .optional(),
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
  /** The engine the round was played on (`classic`: the 5×3 slot of `verifyRound`). */
  engine: z.string(),
  /** The engine's parameters (dice target, mines count, volatility…); {} for the classic slot. */
  params: json,
  /** The engine's whole recorded result (null for the classic slot: see `recorded`). */
  engineRecorded: json.nullable(),
  mode: z.enum(['real', 'demo']),
  /** What the round paid (engine win plus any jackpot). */
  payoutMinor: minor,
  jackpotWinMinor: minor,
  /** What the ledger credited the member for the round; null for free play (no ledger). */
  ledgerPayoutMinor: minor.nullable(),
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
