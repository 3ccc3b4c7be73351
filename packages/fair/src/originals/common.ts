/**
 * What every original, fishing shot and new slot engine shares: the seeds of a round, bet checks,
 * payouts from exact multipliers, exact combinatorics and the lexicographic unranking of
 * combinations. A multiplier is an exact fraction `{ num, den }` of whole numbers (tables store
 * hundredths: 2.5× is { num: 5, den: 2 } after reduction of 250/100); a payout is
 * floor(betMinor × num / den) minor units, computed with bigint so it is exact for every bet.
 */
import { FairError } from '../rng';

/** Version of the outcome mapping of the originals, fishing and the new slot engines. */
export const ENGINES_FAIR_VERSION = 1;

/** The largest stake of one round (minor units); keeps every payout a safe integer. */
export const MAX_ROUND_BET_MINOR = 1_000_000_000;

/** The provably fair inputs of one round: the stream is HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`). */
export type RoundSeeds = { serverSeed: string; clientSeed: string; nonce: number };

export const isRoundBet = (betMinor: unknown): betMinor is number =>
  typeof betMinor === 'number' &&
  Number.isSafeInteger(betMinor) &&
  betMinor > 0 &&
  betMinor <= MAX_ROUND_BET_MINOR;

export const checkBet = (betMinor: unknown): number => {
  if (!isRoundBet(betMinor))
    throw new FairError('bad_bet', `bet must be a whole number of minor units in 1..${MAX_ROUND_BET_MINOR}`);
  return betMinor;
};

/** An exact multiplier num/den (whole numbers, den > 0, reduced). 0× is { num: 0, den: 1 }. */
export type Multiplier = { num: number; den: number };

const gcdOf = (a: number, b: number): number => {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
};

/** num/den reduced (both safe integers, den > 0). */
export const multiplier = (num: number | bigint, den: number | bigint): Multiplier => {
  const n = Number(num);
  const d = Number(den);
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d) || n < 0 || d <= 0)
    throw new FairError('bad_range', 'a multiplier is a fraction of whole numbers');
  const g = gcdOf(n, d) || 1;
  return { num: n / g, den: d / g };
};
export const ZERO: Multiplier = { num: 0, den: 1 };
/** A multiplier given in hundredths (tables, targets). */
export const hundredths = (x100: number): Multiplier => multiplier(x100, 100);

/**
 * floor(betMinor × num / den), exact: in doubles when betMinor × num < 2^52 (the quotient is then
 * corrected by its remainder, all integers exact), else in bigint.
 */
export const payoutOf = (betMinor: number, m: Multiplier): number => {
  const product = betMinor * m.num;
  if (product < 2 ** 52) {
    let q = Math.floor(product / m.den);
    const r = product - q * m.den;
    if (r < 0) q -= 1;
    else if (r >= m.den) q += 1;
    return q;
  }
  const value = (BigInt(betMinor) * BigInt(m.num)) / BigInt(m.den);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new FairError('bad_range', 'payout too large');
  return Number(value);
};

export const checkInt = (value: unknown, min: number, max: number, what: string): number => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
    throw new FairError('bad_range', `${what} must be a whole number in ${min}..${max}`);
  return value;
};

export const checkOneOf = <T extends string | number>(
  value: unknown,
  allowed: readonly T[],
  what: string,
): T => {
  if (!allowed.includes(value as T))
    throw new FairError('bad_range', `${what} must be one of ${allowed.join(', ')}`);
  return value as T;
};

const binomials: bigint[][] = [];
/** C(n, k) exactly (0 when k < 0 or k > n). */
export const binomial = (n: number, k: number): bigint => {
  if (k < 0 || k > n || n < 0) return 0n;
  for (let i = binomials.length; i <= n; i++) {
    const row: bigint[] = [1n];
    for (let j = 1; j < i; j++) row.push((binomials[i - 1]?.[j - 1] ?? 0n) + (binomials[i - 1]?.[j] ?? 0n));
    if (i > 0) row.push(1n);
    binomials.push(row);
  }
  return binomials[n]?.[k] ?? 0n;
};

/**
 * The `rank`-th (0-based) k-element subset of {0, …, n−1} in lexicographic order of the ascending
 * lists: [0,1,…,k−1] is rank 0, [n−k,…,n−1] is rank C(n,k)−1. Each next element is the smallest x
 * whose block of subsets (C(n−1−x, still−1) of them) contains the remaining rank.
 */
export const unrankCombination = (n: number, k: number, rank: number): number[] => {
  const total = Number(binomial(n, k));
  if (!Number.isSafeInteger(rank) || rank < 0 || rank >= total)
    throw new FairError('bad_range', `rank must be in 0..${total - 1}`);
  const out: number[] = [];
  let x = 0;
  let rest = rank;
  for (let still = k; still > 0; still--) {
    for (;;) {
      const block = Number(binomial(n - 1 - x, still - 1));
      if (rest < block) break;
      rest -= block;
      x += 1;
    }
    out.push(x);
    x += 1;
  }
  return out;
};

/** Every field a verifier compares, with the names of those that are missing or differ. */
export type Comparison = { mismatches: string[]; missing: string[] };

const same = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return a === b;
};

/**
 * Compares the recorded fields with the recomputed ones: every name in `required` must be present
 * in `recorded` (missing ones are listed and fail verification, never count as a match).
 */
export const compareRecorded = (
  recorded: Record<string, unknown> | null | undefined,
  computed: Record<string, unknown>,
  required: readonly string[],
): Comparison => {
  const mismatches: string[] = [];
  const missing: string[] = [];
  for (const field of required) {
    const value = recorded?.[field];
    if (value === undefined || value === null || value === '') missing.push(field);
    else if (!same(value, computed[field])) mismatches.push(field);
  }
  return { mismatches, missing };
};
