import { z } from 'zod';
import { TIME_MAX } from '../core/bounds';
import { paged } from '../core/lists';
import { defineRoute } from '../core/route';
import { gamesEndpoints } from './endpoints';
import { blank, json, minor, optional } from './fields';
import { roundProofValue } from './schemas';

/** The back office's game screens: rounds search and detail, vendors, jackpot settings. */

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

export const boGamesRoutes = {
  boGameRounds: defineRoute({
    ...gamesEndpoints.boGameRounds,
    summary: 'Game rounds search',
    tag: 'backoffice',
    query: boGameRoundSearch,
    value: paged(boGameRoundRow),
  }),
  boGameRoundsCsv: defineRoute({
    ...gamesEndpoints.boGameRoundsCsv,
    summary: 'Game rounds search as CSV',
    tag: 'backoffice',
    query: boGameRoundSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boGameRound: defineRoute({
    ...gamesEndpoints.boGameRound,
    summary: 'One game round with its fairness proof',
    tag: 'backoffice',
    query: z.object({ id: z.uuid() }),
    value: boGameRoundDetail,
  }),
  boGameVendors: defineRoute({
    ...gamesEndpoints.boGameVendors,
    summary: 'Game vendors with their state',
    tag: 'backoffice',
    value: z.object({ items: z.array(boGameVendor) }),
  }),
  boGameVendorStatus: defineRoute({
    ...gamesEndpoints.boGameVendorStatus,
    summary: 'Enable or disable a game vendor',
    tag: 'backoffice',
    body: boGameVendorStatusBody,
    value: boGameVendor,
  }),
  boJackpot: defineRoute({
    ...gamesEndpoints.boJackpot,
    summary: 'Jackpot and winner-board settings of a merchant, with the pool',
    tag: 'backoffice',
    query: boJackpotQuery,
    value: boJackpotValue,
  }),
  boJackpotUpdate: defineRoute({
    ...gamesEndpoints.boJackpotUpdate,
    summary: 'Save the jackpot and winner-board settings of a merchant',
    tag: 'backoffice',
    body: boJackpotBody,
    value: boJackpotValue,
  }),
};
