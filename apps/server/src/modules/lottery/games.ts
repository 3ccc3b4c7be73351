import { DEFAULT_PAYOUTS, type LotteryKind } from '@khela/fair';

/**
 * The in-house lotteries every merchant gets (codes of the demo catalogue's lottery games) and
 * their first rule version. Rules are data: the back office writes later versions.
 */
export type GameDefault = { code: string; kind: LotteryKind; intervalSeconds: number; lockSeconds: number };

export const DEFAULT_GAMES: readonly GameDefault[] = [
  { code: 'KENO1', kind: 'keno', intervalSeconds: 60, lockSeconds: 10 },
  { code: 'KENO5', kind: 'keno', intervalSeconds: 300, lockSeconds: 30 },
  { code: 'Q3D', kind: 'digits3', intervalSeconds: 180, lockSeconds: 15 },
  { code: 'P4', kind: 'digits4', intervalSeconds: 300, lockSeconds: 30 },
  { code: 'F5D', kind: 'digits5', intervalSeconds: 300, lockSeconds: 30 },
  { code: 'R10', kind: 'racing10', intervalSeconds: 300, lockSeconds: 30 },
  { code: 'L545', kind: 'lotto545', intervalSeconds: 300, lockSeconds: 30 },
  { code: 'L655', kind: 'lotto655', intervalSeconds: 300, lockSeconds: 30 },
];

/** Stake limits and the liability cap per number per issue of a first rule (minor units). */
export const DEFAULT_LIMITS = {
  minStakeMinor: 100n,
  maxStakeMinor: 100_000n,
  liabilityCapMinor: 10_000_000_000n,
};

export const defaultPayoutsOf = (kind: LotteryKind) => DEFAULT_PAYOUTS[kind];
