import { betPayoutOf, type SettledLeg } from './odds';

/**
 * System bets (issue 21): every combination of `sizes` legs out of n at one unit stake. The named
 * systems are the full covers from doubles up (Trixie 4 of 3 … Goliath 247 of 8).
 */
export const NAMED_SYSTEMS = {
  trixie: { legs: 3, minSize: 2 },
  patent: { legs: 3, minSize: 1 },
  yankee: { legs: 4, minSize: 2 },
  lucky15: { legs: 4, minSize: 1 },
  canadian: { legs: 5, minSize: 2 },
  heinz: { legs: 6, minSize: 2 },
  superHeinz: { legs: 7, minSize: 2 },
  goliath: { legs: 8, minSize: 2 },
} as const;
export type NamedSystem = keyof typeof NAMED_SYSTEMS;

/** The index sets of every k-subset of 0..n−1, in lexicographic order. */
export const combinations = (n: number, k: number): number[][] => {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= n - (k - pick.length); i += 1) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  if (k >= 0 && k <= n) walk(0);
  return out;
};

/** The combinations a system of n legs and the given sizes makes. */
export const systemCombinations = (n: number, sizes: readonly number[]) =>
  sizes.flatMap((k) => combinations(n, k));

/** The sizes of a named system (its legs must match). */
export const namedSystemSizes = (name: NamedSystem) => {
  const { legs, minSize } = NAMED_SYSTEMS[name];
  return Array.from({ length: legs - minSize + 1 }, (_, i) => minSize + i);
};

/** A system's payout: each combination's payout at the unit stake, each floored on its own. */
export const systemPayoutOf = (
  unitStakeMinor: bigint,
  legs: readonly SettledLeg[],
  sizes: readonly number[],
) =>
  systemCombinations(legs.length, sizes).reduce(
    (sum, combo) =>
      sum +
      betPayoutOf(
        unitStakeMinor,
        combo.map((i) => legs[i] as SettledLeg),
      ),
    0n,
  );
