/**
 * Megaways-style engine: 6 reels whose heights change every spin (2–7 symbols each, up to
 * 7^6 = 117,649 ways). Symbols: 0 wild (reels 2–6, stands in for paying symbols), 1 scatter,
 * 2–9 paying. Per spin, reel i takes one draw v = uniformInt(6 · L_i) (L_i its strip length):
 * height h = 2 + (v mod 6), stop = floor(v / 6); it shows strip[stop … stop + h − 1] (wrapping).
 * A paying symbol s on reel 1 wins when reels 1…k (k ≥ 3) each show s or a wild: it pays
 * pays[s][k] coins × the product of the matching cells on those reels. 4+ scatters anywhere pay
 * scatterPays and award free spins, played at once in the same round on the same strips (the
 * stream continues), every win × the free-spin multiplier, retriggering.
 */
import { createByteStream } from '../rng';
import { checkSlotBet, checkVolatility, coinsToMinor, type EngineVolatility } from './common';
import data from './tables/megaways.json';

export const MEGAWAYS_REELS = 6;
export const MEGAWAYS_MIN_HEIGHT = 2;
export const MEGAWAYS_HEIGHTS = 6;
export const MW_WILD = 0;
export const MW_SCATTER = 1;

export type MegawaysTable = {
  strips: number[][];
  /** pays[symbol][k] coins per way for k = 3…6 reels (indices 0–2 are 0). */
  pays: number[][];
  /** By scatter count 0…6. */
  scatterPays: number[];
  freeSpins: number[];
  freeSpinMultiplier: number;
};

export const megawaysTable = (volatility: EngineVolatility): MegawaysTable =>
  (data as unknown as Record<EngineVolatility, MegawaysTable>)[checkVolatility(volatility)];

export type MegawaysWin = { symbol: number; reels: number; ways: number; coins: number };
export type MegawaysSpin = {
  kind: 'paid' | 'free';
  heights: number[];
  stops: number[];
  /** grid[reel] = the symbols shown, top first. */
  grid: number[][];
  /** Product of the heights. */
  ways: number;
  wins: MegawaysWin[];
  scatterCount: number;
  freeSpinsAwarded: number;
  multiplier: number;
  /** This spin's coins, multiplier applied. */
  coins: number;
};

export type MegawaysEvaluation = Omit<MegawaysSpin, 'kind' | 'multiplier' | 'coins' | 'heights' | 'stops'> & {
  coins: number;
};

const counts = new Int32Array(MEGAWAYS_REELS * 16);

/** The wins of a grid in coins (no multiplier); the evaluation refers to the grid given. */
export const evaluateMegaways = (
  table: MegawaysTable,
  grid: readonly (readonly number[])[],
): MegawaysEvaluation => {
  const wins: MegawaysWin[] = [];
  let coins = 0;
  // counts[reel · 16 + symbol]: cells of the reel showing the symbol (wilds and scatters by their ids)
  counts.fill(0);
  let scatterCount = 0;
  let total = 1;
  for (let i = 0; i < grid.length; i++) {
    const reel = grid[i] as number[];
    total *= reel.length;
    for (const x of reel) counts[i * 16 + x] = (counts[i * 16 + x] as number) + 1;
    scatterCount += counts[i * 16 + MW_SCATTER] as number;
  }
  for (let s = 2; s < table.pays.length; s++) {
    let ways = counts[s] as number;
    if (ways === 0) continue;
    let reels = 1;
    for (let i = 1; i < grid.length; i++) {
      const c = (counts[i * 16 + s] as number) + (counts[i * 16 + MW_WILD] as number);
      if (c === 0) break;
      ways *= c;
      reels += 1;
    }
    const pay = table.pays[s]?.[reels] ?? 0;
    if (pay > 0) {
      wins.push({ symbol: s, reels, ways, coins: pay * ways });
      coins += pay * ways;
    }
  }
  const at = Math.min(scatterCount, table.scatterPays.length - 1);
  const scatterCoins = table.scatterPays[at] ?? 0;
  if (scatterCoins > 0) {
    wins.push({ symbol: MW_SCATTER, reels: 0, ways: 1, coins: scatterCoins });
    coins += scatterCoins;
  }
  return {
    grid: grid as number[][],
    ways: total,
    wins,
    scatterCount,
    freeSpinsAwarded: table.freeSpins[at] ?? 0,
    coins,
  };
};

export type MegawaysInput = {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  betMinor: number;
  volatility: EngineVolatility;
};

export type MegawaysResult = {
  game: 'megaways';
  volatility: EngineVolatility;
  betMinor: number;
  stakeMinor: number;
  /** The paid spin, then every free spin it led to. */
  spins: MegawaysSpin[];
  /** Per spin: the reel heights and stops (what a verifier compares). */
  heights: number[][];
  stops: number[][];
  /** Coins of the whole round. */
  coins: number;
  payoutMinor: number;
};

export const spinMegaways = (input: MegawaysInput): MegawaysResult => {
  const betMinor = checkSlotBet(input.betMinor);
  const table = megawaysTable(input.volatility);
  const stream = createByteStream(input);
  const spins: MegawaysSpin[] = [];
  const play = (kind: 'paid' | 'free', multiplier: number) => {
    const heights: number[] = [];
    const stops: number[] = [];
    const grid: number[][] = [];
    for (const strip of table.strips) {
      const v = stream.uniformInt(MEGAWAYS_HEIGHTS * strip.length);
      const h = MEGAWAYS_MIN_HEIGHT + (v % MEGAWAYS_HEIGHTS);
      const stop = Math.floor(v / MEGAWAYS_HEIGHTS);
      heights.push(h);
      stops.push(stop);
      const column: number[] = [];
      for (let j = 0; j < h; j++) column.push(strip[(stop + j) % strip.length] as number);
      grid.push(column);
    }
    const e = evaluateMegaways(table, grid);
    const spin: MegawaysSpin = { kind, heights, stops, ...e, multiplier, coins: e.coins * multiplier };
    spins.push(spin);
    return spin;
  };
  let remaining = play('paid', 1).freeSpinsAwarded;
  while (remaining > 0) {
    remaining += play('free', table.freeSpinMultiplier).freeSpinsAwarded - 1;
  }
  let coins = 0;
  for (const s of spins) coins += s.coins;
  return {
    game: 'megaways',
    volatility: input.volatility,
    betMinor,
    stakeMinor: betMinor,
    spins,
    heights: spins.map((s) => s.heights),
    stops: spins.map((s) => s.stops),
    coins,
    payoutMinor: coinsToMinor(coins, betMinor),
  };
};
