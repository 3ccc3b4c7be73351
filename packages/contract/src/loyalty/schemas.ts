import { z } from 'zod';
import { minorAmount } from '../wallet/schemas';
import {
  LOYALTY_PRODUCTS,
  MALL_ADDRESS_MAX,
  MISSION_KINDS,
  MISSION_PERIODS,
  REDEMPTION_STATUSES,
} from './constants';

/** Loyalty's player answers and bodies. Money and points: digit strings (minor units, whole points). */
export const digits = z.string().regex(/^-?[0-9]+$/);
const texts = z.record(z.string(), z.string());
const product = z.enum(LOYALTY_PRODUCTS);

export const pointBalanceValue = z.object({ points: digits, pointsEarned: digits });

export const mallItemValue = z.object({
  id: z.number().int(),
  kind: z.enum(['cash', 'goods']),
  name: texts,
  pointsCost: digits,
  cashMinor: digits,
  stock: z.number().int().nullable(),
  active: z.boolean(),
  sort: z.number().int(),
});
export const pointRewardValue = z.object({ items: z.array(mallItemValue) });

export const redemptionValue = z.object({
  id: z.string(),
  itemId: z.number().int(),
  itemName: texts,
  kind: z.enum(['cash', 'goods']),
  points: digits,
  cashMinor: digits,
  address: z.string().nullable(),
  status: z.enum(REDEMPTION_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export const redeemListValue = z.object({
  redemptions: z.array(redemptionValue),
  entries: z.array(
    z.object({
      id: z.string(),
      delta: digits,
      reason: z.string(),
      detail: z.record(z.string(), z.unknown()),
      at: z.number(),
    }),
  ),
});

export const pointConfigValue = z.object({
  turnoverPerPoint: z.partialRecord(product, digits),
  convertMinorPerPoint: digits,
  convertMinPoints: digits,
});

const paymentPassword = z.string().min(1).max(64);
const requestKey = z.string().trim().min(1).max(64);

export const redeemPointBody = z.object({
  itemId: z.number().int().positive(),
  address: z.string().trim().max(MALL_ADDRESS_MAX).optional(),
  paymentPassword,
  requestKey,
});
export const redeemPointValue = z.object({ redemptionId: z.string(), points: digits });

export const convertPointBody = z.object({
  points: minorAmount,
  paymentPassword,
  requestKey,
});
export const convertPointValue = z.object({ points: digits, cashMinor: digits });

export const missionValue = z.object({
  id: z.number().int(),
  code: z.string(),
  period: z.enum(MISSION_PERIODS),
  kind: z.enum(MISSION_KINDS),
  product: product.nullable(),
  target: digits,
  rewardMinor: digits,
  name: texts,
  periodStart: z.string(),
  periodEnd: z.number(),
  progress: digits,
  done: z.boolean(),
  claimed: z.boolean(),
});
export const missionSummaryValue = z.object({
  missions: z.array(missionValue),
  badgeCount: z.number().int(),
});
export const missionLeaderboardValue = z.object({
  weekStart: z.string(),
  rows: z.array(
    z.object({ rank: z.number().int(), name: z.string(), claims: z.number().int(), me: z.boolean() }),
  ),
});
export const missionClaimBody = z.object({ missionId: z.number().int().positive() });
export const missionClaimValue = z.object({ rewardMinor: digits, periodStart: z.string() });

const tier = z.object({
  level: z.number().int(),
  name: z.string(),
  turnoverMinor: digits,
  depositMinor: digits,
  retentionTurnoverMinor: digits,
  withdrawDailyMinor: digits,
  birthdayBonusMinor: digits,
  /** Versions saved before ADR 056 have none: 0. */
  levelUpBonusMinor: digits.default('0'),
});
export const vipInfoValue = z.object({
  tiers: z.array(tier.extend({ rebatePpm: z.partialRecord(product, z.number().int()) })),
  me: z
    .object({
      level: z.number().int(),
      levelSince: z.number(),
      turnoverMinor: digits,
      depositMinor: digits,
      nextLevel: z.number().int().nullable(),
      nextTurnoverMinor: digits.nullable(),
      nextDepositMinor: digits.nullable(),
      retentionTurnoverMinor: digits,
      retentionTargetMinor: digits.nullable(),
      retentionDueAt: z.number().nullable(),
      /** VIP bonuses paid to the member, newest first (ADR 056): period = the level or the year. */
      bonuses: z.array(
        z.object({
          kind: z.enum(['level_up', 'birthday']),
          period: z.string(),
          level: z.number().int(),
          amountMinor: digits,
          at: z.number(),
        }),
      ),
    })
    .nullable(),
});

export const rebateValue = z.object({
  id: z.string(),
  day: z.string(),
  product: z.string(),
  turnoverMinor: digits,
  ratePpm: z.number().int(),
  vipLevel: z.number().int(),
  amountMinor: digits,
  status: z.enum(['accrued', 'paid']),
});
export const rebateListValue = z.object({
  mode: z.enum(['auto', 'manual']),
  accruedMinor: digits,
  rebates: z.array(rebateValue),
});
export const rebateClaimValue = z.object({ paid: z.number().int(), amountMinor: digits });

export const loyaltyRuleSchema = z.object({
  rebate: z.object({
    mode: z.enum(['auto', 'manual']),
    payHour: z.number().int().min(0).max(23),
    dailyCapMinor: digits,
    ratesPpm: z
      .array(z.partialRecord(product, z.number().int().min(0).max(50_000)))
      .min(1)
      .max(20),
  }),
  points: z.object({
    turnoverPerPoint: z.partialRecord(product, digits),
    convertMinorPerPoint: digits,
    convertMinPoints: digits,
  }),
  vip: z.object({ tiers: z.array(tier).min(1).max(20) }),
});
