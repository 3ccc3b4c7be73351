/**
 * Exact RTP of the megaways engine. Reels are independent; reel i's (height, stop) pair is uniform
 * over its 6·L_i values, so every expectation is a sum over those, per reel:
 * - ways: with c_i(s) the cells of reel i showing s (or the wild, reels 2–6), a symbol pays
 *   pays[s][k] · c_1 ⋯ c_k when c_1…c_k > 0 and c_{k+1} = 0 (k < 6), so by independence
 *   E = Σ_s Σ_k pays[s][k] · Π_{i≤k} E[c_i(s)] · P(c_{k+1}(s) = 0);
 * - scatters: the per-reel distribution of scatters in the window, convolved over the 6 reels;
 * - free spins (same strips, × M, retriggering): with B the expected coins of one spin and r the
 *   expected free spins one spin awards (r < 1), RTP = B · (1 + M · r / (1 − r)) / 20.
 */
import { BET_COINS } from '../engine';
import { FairError } from '../rng';
import type { Ratio } from '../types';
import { convolve, type EngineVolatility, toRatio } from './common';
import {
  MEGAWAYS_HEIGHTS,
  MEGAWAYS_MIN_HEIGHT,
  type MegawaysTable,
  MW_SCATTER,
  MW_WILD,
  megawaysTable,
} from './megaways';

export type MegawaysRtp = {
  rtp: Ratio;
  /** Ways and scatter coins of one spin per unit of bet. */
  base: Ratio;
  freeSpins: Ratio;
  /** Probability that a spin awards free spins. */
  trigger: Ratio;
};

export const megawaysRtpOf = (table: MegawaysTable): MegawaysRtp => {
  const symbols = table.pays.length;
  const facts = table.strips.map((strip, reel) => {
    const n = BigInt(MEGAWAYS_HEIGHTS * strip.length);
    const cells = new Array<bigint>(symbols).fill(0n);
    const zero = new Array<bigint>(symbols).fill(0n);
    const scatters = new Array<number>(MEGAWAYS_MIN_HEIGHT + MEGAWAYS_HEIGHTS).fill(0);
    for (let hi = 0; hi < MEGAWAYS_HEIGHTS; hi++) {
      const h = MEGAWAYS_MIN_HEIGHT + hi;
      for (let stop = 0; stop < strip.length; stop++) {
        const window: number[] = [];
        for (let j = 0; j < h; j++) window.push(strip[(stop + j) % strip.length] as number);
        let sc = 0;
        for (const x of window) if (x === MW_SCATTER) sc += 1;
        scatters[sc] = (scatters[sc] ?? 0) + 1;
        for (let s = 2; s < symbols; s++) {
          let c = 0;
          for (const x of window) if (x === s || (reel > 0 && x === MW_WILD)) c += 1;
          cells[s] = (cells[s] ?? 0n) + BigInt(c);
          if (c === 0) zero[s] = (zero[s] ?? 0n) + 1n;
        }
      }
    }
    return { n, cells, zero, scatters };
  });
  const N = facts.map((f) => f.n);
  const D = N.reduce((a, b) => a * b, 1n);
  const rest = (from: number) => N.slice(from).reduce((a, b) => a * b, 1n);
  let waysNum = 0n; // coins · D
  for (let s = 2; s < symbols; s++) {
    for (let k = 3; k <= facts.length; k++) {
      const pay = BigInt(table.pays[s]?.[k] ?? 0);
      if (pay === 0n) continue;
      let term = pay;
      for (let i = 0; i < k; i++) term *= facts[i]?.cells[s] ?? 0n;
      if (k < facts.length) term *= (facts[k]?.zero[s] ?? 0n) * rest(k + 1);
      waysNum += term;
    }
  }
  const dist = convolve(facts.map((f) => f.scatters));
  let scatterNum = 0n;
  let awardNum = 0n;
  let triggerNum = 0n;
  dist.forEach((p, t) => {
    const at = Math.min(t, table.scatterPays.length - 1);
    scatterNum += p * BigInt(table.scatterPays[at] ?? 0);
    const spins = BigInt(table.freeSpins[at] ?? 0);
    awardNum += p * spins;
    if (spins > 0n) triggerNum += p;
  });
  if (awardNum >= D) throw new FairError('bad_range', 'free spins would never end (r ≥ 1)');
  const coins = BigInt(BET_COINS);
  const M = BigInt(table.freeSpinMultiplier);
  const baseNum = waysNum + scatterNum;
  return {
    rtp: toRatio({ n: baseNum * (D - awardNum + M * awardNum), d: coins * D * (D - awardNum) }),
    base: toRatio({ n: baseNum, d: coins * D }),
    freeSpins: toRatio({ n: baseNum * M * awardNum, d: coins * D * (D - awardNum) }),
    trigger: toRatio({ n: triggerNum, d: D }),
  };
};

export const megawaysRtp = (volatility: EngineVolatility): MegawaysRtp =>
  megawaysRtpOf(megawaysTable(volatility));
