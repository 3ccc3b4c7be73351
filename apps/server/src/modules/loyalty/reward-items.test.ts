import { describe, expect, it } from 'vitest';
import { loyaltyRewardItems } from './reward-items';

const member = { id: 1, merchantCode: 'khelabd' };
const loyaltyWith = (c: {
  rebateAccruedMinor: bigint;
  rebateClaimable: boolean;
  missionsClaimable: number;
}) => ({
  loyaltyClaimables: async () => c,
});

describe("loyalty's reward-centre items", () => {
  it('lists a claimable manual rebate with its amount and finished missions with their count', async () => {
    const items = await loyaltyRewardItems(
      loyaltyWith({ rebateAccruedMinor: 1_250n, rebateClaimable: true, missionsClaimable: 2 }),
      member,
      'en',
    );
    expect(items).toEqual([
      {
        source: 'loyalty',
        key: 'manualRebate',
        title: 'Rebate ready to claim',
        amountMinor: 1_250n,
        action: 'open',
      },
      {
        source: 'loyalty',
        key: 'missionLeaderboard',
        title: 'Missions ready to claim (2)',
        amountMinor: null,
        action: 'open',
      },
    ]);
  });

  it('lists nothing when nothing is claimable (automatic rebates, no finished mission), in any language', async () => {
    const none = loyaltyWith({ rebateAccruedMinor: 900n, rebateClaimable: false, missionsClaimable: 0 });
    expect(await loyaltyRewardItems(none, member, 'bn')).toEqual([]);
    const bn = await loyaltyRewardItems(
      loyaltyWith({ rebateAccruedMinor: 1n, rebateClaimable: true, missionsClaimable: 0 }),
      member,
      'bn',
    );
    expect(bn[0]?.title).toBe('দাবি করার জন্য রিবেট প্রস্তুত');
  });
});
