import { endpoint } from '../core/endpoint';

const bo = (method: 'GET' | 'POST' | 'PUT', path: string) =>
  endpoint({ method, path: `/bo/api/loyalty/${path}`, modId: null, auth: false, staff: true });
/** A CSV export: the bare file, no envelope. */
const csv = (path: string) =>
  endpoint({
    method: 'GET',
    path: `/bo/api/loyalty/${path}`,
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  });

/**
 * Loyalty (issue 19, docs/decisions/037): the spec's point relays (§7), missions, VIP, manual
 * rebate, and the back office's rebate runs, rules, mall and missions.
 */
export const loyaltyEndpoints = {
  getPointBalance: endpoint({
    method: 'GET',
    path: '/wps/relay/getPointBalance',
    modId: 'PTSYS3',
    auth: true,
  }),
  /** The mall's items. */
  getPointReward: endpoint({ method: 'GET', path: '/wps/relay/getPointReward', modId: 'PTSYS3', auth: true }),
  /** The member's redemptions and point movements. */
  getRedeemPointList: endpoint({
    method: 'GET',
    path: '/wps/relay/getRedeemPointList',
    modId: 'PTSYS3',
    auth: true,
  }),
  getPointConfig: endpoint({ method: 'GET', path: '/wps/relay/getPointConfig', modId: 'PTSYS3', auth: true }),
  /** Redeems a mall item (payment password checked). */
  redeemPointReward: endpoint({
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    modId: 'PTSYS3',
    auth: true,
    realAccountOnly: true,
    protection: 'exempt',
  }),
  /** Converts points to cash at the merchant's ratio (payment password checked). */
  convertPoint: endpoint({
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_convertPoint',
    modId: 'PTSYS3',
    auth: true,
    realAccountOnly: true,
    protection: 'exempt',
  }),
  /** Missions with progress, claimed flags and the badge count. */
  missionSummary: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionSummaryDetails',
    modId: 'COMM3',
    auth: true,
  }),
  missionLeaderboard: endpoint({
    method: 'GET',
    path: '/wps/relay/getMissionLeaderboard',
    modId: 'COMM3',
    auth: true,
  }),
  missionClaim: endpoint({
    method: 'POST',
    path: '/wps/loyalty/missions/claim',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
    protection: 'exempt',
  }),
  /** VIP tiers, benefits and the member's progress (evaluated on the way: at most one level up a day). */
  vipInfo: endpoint({ method: 'GET', path: '/wps/loyalty/vip', modId: 'COMM3', auth: 'optional' }),
  /** Accrued and paid rebates per day and product. */
  rebateList: endpoint({ method: 'GET', path: '/wps/loyalty/rebates', modId: 'REBATE3', auth: true }),
  /** Claims every accrued rebate (manual mode). */
  rebateClaim: endpoint({
    method: 'POST',
    path: '/wps/loyalty/rebates/claim',
    modId: 'REBATE3',
    auth: true,
    realAccountOnly: true,
    protection: 'exempt',
  }),
  boLoyaltyRule: bo('GET', 'rule'),
  boLoyaltyRuleSave: bo('PUT', 'rule'),
  boLoyaltyRebatePreview: bo('GET', 'rebates/preview'),
  boLoyaltyRebateCommit: bo('POST', 'rebates/commit'),
  boLoyaltyRebatesCsv: csv('rebates.csv'),
  boLoyaltyMallItems: bo('GET', 'mall/items'),
  boLoyaltyMallItemSave: bo('PUT', 'mall/items'),
  boLoyaltyRedemptions: bo('GET', 'mall/redemptions'),
  boLoyaltyRedemptionsCsv: csv('mall/redemptions.csv'),
  boLoyaltyRedemptionDecide: bo('POST', 'mall/redemptions/decide'),
  boLoyaltyMissions: bo('GET', 'missions'),
  boLoyaltyMissionSave: bo('PUT', 'missions'),
} as const;
