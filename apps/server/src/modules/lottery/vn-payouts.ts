import { VN_BET_SHAPE, type VnBetType, type VnRegion, vnStructure } from '@khela/fair';

/**
 * Payouts of the Vietnamese lotteries (thousandths of the stake per win) and their RTP. A bet
 * costs its stake; lô pays once per occurrence of its tail, the others once. First rule version
 * of every merchant (the back office writes later ones, refused above 100 % RTP).
 */
export type VnPayouts = Partial<Record<VnBetType, number>>;

export const DEFAULT_VN_PAYOUTS: Record<'north' | 'other', Record<VnBetType, number>> = {
  north: {
    lo2: 3_600,
    lo3: 40_000,
    lo4: 450_000,
    de: 95_000,
    dau: 9_500,
    duoi: 9_500,
    cang3: 900_000,
    cang4: 8_000_000,
    xien2: 15_000,
    xien3: 60_000,
    xien4: 300_000,
    truot4: 2_500,
    truot8: 8_000,
    truot10: 11_000,
  },
  other: {
    lo2: 5_400,
    lo3: 54_000,
    lo4: 560_000,
    de: 95_000,
    dau: 9_500,
    duoi: 9_500,
    cang3: 900_000,
    cang4: 8_000_000,
    xien2: 30_000,
    xien3: 200_000,
    xien4: 1_400_000,
    truot4: 1_900,
    truot8: 4_000,
    truot10: 6_000,
  },
};

export const defaultVnPayouts = (region: VnRegion) =>
  DEFAULT_VN_PAYOUTS[region === 'north' ? 'north' : 'other'];

/** Stake limits and the liability cap per number per draw (1,000,000.00) of a region's first rule. */
export const DEFAULT_VN_LIMITS = {
  minStakeMinor: 100n,
  maxStakeMinor: 1_000_000n,
  liabilityCapMinor: 100_000_000n,
};

/** How many prizes of a region have at least `digits` digits. */
const tailCount = (region: VnRegion, digits: number) =>
  vnStructure(region).reduce((n, [, count, width]) => n + (width >= digits ? count : 0), 0);

const choose = (n: number, k: number) => {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
};

/**
 * Expected wins per unit staked, assuming each prize uniform over its digits (independent):
 * lô: tails × 10^-d; đề, càng: 10^-d; đầu/đuôi: 1/10; xiên k: P(all k tails appear) by
 * inclusion–exclusion; trượt k: P(none appears) = (1 − k/100)^n.
 */
export const vnWinExpectation = (region: VnRegion, type: VnBetType) => {
  const { picks, digits } = VN_BET_SHAPE[type];
  const n = tailCount(region, 2);
  switch (type) {
    case 'lo2':
    case 'lo3':
    case 'lo4':
      return tailCount(region, digits) / 10 ** digits;
    case 'xien2':
    case 'xien3':
    case 'xien4': {
      let p = 0;
      for (let j = 0; j <= picks; j++) p += (-1) ** j * choose(picks, j) * (1 - j / 100) ** n;
      return p;
    }
    case 'truot4':
    case 'truot8':
    case 'truot10':
      return (1 - picks / 100) ** n;
    default:
      return 1 / 10 ** digits;
  }
};

/** RTP of a payout in basis points (floored). */
export const vnRtpBp = (region: VnRegion, type: VnBetType, milli: number) =>
  Math.floor(vnWinExpectation(region, type) * milli * 10 + 1e-9);
