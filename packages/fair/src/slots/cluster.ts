/**
 * Cluster-pays engine with cascades: a grid of 6 columns × 5 rows, symbols 0…S−1 (lower ids pay
 * more), no wild. Each cell is a uniform v in [0, W) (W = Σ weights) and shows the first symbol s
 * with v < weights[0] + … + weights[s]. Cells are filled column by column, top to bottom (cell
 * index = column · 5 + row), in groups of K = the largest k with W^k ≤ 2^29 (11 for W = 6): one
 * draw d = uniformInt(W^g) for a group of g = min(K, cells left) cells, whose base-W digits, least
 * significant first, are the cells' values (so a 6-symbol grid takes 3 draws: 11 + 11 + 8 cells).
 * A cluster is a maximal set of orthogonally connected cells of one symbol; one of 5 or more
 * cells pays pays[s][min(size, 15)] coins. Cascade: when a grid has a winning cluster, the winning
 * clusters burst and a fresh grid drops in (the next 30 bytes); grid j of the round (0-based)
 * pays × ladder[min(j, ladder.length − 1)]; the round ends at a grid without a win or after
 * maxGrids grids. Because every grid is drawn afresh, the grids are independent, which makes the
 * exact RTP computable (`cluster-rtp.ts`).
 */
import { createByteStream } from '../rng';
import { checkSlotBet, checkVolatility, coinsToMinor, type EngineVolatility } from './common';
import data from './tables/cluster.json';

export const CLUSTER_COLS = 6;
export const CLUSTER_ROWS = 5;
export const CLUSTER_CELLS = CLUSTER_COLS * CLUSTER_ROWS;
export const CLUSTER_MIN = 5;
export const CLUSTER_CAP = 15;

export type ClusterTable = {
  /** Per symbol; their sum W is at most 256. */
  weights: number[];
  /** pays[symbol][size] coins for size 0…15 (15 stands for 15 or more; below 5 they are 0, from 5 on > 0). */
  pays: number[][];
  /** Multiplier of grid j of a round (the last one repeats). */
  ladder: number[];
  maxGrids: number;
};

export const clusterTable = (volatility: EngineVolatility): ClusterTable =>
  (data as unknown as { tables: Record<EngineVolatility, ClusterTable> }).tables[checkVolatility(volatility)];

type DrawPlan = { cumulative: number[]; sum: number; group: number; powers: number[] };
const plans = new Map<ClusterTable, DrawPlan>();
/** Cumulative weights, W, the group size K (largest k with W^k ≤ 2^29) and W^0…W^K, per table. */
const drawPlan = (table: ClusterTable): DrawPlan => {
  let plan = plans.get(table);
  if (!plan) {
    const cumulative: number[] = [];
    let sum = 0;
    for (const w of table.weights) {
      sum += w;
      cumulative.push(sum);
    }
    const powers = [1];
    while ((powers[powers.length - 1] as number) * sum <= 2 ** 29)
      powers.push((powers[powers.length - 1] as number) * sum);
    plan = { cumulative, sum, group: powers.length - 1, powers };
    plans.set(table, plan);
  }
  return plan;
};

export type ClusterWin = { symbol: number; size: number; cells: number[]; coins: number };

const seen = new Uint8Array(CLUSTER_CELLS);
const stack = new Int8Array(CLUSTER_CELLS);

/** The winning clusters of a grid (cells by index), in order of their smallest cell. */
export const clusterWins = (table: ClusterTable, cells: readonly number[]): ClusterWin[] => {
  seen.fill(0);
  const wins: ClusterWin[] = [];
  for (let start = 0; start < CLUSTER_CELLS; start++) {
    if (seen[start]) continue;
    const symbol = cells[start] as number;
    seen[start] = 1;
    stack[0] = start;
    let size = 1;
    for (let i = 0; i < size; i++) {
      const cell = stack[i] as number;
      const row = cell % CLUSTER_ROWS;
      if (row > 0 && !seen[cell - 1] && cells[cell - 1] === symbol) {
        seen[cell - 1] = 1;
        stack[size++] = cell - 1;
      }
      if (row < CLUSTER_ROWS - 1 && !seen[cell + 1] && cells[cell + 1] === symbol) {
        seen[cell + 1] = 1;
        stack[size++] = cell + 1;
      }
      if (cell >= CLUSTER_ROWS && !seen[cell - CLUSTER_ROWS] && cells[cell - CLUSTER_ROWS] === symbol) {
        seen[cell - CLUSTER_ROWS] = 1;
        stack[size++] = cell - CLUSTER_ROWS;
      }
      const right = cell + CLUSTER_ROWS;
      if (right < CLUSTER_CELLS && !seen[right] && cells[right] === symbol) {
        seen[right] = 1;
        stack[size++] = right;
      }
    }
    if (size >= CLUSTER_MIN) {
      const group = Array.from(stack.subarray(0, size)).sort((a, b) => a - b);
      const coins = table.pays[symbol]?.[Math.min(size, CLUSTER_CAP)] ?? 0;
      wins.push({ symbol, size, cells: group, coins });
    }
  }
  return wins;
};

export type ClusterGrid = {
  /** Symbols by cell index (column · 5 + row). */
  cells: number[];
  wins: ClusterWin[];
  multiplier: number;
  /** Coins of this grid, multiplier applied. */
  coins: number;
};

export type ClusterInput = {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  betMinor: number;
  volatility: EngineVolatility;
};

export type ClusterResult = {
  game: 'cluster';
  volatility: EngineVolatility;
  betMinor: number;
  stakeMinor: number;
  /** The grids of the round: the first, then one per cascade. */
  grids: ClusterGrid[];
  /** The symbols of every grid (grids[j].cells): what a verifier compares. */
  cells: number[][];
  coins: number;
  payoutMinor: number;
};

export const spinCluster = (input: ClusterInput): ClusterResult => {
  const betMinor = checkSlotBet(input.betMinor);
  const table = clusterTable(input.volatility);
  const { cumulative, sum, group, powers } = drawPlan(table);
  const stream = createByteStream(input);
  const grids: ClusterGrid[] = [];
  let coins = 0;
  for (let j = 0; j < table.maxGrids; j++) {
    const cells: number[] = [];
    while (cells.length < CLUSTER_CELLS) {
      const g = Math.min(group, CLUSTER_CELLS - cells.length);
      let d = stream.uniformInt(powers[g] as number) | 0; // < 2^29: integer arithmetic
      for (let j = 0; j < g; j++) {
        const v = d % sum;
        d = (d / sum) | 0;
        let s = 0;
        while (v >= (cumulative[s] as number)) s += 1;
        cells.push(s);
      }
    }
    const wins = clusterWins(table, cells);
    const multiplier = table.ladder[Math.min(j, table.ladder.length - 1)] as number;
    let gridCoins = 0;
    for (const w of wins) gridCoins += w.coins;
    grids.push({ cells, wins, multiplier, coins: gridCoins * multiplier });
    coins += gridCoins * multiplier;
    if (wins.length === 0) break;
  }
  return {
    game: 'cluster',
    volatility: input.volatility,
    betMinor,
    stakeMinor: betMinor,
    grids,
    cells: grids.map((g) => g.cells),
    coins,
    payoutMinor: coinsToMinor(coins, betMinor),
  };
};
