/**
 * Exact theoretical RTP of a paytable, as a bigint fraction.
 *
 * The reel stops are independent and uniform, so the D = L1·L2·L3·L4·L5 stop combinations are
 * equally likely and every expectation below is a sum over them, computed per symbol from
 * per-reel counts instead of visiting all D combinations (a test checks both agree exactly on
 * small strips):
 * - lines: the cell of a line on reel i shows symbol s on n_i(s) of the L_i stops, whatever its
 *   row, and different reels are independent. With the wild on reels 2–5 only, a line pays
 *   pay[s][k] when reel 1 shows s, reels 2..k show s or wild and reel k+1 (if any) shows neither:
 *   E[line] = Σ_s Σ_k pay[s][k] · n_1(s)/L_1 · Π_{i=2..k} m_i(s)/L_i · (1 − m_{k+1}(s)/L_{k+1}),
 *   m_i(s) = n_i(s) + n_i(wild); all 20 lines have this same expectation.
 * - ways: with c_i(s) the cells of reel i showing s (or wild, reels 2–5), a symbol pays
 *   pay[s][k] · c_1 ⋯ c_k when c_1..c_k > 0 and c_{k+1} = 0; by independence
 *   E = Σ_s Σ_k pay[s][k] · Π_{i≤k} E[c_i] · P(c_{k+1} = 0), E[c_i] = 3·m_i(s)/L_i, and
 *   P(c = 0) counted over the reel's L stops.
 * - scatter: the distribution of scatters in each reel's window, counted over its L stops,
 *   convolved over the 5 reels → P(t scatters) → scatter pays and free spins awarded.
 * - free spins play the same strips with every win × M and can retrigger. With B the expected win
 *   of one spin (bet units) and r the expected free spins awarded by one spin (r < 1), the free
 *   spins descending from one paid spin number r + r² + … = r/(1−r) on average (a branching
 *   process; each free spin's outcome is independent of how it was reached, so Wald's identity
 *   applies), each worth M·B:  RTP = B · (1 + M·r/(1 − r)).
 * The jackpot is an independent draw paid from the pool, so it is not part of this figure: its
 * long-run contribution equals the share of bets that funds the pool.
 */
import { BET_COINS, REELS, SCATTER, WILD, windowOf } from './engine';
import { FairError } from './rng';
import type { Paytable, Ratio, RtpReport } from './types';

export const RTP_TARGET = 0.96;
export const RTP_TOLERANCE = 0.005;

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export const ratio = (numerator: bigint, denominator: bigint): Ratio => {
  if (denominator <= 0n) throw new FairError('bad_range', 'a ratio needs a positive denominator');
  const g = gcd(numerator, denominator) || 1n;
  const n = numerator / g;
  const d = denominator / g;
  // 12 significant decimals are plenty for display; the fraction itself is exact.
  const scaled = (n * 10n ** 12n) / d;
  return { numerator: n, denominator: d, value: Number(scaled) / 1e12 };
};

/** Per-reel facts the formulas need, all counted over the reel's stops. */
const reelFacts = (strip: readonly number[], symbols: number) => {
  const counts = new Array<number>(symbols).fill(0);
  for (const s of strip) counts[s] = (counts[s] ?? 0) + 1;
  // zeroWays[s]: stops whose window shows neither s nor wild. scatterDist[k]: stops with k scatters.
  const zeroWays = new Array<number>(symbols).fill(0);
  const scatterDist = [0, 0, 0, 0];
  for (let stop = 0; stop < strip.length; stop++) {
    const window = windowOf(strip, stop);
    let scatters = 0;
    for (const s of window) if (s === SCATTER) scatters += 1;
    scatterDist[scatters] = (scatterDist[scatters] ?? 0) + 1;
    for (let s = 0; s < symbols; s++) {
      if (!window.some((w) => w === s || w === WILD)) zeroWays[s] = (zeroWays[s] ?? 0) + 1;
    }
  }
  return { length: strip.length, counts, zeroWays, scatterDist };
};

/** Exact RTP of one paytable (see the file comment for the method). */
export const rtpOf = (table: Paytable): RtpReport => {
  if (table.reels.length !== REELS) throw new FairError('bad_range', 'a paytable has five reels');
  if (table.reels[0]?.includes(WILD))
    throw new FairError('bad_range', 'the formulas assume no wild on reel 1 (the engine allows none)');
  const symbols = table.pays.length;
  const reels = table.reels.map((strip) => reelFacts(strip, symbols));
  const L = reels.map((r) => BigInt(r.length));
  const D = L.reduce((a, b) => a * b, 1n);
  /** Product of the full lengths of reels from..4: the reels a term does not constrain. */
  const rest = (from: number) => L.slice(from).reduce((a, b) => a * b, 1n);

  // Line or ways coins of one spin, as a numerator over D.
  let lineNum = 0n;
  for (let s = 0; s < symbols; s++) {
    if (s === WILD || s === SCATTER) continue;
    const pays = table.pays[s] ?? [];
    for (let k = 1; k <= REELS; k++) {
      const pay = BigInt(pays[k] ?? 0);
      if (pay === 0n) continue;
      let term = pay;
      for (let i = 0; i < k; i++) {
        const reel = reels[i]!;
        const n = BigInt((reel.counts[s] ?? 0) + (i === 0 ? 0 : (reel.counts[WILD] ?? 0)));
        term *= table.layout === 'lines' ? n : 3n * n;
      }
      if (k < REELS) {
        const next = reels[k]!;
        const miss =
          table.layout === 'lines'
            ? L[k]! - BigInt((next.counts[s] ?? 0) + (next.counts[WILD] ?? 0))
            : BigInt(next.zeroWays[s] ?? 0);
        term *= miss * rest(k + 1);
      }
      lineNum += term;
    }
  }
  if (table.layout === 'lines') lineNum *= BigInt(table.lines?.length ?? 0);

  // Scatter distribution over the five reels, numerators over D.
  let dist = [1n];
  for (const reel of reels) {
    const next = new Array<bigint>(dist.length + 3).fill(0n);
    dist.forEach((p, t) => {
      reel.scatterDist.forEach((ways, k) => {
        next[t + k] = (next[t + k] ?? 0n) + p * BigInt(ways);
      });
    });
    dist = next;
  }
  let scatterNum = 0n;
  let awardNum = 0n;
  let triggerNum = 0n;
  dist.forEach((p, t) => {
    const pay = table.scatterPays[Math.min(t, table.scatterPays.length - 1)] ?? 0;
    const spins = table.freeSpins[Math.min(t, table.freeSpins.length - 1)] ?? 0;
    scatterNum += p * BigInt(pay);
    awardNum += p * BigInt(spins);
    if (spins > 0) triggerNum += p;
  });
  if (awardNum >= D) throw new FairError('bad_range', 'free spins would never end (r ≥ 1)');

  const coins = BigInt(BET_COINS);
  const M = BigInt(table.freeSpinMultiplier);
  const baseNum = lineNum + scatterNum; // coins per spin × D
  // RTP = base/(coins·D) · (D − R + M·R)/(D − R)
  const rtp = ratio(baseNum * (D - awardNum + M * awardNum), coins * D * (D - awardNum));
  const free = ratio(baseNum * M * awardNum, coins * D * (D - awardNum));
  return {
    key: table.key,
    rtp,
    baseLines: ratio(lineNum, coins * D),
    baseScatter: ratio(scatterNum, coins * D),
    freeSpins: free,
    triggerProbability: ratio(triggerNum, D),
    freeSpinsPerSpin: ratio(awardNum, D),
    combinations: D,
  };
};

/** RTP ≥ target − tolerance and ≤ target + tolerance, compared exactly. */
export const rtpInBand = (r: Ratio): boolean => {
  const lo = BigInt(Math.round((RTP_TARGET - RTP_TOLERANCE) * 10_000));
  const hi = BigInt(Math.round((RTP_TARGET + RTP_TOLERANCE) * 10_000));
  return r.numerator * 10_000n >= lo * r.denominator && r.numerator * 10_000n <= hi * r.denominator;
};
