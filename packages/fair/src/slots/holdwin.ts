/**
 * Hold-and-win engine: a 5×3, 20-line base game (the lines, wild and line pays of the classic
 * engine: `evaluateStops`) whose symbol 1 is a cash symbol carrying a value. Six or more cash
 * symbols start the respin feature in the same round: they are held, 3 respins are given; on each
 * respin every empty cell may land a new cash symbol (which is held and resets the respins to 3);
 * the feature ends when the respins run out or all 15 cells are held. It pays the sum of the held
 * values, plus the grand prize when all 15 are held. Without the feature the values pay nothing.
 *
 * Draws, in order: reel stops 1–5 (uniformInt(L_i)); the value of every cash symbol on the grid
 * (reel by reel, top to bottom); then, in the feature, per respin and per cell empty at its start
 * (cells numbered reel·3 + row, ascending): land = uniformInt(landDen) < landNum, and if it landed
 * its value at once. A value takes single bytes of the stream until one is below floor(256 / W) · W
 * (W = Σ coinWeights ≤ 256), v = byte mod W, located in the cumulative weights (one byte instead of
 * a 4-byte draw keeps a spin within one 32-byte block).
 */
import { evaluateStops, SCATTER } from '../engine';
import { createByteStream } from '../rng';
import { LINES } from '../themes';
import type { Paytable, SlotWin } from '../types';
import { checkSlotBet, checkVolatility, coinsToMinor, type EngineVolatility } from './common';
import data from './tables/holdwin.json';

export const HOLDWIN_CELLS = 15;
export const HOLDWIN_TRIGGER = 6;
export const HOLDWIN_RESPINS = 3;
/** The cash symbol's id (it takes the classic engine's scatter slot: it never pays on a line). */
export const CASH = SCATTER;

export type HoldWinTable = {
  strips: number[][];
  /** pays[symbol][count] coins per line (count 3–5). */
  pays: number[][];
  /** Cash values in coins (one coin = bet / 20) and their draw weights (summing to at most 256). */
  coinValues: number[];
  coinWeights: number[];
  /** A respin lands a cash symbol in an empty cell with probability landNum / landDen. */
  landNum: number;
  landDen: number;
  /** Coins paid on top of the values when all 15 cells are held. */
  grand: number;
};

export const holdWinTable = (volatility: EngineVolatility): HoldWinTable =>
  (data as unknown as Record<EngineVolatility, HoldWinTable>)[checkVolatility(volatility)];

const paytables = new Map<HoldWinTable, Paytable>();
/** The base game as a classic lines paytable (cash = the scatter slot, paying nothing). */
export const holdWinPaytable = (table: HoldWinTable): Paytable => {
  let p = paytables.get(table);
  if (!p) {
    p = {
      key: 'holdwin',
      layout: 'lines',
      volatility: 'medium',
      family: 'gems',
      reels: table.strips,
      pays: table.pays,
      scatterPays: [0, 0, 0, 0, 0, 0],
      freeSpins: [0, 0, 0, 0, 0, 0],
      freeSpinMultiplier: 1,
      lines: LINES as number[][],
    };
    paytables.set(table, p);
  }
  return p;
};

export type Respin = {
  /** Cells (reel·3 + row) that landed a cash symbol on this respin, with their values (coins). */
  landed: [cell: number, value: number][];
  /** Respins left after it. */
  respinsLeft: number;
};

export type HoldWinInput = {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  betMinor: number;
  volatility: EngineVolatility;
};

export type HoldWinResult = {
  game: 'holdwin';
  volatility: EngineVolatility;
  betMinor: number;
  stakeMinor: number;
  stops: number[];
  /** grid[reel][row], row 0 on top. */
  grid: number[][];
  /** Line wins of the base spin (coins and minor units). */
  wins: SlotWin[];
  /** Cash symbols on the base grid: [cell, value in coins]. */
  cash: [cell: number, value: number][];
  featureTriggered: boolean;
  respins: Respin[];
  /** Every held cell at the end of the feature with its value (empty without the feature). */
  held: [cell: number, value: number][];
  grandWon: boolean;
  lineCoins: number;
  featureCoins: number;
  coins: number;
  payoutMinor: number;
};

export const spinHoldWin = (input: HoldWinInput): HoldWinResult => {
  const betMinor = checkSlotBet(input.betMinor);
  const table = holdWinTable(input.volatility);
  const paytable = holdWinPaytable(table);
  const stream = createByteStream(input);
  const totalWeight = table.coinWeights.reduce((a, b) => a + b, 0);
  const limit = Math.floor(256 / totalWeight) * totalWeight;
  const drawValue = () => {
    let byte = stream.nextByte();
    while (byte >= limit) byte = stream.nextByte();
    let pick = byte % totalWeight;
    let i = 0;
    while (pick >= (table.coinWeights[i] as number)) pick -= table.coinWeights[i++] as number;
    return table.coinValues[i] as number;
  };
  const stops = table.strips.map((strip) => stream.uniformInt(strip.length));
  const e = evaluateStops(paytable, stops);
  const cash: [number, number][] = [];
  for (let reel = 0; reel < 5; reel++)
    for (let row = 0; row < 3; row++)
      if (e.grid[reel]?.[row] === CASH) cash.push([reel * 3 + row, drawValue()]);

  const respins: Respin[] = [];
  const held = new Map<number, number>();
  const featureTriggered = cash.length >= HOLDWIN_TRIGGER;
  if (featureTriggered) {
    for (const [cell, value] of cash) held.set(cell, value);
    let left = HOLDWIN_RESPINS;
    while (left > 0 && held.size < HOLDWIN_CELLS) {
      const landed: [number, number][] = [];
      for (let cell = 0; cell < HOLDWIN_CELLS; cell++) {
        if (held.has(cell)) continue;
        if (stream.uniformInt(table.landDen) < table.landNum) landed.push([cell, drawValue()]);
      }
      for (const [cell, value] of landed) held.set(cell, value);
      left = landed.length > 0 ? HOLDWIN_RESPINS : left - 1;
      respins.push({ landed, respinsLeft: left });
    }
  }
  const grandWon = held.size === HOLDWIN_CELLS;
  let featureCoins = grandWon ? table.grand : 0;
  for (const value of held.values()) featureCoins += value;
  const lineCoins = e.coins;
  const coins = lineCoins + featureCoins;
  return {
    game: 'holdwin',
    volatility: input.volatility,
    betMinor,
    stakeMinor: betMinor,
    stops,
    grid: e.grid,
    wins: e.wins.map((w) => ({
      kind: w.kind,
      line: w.line,
      symbol: w.symbol,
      count: w.count,
      ways: w.ways,
      cells: w.cells,
      coins: w.coins,
      winMinor: coinsToMinor(w.coins, betMinor),
    })),
    cash,
    featureTriggered,
    respins,
    held: [...held.entries()].sort((a, b) => a[0] - b[0]),
    grandWon,
    lineCoins,
    featureCoins,
    coins,
    payoutMinor: coinsToMinor(coins, betMinor),
  };
};
