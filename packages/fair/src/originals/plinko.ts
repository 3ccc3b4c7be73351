/**
 * Plinko: 8–16 rows of pegs, three risk levels. One draw d = uniformInt(2^rows) (a 32-bit draw mod
 * 2^rows: no rejection, since 2^rows divides 2^32); row i (0 on top) sends the ball right when bit
 * rows−1−i of d is 1. The ball lands in bucket k = number of right bounces (0 = far left), which
 * happens with probability C(rows, k) / 2^rows, and pays `PLINKO_TABLES[risk][rows][k]` hundredths.
 * Exact RTP: Σ_k C(rows,k) · table[k] / (100 · 2^rows) — every table between 98.6 % and 99 %.
 */
import { createByteStream } from '../rng';
import {
  checkBet,
  checkInt,
  checkOneOf,
  hundredths,
  type Multiplier,
  payoutOf,
  type RoundSeeds,
} from './common';
import tables from './plinko-tables.json';

export type PlinkoRisk = 'low' | 'medium' | 'high';
export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;

/** The multipliers (hundredths) of buckets 0..rows. */
export const plinkoTable = (risk: PlinkoRisk, rows: number): readonly number[] => {
  checkOneOf(risk, PLINKO_RISKS, 'risk');
  checkInt(rows, PLINKO_MIN_ROWS, PLINKO_MAX_ROWS, 'rows');
  return (tables[risk] as Record<string, number[]>)[String(rows)] as number[];
};

export type PlinkoInput = RoundSeeds & { betMinor: number; rows: number; risk: PlinkoRisk };
export type PlinkoResult = {
  game: 'plinko';
  rows: number;
  risk: PlinkoRisk;
  /** Per row from the top: 0 left, 1 right. */
  path: number[];
  bucket: number;
  multiplier: Multiplier;
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
};

export const playPlinko = (input: PlinkoInput): PlinkoResult => {
  const betMinor = checkBet(input.betMinor);
  const table = plinkoTable(input.risk, input.rows);
  const rows = input.rows;
  const d = createByteStream(input).uniformInt(2 ** rows);
  const path: number[] = [];
  let bucket = 0;
  for (let i = 0; i < rows; i++) {
    const right = Math.floor(d / 2 ** (rows - 1 - i)) % 2;
    path.push(right);
    bucket += right;
  }
  const m = hundredths(table[bucket] as number);
  const payoutMinor = payoutOf(betMinor, m);
  return {
    game: 'plinko',
    rows,
    risk: input.risk,
    path,
    bucket,
    multiplier: m,
    won: payoutMinor > 0,
    stakeMinor: betMinor,
    payoutMinor,
  };
};
