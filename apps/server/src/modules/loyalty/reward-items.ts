import type { Loyalty } from './service';

/** A reward-centre entry (the promotions module's `ClaimableItem` shape, without importing it). */
export type LoyaltyRewardItem = {
  source: 'loyalty';
  /** The member-centre page that claims it. */
  key: 'manualRebate' | 'missionLeaderboard';
  title: string;
  amountMinor: bigint | null;
  action: 'open';
};

const TITLES = {
  manualRebate: {
    en: 'Rebate ready to claim',
    bn: 'দাবি করার জন্য রিবেট প্রস্তুত',
    hi: 'दावा करने के लिए रिबेट तैयार',
  },
  missionLeaderboard: {
    en: 'Missions ready to claim',
    bn: 'দাবি করার জন্য মিশন প্রস্তুত',
    hi: 'दावा करने के लिए मिशन तैयार',
  },
} as const;

const titleOf = (key: LoyaltyRewardItem['key'], language: string) => {
  const texts: Record<string, string> = TITLES[key];
  return texts[language] ?? TITLES[key].en;
};

/**
 * Loyalty's entries in the reward centre (issue 19): a manual rebate accrued and not claimed, and
 * missions finished and not claimed, each opening the member-centre page that claims it.
 */
export const loyaltyRewardItems = async (
  loyalty: Pick<Loyalty, 'loyaltyClaimables'>,
  member: { id: number; merchantCode: string },
  language: string,
): Promise<LoyaltyRewardItem[]> => {
  const c = await loyalty.loyaltyClaimables(member);
  const items: LoyaltyRewardItem[] = [];
  if (c.rebateClaimable)
    items.push({
      source: 'loyalty',
      key: 'manualRebate',
      title: titleOf('manualRebate', language),
      amountMinor: c.rebateAccruedMinor,
      action: 'open',
    });
  if (c.missionsClaimable > 0)
    items.push({
      source: 'loyalty',
      key: 'missionLeaderboard',
      title: `${titleOf('missionLeaderboard', language)} (${c.missionsClaimable})`,
      amountMinor: null,
      action: 'open',
    });
  return items;
};
