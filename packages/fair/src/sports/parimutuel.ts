import { ODDS_SCALE } from './odds';

/**
 * Cockfight (sabong) pari-mutuel maths (issue 21; verticals.md §B1): Meron and Wala share the two
 * pools less the house cut (plasada); Draw pays fixed odds; a draw returns Meron/Wala stakes and a
 * cancelled fight returns everything. A fight whose either side would pay ≤ 1.07 is cancelled.
 */
export const COCKFIGHT_SIDES = ['meron', 'wala', 'draw'] as const;
export type CockfightSide = (typeof COCKFIGHT_SIDES)[number];
export type CockfightResult = 'meron' | 'wala' | 'draw' | 'cancelled';

/** The lowest price either side may pay: at or below it the fight is cancelled (107 per 100). */
export const COCKFIGHT_MIN_PRICE = 10_700n;

/**
 * The decimal price of a side, in ten-thousandths (floored): (meron + wala) × (1 − cut) / side's
 * pool. Null when that side has no pool yet.
 */
export const pariMutuelPrice = (
  pools: { meron: bigint; wala: bigint },
  side: 'meron' | 'wala',
  cutBp: number,
) => {
  const pool = pools[side];
  if (pool <= 0n) return null;
  return ((pools.meron + pools.wala) * BigInt(10_000 - cutBp) * ODDS_SCALE) / (10_000n * pool);
};

/** Whether a fight must be cancelled for its prices (either side ≤ 1.07, or a side empty). */
export const pricesCancelFight = (pools: { meron: bigint; wala: bigint }, cutBp: number) => {
  const meron = pariMutuelPrice(pools, 'meron', cutBp);
  const wala = pariMutuelPrice(pools, 'wala', cutBp);
  return meron === null || wala === null || meron <= COCKFIGHT_MIN_PRICE || wala <= COCKFIGHT_MIN_PRICE;
};

/**
 * What one cockfight bet pays (stake included), floored to the minor unit: a winning Meron/Wala
 * bet stake × (both pools less the cut) / its side's pool, computed at once without a rounded
 * price; Draw at its fixed odds; Meron/Wala back on a draw; everything back on a cancel.
 */
export const cockfightPayoutOf = (input: {
  side: CockfightSide;
  stakeMinor: bigint;
  result: CockfightResult;
  pools: { meron: bigint; wala: bigint };
  cutBp: number;
  drawOdds: bigint;
}): { payoutMinor: bigint; outcome: 'win' | 'loss' | 'void' } => {
  const { side, stakeMinor, result, pools } = input;
  if (result === 'cancelled') return { payoutMinor: stakeMinor, outcome: 'void' };
  if (side === 'draw')
    return result === 'draw'
      ? { payoutMinor: (stakeMinor * input.drawOdds) / ODDS_SCALE, outcome: 'win' }
      : { payoutMinor: 0n, outcome: 'loss' };
  if (result === 'draw') return { payoutMinor: stakeMinor, outcome: 'void' };
  if (result !== side) return { payoutMinor: 0n, outcome: 'loss' };
  const numerator = stakeMinor * (pools.meron + pools.wala) * BigInt(10_000 - input.cutBp);
  return { payoutMinor: numerator / (10_000n * pools[side]), outcome: 'win' };
};
