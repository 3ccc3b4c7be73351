/**
 * Exact RTP of the hold-and-win engine, as bigint fractions:
 * - line wins: the classic engine's exact line formula (`rtpOf` of the base paytable);
 * - the feature: P(n₀ cash symbols on the base grid) by counting each reel's window over its stops
 *   and convolving the five reels; then a Markov chain on (held n, respins r): from (n, r) the
 *   m = 15 − n empty cells land j new cash symbols with probability C(m, j) p^j (1 − p)^(m−j)
 *   (p = landNum / landDen), going to (n + j, 3) if j > 0, else (n, r − 1); it stops at r = 0 or
 *   n = 15. E(n, r) = expected final count and F(n, r) = P(all 15 held) by exact recursion.
 *   Values are drawn independently of everything else, so a feature started with n₀ pays on
 *   average v̄ · E(n₀, 3) + grand · F(n₀, 3) coins, v̄ = Σ w_i v_i / Σ w_i (Wald).
 * RTP = lines + Σ_{n₀ ≥ 6} P(n₀) · (v̄ · E(n₀, 3) + grand · F(n₀, 3)) / 20.
 */
import { BET_COINS, ROWS, windowOf } from '../engine';
import { binomial } from '../originals/common';
import { rtpOf } from '../rtp';
import type { Ratio } from '../types';
import { add, convolve, type EngineVolatility, type Frac, frac, mul, toRatio } from './common';
import {
  CASH,
  HOLDWIN_CELLS,
  HOLDWIN_RESPINS,
  HOLDWIN_TRIGGER,
  type HoldWinTable,
  holdWinPaytable,
  holdWinTable,
} from './holdwin';

export type HoldWinRtp = {
  rtp: Ratio;
  lines: Ratio;
  feature: Ratio;
  /** Probability that a spin starts the feature. */
  trigger: Ratio;
  /** Probability that a spin ends with all 15 cells held (the grand prize). */
  grand: Ratio;
};

/** E(n, 3) and F(n, 3) for every starting n, exact. */
export const holdWinChain = (table: HoldWinTable): { expected: Frac[]; full: Frac[] } => {
  const p = frac(BigInt(table.landNum), BigInt(table.landDen));
  const q = frac(BigInt(table.landDen - table.landNum), BigInt(table.landDen));
  const pow = (f: Frac, k: number): Frac => ({ n: f.n ** BigInt(k), d: f.d ** BigInt(k) });
  // E[n][r], F[n][r]; n from 15 down, r from 0 up.
  const E: Frac[][] = [];
  const F: Frac[][] = [];
  for (let n = HOLDWIN_CELLS; n >= 0; n--) {
    E[n] = [];
    F[n] = [];
    for (let r = 0; r <= HOLDWIN_RESPINS; r++) {
      if (n === HOLDWIN_CELLS) {
        (E[n] as Frac[])[r] = frac(BigInt(HOLDWIN_CELLS));
        (F[n] as Frac[])[r] = frac(1n);
        continue;
      }
      if (r === 0) {
        (E[n] as Frac[])[r] = frac(BigInt(n));
        (F[n] as Frac[])[r] = frac(0n);
        continue;
      }
      const m = HOLDWIN_CELLS - n;
      let e = mul(pow(q, m), (E[n] as Frac[])[r - 1] as Frac);
      let f = mul(pow(q, m), (F[n] as Frac[])[r - 1] as Frac);
      for (let j = 1; j <= m; j++) {
        const pj = mul(frac(binomial(m, j)), mul(pow(p, j), pow(q, m - j)));
        e = add(e, mul(pj, (E[n + j] as Frac[])[HOLDWIN_RESPINS] as Frac));
        f = add(f, mul(pj, (F[n + j] as Frac[])[HOLDWIN_RESPINS] as Frac));
      }
      (E[n] as Frac[])[r] = e;
      (F[n] as Frac[])[r] = f;
    }
  }
  return {
    expected: E.map((row) => row[HOLDWIN_RESPINS] as Frac),
    full: F.map((row) => row[HOLDWIN_RESPINS] as Frac),
  };
};

export const holdWinRtpOf = (table: HoldWinTable): HoldWinRtp => {
  const lines = rtpOf(holdWinPaytable(table)).baseLines;
  const perReel = table.strips.map((strip) => {
    const dist = new Array<number>(ROWS + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop++) {
      const k = windowOf(strip, stop).filter((s) => s === CASH).length;
      dist[k] = (dist[k] ?? 0) + 1;
    }
    return dist;
  });
  const D = table.strips.reduce((a, s) => a * BigInt(s.length), 1n);
  const dist = convolve(perReel);
  const weight = table.coinWeights.reduce((a, b) => a + BigInt(b), 0n);
  const valueSum = table.coinValues.reduce(
    (a, v, i) => a + BigInt(v) * BigInt(table.coinWeights[i] ?? 0),
    0n,
  );
  const mean = frac(valueSum, weight);
  const { expected, full } = holdWinChain(table);
  let feature = frac(0n);
  let trigger = frac(0n);
  let grand = frac(0n);
  for (let n0 = HOLDWIN_TRIGGER; n0 < dist.length; n0++) {
    const p = frac(dist[n0] ?? 0n, D);
    const ev = add(mul(mean, expected[n0] as Frac), mul(frac(BigInt(table.grand)), full[n0] as Frac));
    feature = add(feature, mul(p, ev));
    trigger = add(trigger, p);
    grand = add(grand, mul(p, full[n0] as Frac));
  }
  const featureRtp = mul(feature, frac(1n, BigInt(BET_COINS)));
  return {
    rtp: toRatio(add(frac(lines.numerator, lines.denominator), featureRtp)),
    lines,
    feature: toRatio(featureRtp),
    trigger: toRatio(trigger),
    grand: toRatio(grand),
  };
};

export const holdWinRtp = (volatility: EngineVolatility): HoldWinRtp =>
  holdWinRtpOf(holdWinTable(volatility));
