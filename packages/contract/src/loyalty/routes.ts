import { z } from 'zod';
import { defineRoute } from '../core/route';
import { loyaltyEndpoints as e } from './endpoints';
import * as s from './schemas';

const tag = 'loyalty';
const empty = z.object({});

export const loyaltyRoutes = {
  getPointBalance: defineRoute({
    ...e.getPointBalance,
    tag,
    summary: "The member's points",
    value: s.pointBalanceValue,
  }),
  getPointReward: defineRoute({
    ...e.getPointReward,
    tag,
    summary: 'Points mall items',
    value: s.pointRewardValue,
  }),
  getRedeemPointList: defineRoute({
    ...e.getRedeemPointList,
    tag,
    summary: "The member's redemptions (processing, approved, rejected) and point movements",
    value: s.redeemListValue,
  }),
  getPointConfig: defineRoute({
    ...e.getPointConfig,
    tag,
    summary: 'Points earned per turnover and product; conversion ratio and minimum',
    value: s.pointConfigValue,
  }),
  redeemPointReward: defineRoute({
    ...e.redeemPointReward,
    tag,
    summary: 'Redeem a mall item for points (payment password; goods need an address)',
    body: s.redeemPointBody,
    value: s.redeemPointValue,
  }),
  convertPoint: defineRoute({
    ...e.convertPoint,
    tag,
    summary: 'Convert points to cash at the merchant ratio (payment password)',
    body: s.convertPointBody,
    value: s.convertPointValue,
  }),
  missionSummary: defineRoute({
    ...e.missionSummary,
    tag,
    summary: 'Daily and weekly missions with progress, and the badge count (claimable now)',
    value: s.missionSummaryValue,
  }),
  missionLeaderboard: defineRoute({
    ...e.missionLeaderboard,
    tag,
    summary: 'Members by missions claimed this week',
    value: s.missionLeaderboardValue,
  }),
  missionClaim: defineRoute({
    ...e.missionClaim,
    tag,
    summary: "Claim a finished mission's reward (once per period)",
    body: s.missionClaimBody,
    value: s.missionClaimValue,
  }),
  vipInfo: defineRoute({
    ...e.vipInfo,
    tag,
    summary: 'VIP tiers and benefits, and (signed in) my level and progress',
    value: s.vipInfoValue,
  }),
  rebateList: defineRoute({
    ...e.rebateList,
    tag,
    summary: 'My rebates per day and product, accrued and paid',
    query: empty,
    value: s.rebateListValue,
  }),
  rebateClaim: defineRoute({
    ...e.rebateClaim,
    tag,
    summary: 'Claim every accrued rebate (manual rebate)',
    value: s.rebateClaimValue,
  }),
};
