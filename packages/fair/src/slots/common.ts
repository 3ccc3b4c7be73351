/**
 * Shared by the cluster, hold-and-win and megaways engines: the bet (a positive multiple of
 * BET_COINS = 20 minor units, one coin = bet / 20, every pay a whole number of coins, so every win
 * is an integer number of minor units), volatility names, and exact fractions for the RTP maths.
 */
import { BET_COINS, isValidBet } from '../engine';
import { FairError } from '../rng';
import { ratio } from '../rtp';
import type { Ratio } from '../types';

export type EngineVolatility = 'low' | 'medium' | 'high';
export const ENGINE_VOLATILITIES: readonly EngineVolatility[] = ['low', 'medium', 'high'];

export const checkSlotBet = (betMinor: unknown): number => {
  if (!isValidBet(betMinor))
    throw new FairError('bad_bet', `bet must be a positive multiple of ${BET_COINS} minor units`);
  return betMinor;
};

export const checkVolatility = (v: unknown): EngineVolatility => {
  if (!ENGINE_VOLATILITIES.includes(v as EngineVolatility))
    throw new FairError('bad_range', 'volatility must be low, medium or high');
  return v as EngineVolatility;
};

/**
 * coins × (bet / 20) — the bet is a multiple of 20, so this is a product of two integers, exact
 * in a double whenever it is a safe integer (a larger product is refused).
 */
export const coinsToMinor = (coins: number, betMinor: number): number => {
  const value = coins * (betMinor / BET_COINS);
  if (!Number.isSafeInteger(value)) throw new FairError('bad_bet', 'win too large');
  return value;
};

/** An exact non-negative fraction n/d with bigint parts (not reduced until `toRatio`). */
export type Frac = { n: bigint; d: bigint };
export const frac = (n: bigint, d = 1n): Frac => ({ n, d });
const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};
export const reduce = (f: Frac): Frac => {
  const g = gcd(f.n, f.d) || 1n;
  return { n: f.n / g, d: f.d / g };
};
export const add = (a: Frac, b: Frac): Frac => reduce({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
export const mul = (a: Frac, b: Frac): Frac => reduce({ n: a.n * b.n, d: a.d * b.d });
export const sub = (a: Frac, b: Frac): Frac => reduce({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
export const div = (a: Frac, b: Frac): Frac => reduce({ n: a.n * b.d, d: a.d * b.n });
export const toRatio = (f: Frac): Ratio => ratio(f.n, f.d);

/** Convolution of per-reel count distributions (numerators over each reel's own total). */
export const convolve = (dists: readonly (readonly number[])[]): bigint[] => {
  let dist = [1n];
  for (const reel of dists) {
    const next = new Array<bigint>(dist.length + reel.length - 1).fill(0n);
    dist.forEach((p, t) => {
      reel.forEach((ways, k) => {
        next[t + k] = (next[t + k] ?? 0n) + p * BigInt(ways);
      });
    });
    dist = next;
  }
  return dist;
};
