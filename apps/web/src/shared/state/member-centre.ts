/*
 * The member centre's page keys (spec §2 personal centre menu, in order) and whether its modal is
 * open. Shared by the header (which opens it from the drop-down and from `?member=<pageKey>`) and
 * the member feature (which draws it), so neither imports the other.
 */

export const MEMBER_PAGE_KEYS = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;

export type MemberPageKey = (typeof MEMBER_PAGE_KEYS)[number];

/** Default member page (spec §2). */
export const DEFAULT_MEMBER_PAGE: MemberPageKey = 'securityCenter';

/** The URL search parameter that names the open member page: `?member=depositv2`. */
export const MEMBER_QUERY_PARAM = 'member';

export const isMemberPageKey = (value: unknown): value is MemberPageKey =>
  typeof value === 'string' && (MEMBER_PAGE_KEYS as readonly string[]).includes(value);

let openCount = 0;
/** The member-centre modal counts itself in while mounted. */
export const markMemberCentreOpen = (open: boolean) => {
  openCount = Math.max(0, openCount + (open ? 1 : -1));
};
export const isMemberCentreOpen = () => openCount > 0;
