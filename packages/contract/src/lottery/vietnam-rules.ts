import { z } from 'zod';
import { merchantCode } from '../core/lists';
import { defineRoute } from '../core/route';
import { minorAmount } from '../wallet/schemas';
import { lotteryEndpoints } from './endpoints';
import { VN_REGION_NAMES, vnBetTypeName } from './vietnam';

/**
 * The Vietnamese lotteries' rules editor and exposure (ADR 058): each region's rule in force
 * (payout per bet type with its RTP, stake limits, liability cap per number per draw); a new
 * version refused when any bet type's RTP is above 100 %; a draw's exposure per number.
 */
const minor = z.string().regex(/^-?[0-9]+$/);

export const boVnRuleView = z.object({
  region: z.enum(VN_REGION_NAMES),
  version: z.number().int(),
  effectiveFrom: z.number().int(),
  /** Bet type → thousandths of the stake paid per win. */
  payouts: z.partialRecord(vnBetTypeName, z.number().int()),
  /** Bet type → the payout's RTP in basis points (floored), from the region's prize structure. */
  rtpBp: z.partialRecord(vnBetTypeName, z.number().int()),
  minStakeMinor: minor,
  maxStakeMinor: minor,
  liabilityCapMinor: minor,
});

export const boVnRuleSaveBody = z.object({
  merchant: merchantCode,
  region: z.enum(VN_REGION_NAMES),
  /** Thousandths of the stake per win, 1 to 100,000,000 (100,000×). */
  payouts: z.partialRecord(vnBetTypeName, z.number().int().min(1).max(100_000_000)),
  minStakeMinor: minorAmount,
  maxStakeMinor: minorAmount,
  liabilityCapMinor: minorAmount,
});

export const boVnLotteryRuleRoutes = {
  boVnRules: defineRoute({
    ...lotteryEndpoints.boVnRules,
    tag: 'backoffice',
    summary: "Vietnamese lotteries: each region's rule in force with every bet type's RTP",
    query: z.object({ merchant: merchantCode }),
    value: z.array(boVnRuleView),
  }),
  boVnRuleSave: defineRoute({
    ...lotteryEndpoints.boVnRuleSave,
    tag: 'backoffice',
    summary: "A new version of a region's rule, in force at once (refused when an RTP is above 100 %)",
    body: boVnRuleSaveBody,
    value: boVnRuleView,
  }),
  boVnExposure: defineRoute({
    ...lotteryEndpoints.boVnExposure,
    tag: 'backoffice',
    summary: "A Vietnamese draw's liability per number (largest first) against the rule's cap",
    query: z.object({ merchant: merchantCode, issueNo: z.string().trim().min(1).max(40) }),
    value: z.object({
      issueNo: z.string(),
      liabilityCapMinor: minor,
      numbers: z.array(z.object({ key: z.string(), liabilityMinor: minor })),
    }),
  }),
};
