import { z } from 'zod';
import { merchantCode, paged } from '../core/lists';
import { defineRoute } from '../core/route';
import { minorAmount } from '../wallet/schemas';
import { LOYALTY_PRODUCTS, MISSION_KINDS, MISSION_PERIODS, REDEMPTION_STATUSES } from './constants';
import { loyaltyEndpoints as e } from './endpoints';
import { digits, loyaltyRuleSchema, mallItemValue } from './schemas';

const tag = 'backoffice';
const day = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/);
const names = z
  .partialRecord(z.enum(['en', 'bn', 'hi']), z.string().trim().min(1).max(80))
  .refine((n) => n.en !== undefined, { message: 'an English name' })
  .transform((n) => n as Record<string, string>);
const merchantQuery = z.object({ merchant: merchantCode });

export const boLoyaltyRuleValue = z.object({ version: z.number().int(), rule: loyaltyRuleSchema });
export const boRebateRunQuery = z.object({ merchant: merchantCode, day });
export const boRebateRunValue = z.object({
  day: z.string(),
  committed: z.boolean(),
  rebates: z.number().int(),
  members: z.number().int(),
  amountMinor: digits,
  pointEntries: z.number().int(),
  paid: z.number().int(),
});
export const boRedemptionQuery = z.object({
  merchant: merchantCode,
  status: z.enum(REDEMPTION_STATUSES).optional(),
  memberId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export const boMissionValue = z.object({
  id: z.number().int(),
  code: z.string(),
  period: z.enum(MISSION_PERIODS),
  kind: z.enum(MISSION_KINDS),
  product: z.enum(LOYALTY_PRODUCTS).nullable(),
  target: digits,
  rewardMinor: digits,
  name: z.record(z.string(), z.string()),
  active: z.boolean(),
  sort: z.number().int(),
});

export const boLoyaltyRoutes = {
  boLoyaltyRule: defineRoute({
    ...e.boLoyaltyRule,
    tag,
    summary: 'Loyalty rules in force (rebate rates, points, VIP tiers)',
    query: merchantQuery,
    value: boLoyaltyRuleValue,
  }),
  boLoyaltyRuleSave: defineRoute({
    ...e.boLoyaltyRuleSave,
    tag,
    summary: 'Save a new version of the loyalty rules, in force from now (audited)',
    body: z.object({ merchant: merchantCode, rule: loyaltyRuleSchema }),
    value: boLoyaltyRuleValue,
  }),
  boLoyaltyRebatePreview: defineRoute({
    ...e.boLoyaltyRebatePreview,
    tag,
    summary: "What a day's rebate run would accrue (nothing written)",
    query: boRebateRunQuery,
    value: boRebateRunValue,
  }),
  boLoyaltyRebateCommit: defineRoute({
    ...e.boLoyaltyRebateCommit,
    tag,
    summary:
      "Run a day's rebates, points and (auto mode) payment — once per (member, day, product) (audited)",
    body: boRebateRunQuery,
    value: boRebateRunValue,
  }),
  boLoyaltyRebatesCsv: defineRoute({
    ...e.boLoyaltyRebatesCsv,
    tag,
    summary: "A day's rebates as CSV",
    query: boRebateRunQuery,
    value: z.string(),
  }),
  boLoyaltyMallItems: defineRoute({
    ...e.boLoyaltyMallItems,
    tag,
    summary: 'Points mall items',
    query: merchantQuery,
    value: z.object({ items: z.array(mallItemValue) }),
  }),
  boLoyaltyMallItemSave: defineRoute({
    ...e.boLoyaltyMallItemSave,
    tag,
    summary: 'Create or change a mall item (audited)',
    body: z.object({
      merchant: merchantCode,
      id: z.number().int().positive().optional(),
      kind: z.enum(['cash', 'goods']),
      name: names,
      pointsCost: minorAmount,
      cashMinor: z.union([z.literal('0'), z.literal(0), minorAmount]).transform((v) => BigInt(v)),
      stock: z.number().int().min(0).nullable(),
      active: z.boolean(),
      sort: z.number().int().min(0).max(10_000).default(0),
    }),
    value: mallItemValue,
  }),
  boLoyaltyRedemptions: defineRoute({
    ...e.boLoyaltyRedemptions,
    tag,
    summary: 'Redemption queue',
    query: boRedemptionQuery,
    value: paged(
      z.object({
        id: z.string(),
        memberId: z.number().int(),
        itemName: z.record(z.string(), z.string()),
        kind: z.string(),
        points: digits,
        cashMinor: digits,
        address: z.string().nullable(),
        status: z.string(),
        createdAt: z.number(),
      }),
    ),
  }),
  boLoyaltyRedemptionsCsv: defineRoute({
    ...e.boLoyaltyRedemptionsCsv,
    tag,
    summary: 'Redemptions as CSV',
    query: boRedemptionQuery.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boLoyaltyRedemptionDecide: defineRoute({
    ...e.boLoyaltyRedemptionDecide,
    tag,
    summary: 'Approve (a cash item is paid) or reject (points back) a redemption (audited)',
    body: z.object({
      merchant: merchantCode,
      id: z.string().regex(/^[0-9]{1,18}$/),
      approve: z.boolean(),
      reason: z.string().trim().max(200).optional(),
    }),
    value: z.object({ id: z.string(), status: z.enum(REDEMPTION_STATUSES) }),
  }),
  boLoyaltyMissions: defineRoute({
    ...e.boLoyaltyMissions,
    tag,
    summary: 'Missions',
    query: merchantQuery,
    value: z.object({ missions: z.array(boMissionValue) }),
  }),
  boLoyaltyMissionSave: defineRoute({
    ...e.boLoyaltyMissionSave,
    tag,
    summary: 'Create or change a mission by its code (audited)',
    body: z.object({
      merchant: merchantCode,
      code: z.string().regex(/^[a-z0-9_-]{1,32}$/),
      period: z.enum(MISSION_PERIODS),
      kind: z.enum(MISSION_KINDS),
      product: z.enum(LOYALTY_PRODUCTS).nullable(),
      target: minorAmount,
      rewardMinor: minorAmount,
      name: names,
      active: z.boolean(),
      sort: z.number().int().min(0).max(10_000).default(0),
    }),
    value: boMissionValue,
  }),
};
