import { describe, expect, it } from 'vitest';
import { createByteStream } from '../rng';
import {
  CLUSTER_CELLS,
  clusterNoWinWeight,
  clusterRtp,
  clusterSizeCounts,
  clusterTable,
  clusterWins,
  spinCluster,
} from './index';

const SEED = '3c'.repeat(32);

/** Maximal same-symbol clusters of a rows × cols grid given column by column (plain flood fill). */
const clustersOf = (cells: number[], rows: number, cols: number) => {
  const seen = new Set<number>();
  const out: { symbol: number; size: number }[] = [];
  for (let i = 0; i < cells.length; i++) {
    if (seen.has(i)) continue;
    const stack = [i];
    seen.add(i);
    let size = 0;
    while (stack.length) {
      const c = stack.pop() as number;
      size += 1;
      const col = Math.floor(c / rows);
      const row = c % rows;
      for (const [dc, dr] of [
        [0, 1],
        [0, -1],
        [1, 0],
        [-1, 0],
      ] as const) {
        const nc = col + dc;
        const nr = row + dr;
        const n = nc * rows + nr;
        if (nc >= 0 && nc < cols && nr >= 0 && nr < rows && !seen.has(n) && cells[n] === cells[i]) {
          seen.add(n);
          stack.push(n);
        }
      }
    }
    out.push({ symbol: cells[i] as number, size });
  }
  return out;
};

/** Every colouring of a small grid with its weight: brute force of what the DPs compute. */
const bruteForce = (weights: number[], rows: number, cols: number) => {
  const n = rows * cols;
  const S = weights.length;
  const counts = new Map<number, bigint[]>(); // per symbol: weighted number of clusters by size (capped 15)
  for (let s = 0; s < S; s++) counts.set(s, new Array(16).fill(0n));
  let noWin = 0n;
  const cells = new Array<number>(n).fill(0);
  const total = S ** n;
  for (let code = 0; code < total; code++) {
    let x = code;
    let weight = 1n;
    for (let i = 0; i < n; i++) {
      cells[i] = x % S;
      x = Math.floor(x / S);
      weight *= BigInt(weights[cells[i] as number] as number);
    }
    let win = false;
    for (const c of clustersOf(cells, rows, cols)) {
      const row = counts.get(c.symbol) as bigint[];
      row[Math.min(15, c.size)] = (row[Math.min(15, c.size)] as bigint) + weight;
      if (c.size >= 5) win = true;
    }
    if (!win) noWin += weight;
  }
  return { counts, noWin };
};

describe('cluster pays', () => {
  const table = clusterTable('medium');
  const grid = (columns: number[][]) => columns.flat();
  it('pays maximal orthogonal clusters of 5+, never diagonal ones, capping the size at 15', () => {
    // symbol 0 in an L of 5 (column 0 rows 0–3 and column 1 row 3), symbol 1 four in a row, 2 diagonal
    const cells = grid([
      [0, 0, 0, 0, 3],
      [1, 1, 1, 0, 4],
      [2, 5, 1, 3, 4],
      [5, 2, 3, 3, 5],
      [4, 5, 2, 4, 3],
      [3, 4, 5, 2, 5],
    ]);
    const wins = clusterWins(table, cells);
    expect(wins).toEqual([{ symbol: 0, size: 5, cells: [0, 1, 2, 3, 8], coins: table.pays[0]?.[5] }]);
    const big = new Array(CLUSTER_CELLS).fill(4);
    big[7] = 1;
    expect(clusterWins(table, big)).toEqual([
      {
        symbol: 4,
        size: 29,
        cells: [...Array(30).keys()].filter((c) => c !== 7),
        coins: table.pays[4]?.[15],
      },
    ]);
    for (const t of ['low', 'medium', 'high'] as const)
      for (const row of clusterTable(t).pays)
        for (let size = 5; size <= 15; size++) expect(row[size]).toBeGreaterThan(0);
  });
  it('draws the cells as base-W digits of one draw per group and cascades while grids win', () => {
    for (let nonce = 0; nonce < 40; nonce++) {
      const r = spinCluster({ serverSeed: SEED, clientSeed: 'c', nonce, betMinor: 40, volatility: 'high' });
      const t = clusterTable('high');
      const W = t.weights.reduce((a, b) => a + b, 0);
      const stream = createByteStream({ serverSeed: SEED, clientSeed: 'c', nonce });
      let coins = 0;
      r.grids.forEach((g, j) => {
        const expected: number[] = [];
        for (const g of [11, 11, 8]) {
          // 6 equally weighted symbols: W = 6, groups of 11 cells (6^11 ≤ 2^29 < 6^12)
          const digits = stream
            .uniformInt(W ** g)
            .toString(W)
            .padStart(g, '0')
            .split('')
            .reverse();
          for (const digit of digits) {
            let v = Number(digit);
            let s = 0;
            while (v >= (t.weights[s] as number)) v -= t.weights[s++] as number;
            expected.push(s);
          }
        }
        expect(g.cells).toEqual(expected);
        const wins = clustersOf(expected, 5, 6).filter((c) => c.size >= 5);
        expect(g.wins.map((w) => [w.symbol, w.size])).toEqual(wins.map((c) => [c.symbol, c.size]));
        expect(g.multiplier).toBe(t.ladder[Math.min(j, t.ladder.length - 1)]);
        // every grid but the last won; the last did not (or the round hit maxGrids)
        if (j < r.grids.length - 1) expect(wins.length).toBeGreaterThan(0);
        else expect(wins.length === 0 || r.grids.length === t.maxGrids).toBe(true);
        coins += g.coins;
      });
      expect(r.coins).toBe(coins);
      expect(r.payoutMinor).toBe(coins * 2); // bet 40 = 20 coins of 2
    }
  });
  it('computes cluster sizes and P(no win) exactly: the DPs agree with brute force on small grids', () => {
    for (const [weights, rows, cols] of [
      [[1, 1, 1], 4, 3],
      [[1, 1, 2], 3, 3],
      [[2, 3], 3, 4],
    ] as const) {
      const brute = bruteForce([...weights], rows, cols);
      expect(clusterNoWinWeight(weights, { rows, cols })).toBe(brute.noWin);
      const total = weights.reduce((a, b) => a + b, 0);
      weights.forEach((w, s) => {
        expect(clusterSizeCounts(w, total, { rows, cols })).toEqual(brute.counts.get(s));
      });
    }
  });
  it('has an exact RTP in 96 % ± 0.5 % for every volatility', () => {
    for (const v of ['low', 'medium', 'high'] as const) {
      const r = clusterRtp(v);
      expect(r.rtp.value).toBeGreaterThanOrEqual(0.955);
      expect(r.rtp.value).toBeLessThanOrEqual(0.965);
    }
  });
});
