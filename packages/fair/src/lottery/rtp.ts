/**
 * Exact return to player of a lottery bet type under a payout table (issue 17: the back office
 * shows it and refuses a table above 100 %). Probabilities are exact fractions (bigint):
 * pick bets are hypergeometric — P(h hits of k picks) = C(D, h) · C(N − D, k − h) / C(N, k) for D
 * numbers drawn of N — digits are uniform and independent, racing is a uniform permutation.
 * A bet type's RTP is the largest over its selections' classes (picks count, position, side).
 */

import { type BetType, type PayoutTable, PICK_LIMITS } from './bets';
import { KIND_SHAPES, type LotteryKind } from './draw';

type Fraction = { num: bigint; den: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};
const reduce = (f: Fraction): Fraction => {
  const g = gcd(f.num, f.den) || 1n;
  return { num: f.num / g, den: f.den / g };
};
const add = (a: Fraction, b: Fraction): Fraction =>
  reduce({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
const times = (a: Fraction, milli: number): Fraction =>
  reduce({ num: a.num * BigInt(milli), den: a.den * 1000n });

/** C(n, k) exactly. */
export const choose = (n: number, k: number): bigint => {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
};

/** How many of the 10^count digit strings have each sum. */
const digitSumCounts = (count: number) => {
  let counts = [1n];
  for (let d = 0; d < count; d++) {
    const next = Array.from({ length: counts.length + 9 }, () => 0n);
    counts.forEach((c, sum) => {
      for (let digit = 0; digit <= 9; digit++) next[sum + digit] = (next[sum + digit] as bigint) + c;
    });
    counts = next;
  }
  return counts;
};

export type LotteryRtpClass = { label: string; rtp: Fraction; rtpBp: number };
export type LotteryRtpReport = { classes: LotteryRtpClass[]; maxRtpBp: number; aboveHundred: boolean };

const classOf = (label: string, parts: [Fraction, number][]): LotteryRtpClass => {
  let rtp: Fraction = { num: 0n, den: 1n };
  for (const [p, milli] of parts) rtp = add(rtp, times(p, milli));
  return { label, rtp, rtpBp: Number((rtp.num * 10000n) / rtp.den) };
};

const frac = (num: bigint | number, den: bigint | number): Fraction =>
  reduce({ num: BigInt(num), den: BigInt(den) });

/** The exact RTP of each selection class of a bet type, and the largest (basis points, floored). */
export const lotteryRtpOf = (kind: LotteryKind, type: BetType, table: PayoutTable): LotteryRtpReport => {
  const shape = KIND_SHAPES[kind];
  const size = shape.max - shape.min + 1;
  const hit = table.hit ?? 0;
  const classes: LotteryRtpClass[] = [];
  switch (type) {
    case 'pick': {
      const limits = PICK_LIMITS[kind] ?? { min: 1, max: 1 };
      for (let k = limits.min; k <= limits.max; k++) {
        const parts: [Fraction, number][] = [];
        for (let h = 0; h <= k; h++) {
          const p = frac(choose(shape.count, h) * choose(size - shape.count, k - h), choose(size, k));
          parts.push([p, table[`${k}:${h}`] ?? 0]);
        }
        classes.push(classOf(`pick ${k}`, parts));
      }
      break;
    }
    case 'position':
      classes.push(classOf('digit', [[frac(1, 10), hit]]));
      break;
    case 'straight':
      classes.push(classOf('straight', [[frac(1, 10n ** BigInt(shape.count)), hit]]));
      break;
    case 'bigsmall': {
      classes.push(classOf('digit big or small', [[frac(1, 2), hit]]));
      const counts = digitSumCounts(shape.count);
      const total = 10n ** BigInt(shape.count);
      let big = 0n;
      let small = 0n;
      counts.forEach((c, sum) => {
        if (2 * sum > 9 * shape.count) big += c;
        if (2 * sum < 9 * shape.count) small += c;
      });
      classes.push(classOf('sum big', [[frac(big, total), hit]]));
      classes.push(classOf('sum small', [[frac(small, total), hit]]));
      break;
    }
    case 'oddeven':
      classes.push(classOf('odd or even', [[frac(1, 2), hit]]));
      break;
    case 'dragontiger':
      classes.push(classOf('dragon', [[frac(45, 100), table.dragon ?? 0]]));
      classes.push(classOf('tiger', [[frac(45, 100), table.tiger ?? 0]]));
      classes.push(classOf('tie', [[frac(10, 100), table.tie ?? 0]]));
      break;
    case 'first':
      classes.push(classOf('first', [[frac(1, size), hit]]));
      break;
    case 'top3':
      classes.push(classOf('top 3', [[frac(3, size), hit]]));
      break;
  }
  const maxRtpBp = Math.max(0, ...classes.map((c) => c.rtpBp));
  const aboveHundred = classes.some((c) => c.rtp.num > c.rtp.den);
  return { classes, maxRtpBp, aboveHundred };
};
