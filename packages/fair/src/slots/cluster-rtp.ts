/**
 * Exact RTP of the cluster engine. The grids of a round are independent (each is drawn afresh),
 * so with B = the expected coins of one grid, q = P(a grid has a winning cluster), m_j the ladder
 * and J = maxGrids, grid j is played with probability q^j and is worth m_j · B on average (whether
 * it is reached depends only on the grids before it):
 *   RTP = B · Σ_{j<J} m_j q^j / 20.
 * B and q are computed exactly by dynamic programming over the cells in draw order (column by
 * column, top to bottom), keeping only the "frontier": the last cell of each row (5 cells).
 * - B, by linearity: B = Σ_s Σ_n pays[s][n] · E[number of maximal s-clusters of size n]. For one
 *   symbol of probability p = w/W (W = Σ weights) the grid is a site-percolation pattern (s / not s); the DP state
 *   is which frontier cells are s, how they are connected through the cells already drawn, and each
 *   frontier component's size (capped at 15, where the pay stops growing). A component that leaves
 *   the frontier without touching it again is complete: its probability times the pay of its size
 *   is added. Symbols with the same weight share one DP.
 * - q = 1 − P(no cluster of 5+ of any symbol): the state is each frontier cell's symbol, the
 *   connectivity and the sizes (1–4; a component reaching 5 is dropped). Symbols with equal weights
 *   are interchangeable for this probability, so symbols are renamed in order of appearance
 *   within their weight class (a symbol not on the frontier is one transition weighted by how many
 *   such symbols there are).
 * All probabilities are bigint numerators over W^cells: the results are exact fractions. The
 * connectivity DP costs about 4 s of CPU for six equally likely symbols (two weight classes cost
 * ten times more, which is why the tables use equal weights); results are cached per weights.
 */
import { BET_COINS } from '../engine';
import type { Ratio } from '../types';
import {
  CLUSTER_CAP,
  CLUSTER_CELLS,
  CLUSTER_MIN,
  CLUSTER_ROWS,
  type ClusterTable,
  clusterTable,
} from './cluster';
import { add, type EngineVolatility, type Frac, frac, mul, sub, toRatio } from './common';

/** The grid the DPs walk: the engine's 6 × 5 by default, smaller ones for brute-force tests. */
export type GridShape = { rows: number; cols: number };
const ENGINE_SHAPE: GridShape = { rows: CLUSTER_ROWS, cols: CLUSTER_CELLS / CLUSTER_ROWS };

/** Renames labels (0 = none) in order of first appearance and returns the key and size list. */
const canonical = (labels: number[], sizes: Map<number, number>) => {
  const rename = new Map<number, number>();
  const out: number[] = [];
  const outSizes: number[] = [];
  for (const l of labels) {
    if (l === 0) {
      out.push(0);
      continue;
    }
    let r = rename.get(l);
    if (r === undefined) {
      r = rename.size + 1;
      rename.set(l, r);
      outSizes.push(sizes.get(l) as number);
    }
    out.push(r);
  }
  return { labels: out, sizes: outSizes, key: `${out.join(',')}|${outSizes.join(',')}` };
};

type PercolationState = { labels: number[]; sizes: number[] };

/**
 * E[number of maximal clusters of size n] (n = 1…15, 15 meaning 15 or more) of one symbol of
 * weight w (probability w / total), as numerators over total^cells.
 */
export const clusterSizeCounts = (w: number, total: number, shape: GridShape = ENGINE_SHAPE): bigint[] => {
  const W = BigInt(total);
  const H = shape.rows;
  const N = shape.rows * shape.cols;
  const counts = new Array<bigint>(CLUSTER_CAP + 1).fill(0n);
  let states = new Map<string, { state: PercolationState; weight: bigint }>();
  states.set('', { state: { labels: new Array(H).fill(0), sizes: [] }, weight: 1n });
  const yes = BigInt(w);
  const no = W - yes;
  for (let t = 0; t < N; t++) {
    const r = t % H;
    const rest = W ** BigInt(N - t - 1);
    const next = new Map<string, { state: PercolationState; weight: bigint }>();
    const put = (labels: number[], sizes: Map<number, number>, weight: bigint) => {
      const c = canonical(labels, sizes);
      const have = next.get(c.key);
      if (have) have.weight += weight;
      else next.set(c.key, { state: { labels: c.labels, sizes: c.sizes }, weight });
    };
    for (const { state, weight } of states.values()) {
      const sizes = new Map<number, number>(state.sizes.map((s, i) => [i + 1, s]));
      const left = state.labels[r] as number;
      const up = r > 0 ? (state.labels[r - 1] as number) : 0;
      // not s: the left cell leaves the frontier; its component is complete if nothing else holds it
      const without = [...state.labels];
      without[r] = 0;
      if (left !== 0 && !without.includes(left)) {
        const size = sizes.get(left) as number;
        counts[size] = (counts[size] ?? 0n) + weight * no * rest;
        sizes.delete(left);
      }
      put(without, sizes, weight * no);
      // s: joins the left and the upper cell's components
      const withS = [...state.labels];
      const sizes2 = new Map<number, number>(state.sizes.map((s, i) => [i + 1, s]));
      if (left === 0 && up === 0) {
        const label = state.sizes.length + 1;
        withS[r] = label;
        sizes2.set(label, 1);
      } else if (left !== 0 && up !== 0 && left !== up) {
        const size = Math.min(CLUSTER_CAP, (sizes2.get(left) as number) + (sizes2.get(up) as number) + 1);
        for (let i = 0; i < H; i++) if (withS[i] === up) withS[i] = left;
        withS[r] = left;
        sizes2.delete(up);
        sizes2.set(left, size);
      } else {
        const label = left !== 0 ? left : up;
        withS[r] = label;
        sizes2.set(label, Math.min(CLUSTER_CAP, (sizes2.get(label) as number) + 1));
      }
      put(withS, sizes2, weight * yes);
    }
    states = next;
  }
  for (const { state, weight } of states.values())
    for (const size of state.sizes) counts[size] = (counts[size] ?? 0n) + weight;
  return counts;
};

/**
 * P(no cluster of 5+ of any symbol) as a numerator over (Σ weights)^cells. A frontier cell is
 * (symbol, component label, component size); symbols are renamed by appearance within their weight
 * class and labels by appearance, and the state is keyed by one character per cell.
 */
export const clusterNoWinWeight = (weights: readonly number[], shape: GridShape = ENGINE_SHAPE): bigint => {
  const H = shape.rows;
  const N = shape.rows * shape.cols;
  const classWeights = [...new Set(weights)];
  const classSize = classWeights.map((w) => weights.filter((x) => x === w).length);
  const NONE = -1;
  // A symbol is class · 8 + its order of appearance within the class on the frontier.
  type Cell = { sym: Int8Array; lab: Int8Array; size: Int8Array };
  let states = new Map<string, { cell: Cell; weight: bigint }>();
  states.set('', {
    cell: { sym: new Int8Array(H).fill(NONE), lab: new Int8Array(H), size: new Int8Array(H) },
    weight: 1n,
  });
  const symMap = new Int16Array(64);
  const labMap = new Int8Array(128);
  const perClass = new Int8Array(classWeights.length);
  for (let t = 0; t < N; t++) {
    const r = t % H;
    const next = new Map<string, { cell: Cell; weight: bigint }>();
    for (const { cell, weight } of states.values()) {
      const options: number[] = [];
      const optionWeights: bigint[] = [];
      const used = new Array<number>(classWeights.length).fill(0);
      for (let i = 0; i < H; i++) {
        const x = cell.sym[i] as number;
        if (x !== NONE && !options.includes(x)) {
          options.push(x);
          optionWeights.push(BigInt(classWeights[x >> 3] as number));
          used[x >> 3] = (used[x >> 3] as number) + 1;
        }
      }
      for (let k = 0; k < classWeights.length; k++) {
        const free = (classSize[k] as number) - (used[k] as number);
        if (free > 0) {
          options.push(k * 8 + 7); // a symbol of class k not on the frontier
          optionWeights.push(BigInt((classWeights[k] as number) * free));
        }
      }
      for (let o = 0; o < options.length; o++) {
        const x = options[o] as number;
        const joinLeft = cell.sym[r] === x;
        const joinUp = r > 0 && cell.sym[r - 1] === x;
        const sameComponent = joinLeft && joinUp && cell.lab[r] === cell.lab[r - 1];
        const size =
          1 +
          (joinLeft ? (cell.size[r] as number) : 0) +
          (joinUp && !sameComponent ? (cell.size[r - 1] as number) : 0);
        if (size >= CLUSTER_MIN) continue; // a win: not part of P(no win)
        const sym = Int8Array.from(cell.sym);
        const lab = Int8Array.from(cell.lab);
        const sz = Int8Array.from(cell.size);
        let label: number;
        if (joinLeft) {
          label = cell.lab[r] as number;
          if (joinUp && !sameComponent) {
            const other = cell.lab[r - 1] as number;
            for (let i = 0; i < H; i++) if (lab[i] === other && sym[i] === x) lab[i] = label;
          }
        } else if (joinUp) label = cell.lab[r - 1] as number;
        else label = 100;
        sym[r] = x;
        lab[r] = label;
        for (let i = 0; i < H; i++) if (lab[i] === label && sym[i] === x) sz[i] = size;
        // canonical names
        symMap.fill(-2);
        labMap.fill(0);
        perClass.fill(0);
        let labels = 0;
        let key = '';
        for (let i = 0; i < H; i++) {
          const s0 = sym[i] as number;
          if (s0 !== NONE) {
            let m = symMap[s0] as number;
            if (m === -2) {
              const k = s0 >> 3;
              m = k * 8 + (perClass[k] as number);
              perClass[k] = (perClass[k] as number) + 1;
              symMap[s0] = m;
            }
            sym[i] = m;
            const l0 = (lab[i] as number) + 0;
            let l = labMap[l0] as number;
            if (l === 0) {
              l = ++labels;
              labMap[l0] = l;
            }
            lab[i] = l;
          }
          key += String.fromCharCode(
            ((sym[i] as number) + 1) | ((lab[i] as number) << 6) | ((sz[i] as number) << 9),
          );
        }
        const have = next.get(key);
        const w = weight * (optionWeights[o] as bigint);
        if (have) have.weight += w;
        else next.set(key, { cell: { sym, lab, size: sz }, weight: w });
      }
    }
    states = next;
  }
  let total = 0n;
  for (const { weight } of states.values()) total += weight;
  return total;
};

const cache = new Map<string, { counts: Map<number, bigint[]>; noWin: bigint }>();
const factsOf = (weights: readonly number[]) => {
  const key = weights.join(',');
  let f = cache.get(key);
  if (!f) {
    const counts = new Map<number, bigint[]>();
    const total = weights.reduce((a, b) => a + b, 0);
    for (const w of new Set(weights)) counts.set(w, clusterSizeCounts(w, total));
    f = { counts, noWin: clusterNoWinWeight(weights) };
    cache.set(key, f);
  }
  return f;
};

export type ClusterRtp = {
  rtp: Ratio;
  /** Expected coins of one grid per unit of bet (before multipliers). */
  grid: Ratio;
  /** P(a grid has a winning cluster). */
  hit: Ratio;
  /** Σ_j m_j q^j: the average multiplied grids per round. */
  cascadeFactor: Ratio;
};

export const clusterRtpOf = (table: ClusterTable): ClusterRtp => {
  const facts = factsOf(table.weights);
  const all = BigInt(table.weights.reduce((a, b) => a + b, 0)) ** BigInt(CLUSTER_CELLS);
  let coins = 0n; // over W^30
  table.weights.forEach((w, s) => {
    const counts = facts.counts.get(w) as bigint[];
    for (let n = CLUSTER_MIN; n <= CLUSTER_CAP; n++)
      coins += BigInt(table.pays[s]?.[n] ?? 0) * (counts[n] as bigint);
  });
  const B = frac(coins, all);
  const q = sub(frac(1n), frac(facts.noWin, all));
  let factor = frac(0n);
  let qj = frac(1n);
  for (let j = 0; j < table.maxGrids; j++) {
    factor = add(factor, mul(frac(BigInt(table.ladder[Math.min(j, table.ladder.length - 1)] as number)), qj));
    qj = mul(qj, q);
  }
  const perBet = frac(1n, BigInt(BET_COINS));
  return {
    rtp: toRatio(mul(mul(B, factor), perBet)),
    grid: toRatio(mul(B, perBet)),
    hit: toRatio(q),
    cascadeFactor: toRatio(factor),
  };
};

export const clusterRtp = (volatility: EngineVolatility): ClusterRtp =>
  clusterRtpOf(clusterTable(volatility));

/** For tests: P(no win) and the size counts as exact fractions. */
export const clusterFacts = (weights: readonly number[]): { noWin: Frac; counts: Map<number, Frac[]> } => {
  const f = factsOf(weights);
  const all = BigInt(weights.reduce((a, b) => a + b, 0)) ** BigInt(CLUSTER_CELLS);
  return {
    noWin: frac(f.noWin, all),
    counts: new Map([...f.counts].map(([w, c]) => [w, c.map((x) => frac(x, all))])),
  };
};
