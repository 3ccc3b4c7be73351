/**
 * Scratch cards, single-player and instant (docs/decisions/049-video-poker-scratch.md): a ticket
 * of 9 cells (3×3, row by row) showing prize symbols 0..7; three matching symbols win that
 * symbol's prize. A ticket wins at most once: its outcome is drawn first, then the cells are
 * drawn to show it.
 * 1. Outcome: t = uniform(SCRATCH_WEIGHT_TOTAL); walking the prizes in order (symbol 0 first),
 *    t below the running sum of weights picks that symbol; past every prize the ticket loses.
 * 2. Cells: a pool holds two of every other symbol (ascending: 0,0,1,1,…); a winning ticket takes
 *    its symbol three times plus 6 of the pool, a losing ticket 9 of the pool, each pool draw by
 *    partial Fisher–Yates (draw i = uniform(pool left) picks, the last left moves into its place).
 *    So no other symbol shows three times, and a losing ticket shows no three alike.
 * 3. Places: the 9 cells (in the order drawn) are shuffled by Fisher–Yates, i = 8 down to 1,
 *    j = uniform(i + 1), swap cells i and j.
 * The paytable (`SCRATCH_PRIZES`, version `SCRATCH_PAYTABLE_VERSION`) is copied into the round.
 * Exact RTP = Σ weight × pays / total = 95 000 / 100 000 = 95 % (scratch.test.ts).
 */
import { checkBet, hundredths, payoutOf, type RoundSeeds } from '../originals/common';
import { type Revealed, verifyReplay } from '../originals/verify';
import { type ByteStream, createByteStream } from '../rng';
import { ratio } from '../rtp';
import type { Ratio } from '../types';

export const SCRATCH_CELLS = 9;
export const SCRATCH_SYMBOLS = 8;
export const SCRATCH_PAYTABLE_VERSION = 1;
/** The weights are out of this total; what the prizes leave is the losing ticket's weight. */
export const SCRATCH_WEIGHT_TOTAL = 100_000;

/** Per symbol (0..7): hundredths of the bet paid for three of it, and its weight of the total. */
export const SCRATCH_PRIZES: readonly { symbol: number; paysX100: number; weight: number }[] = [
  { symbol: 0, paysX100: 100, weight: 15_000 },
  { symbol: 1, paysX100: 200, weight: 8_000 },
  { symbol: 2, paysX100: 500, weight: 3_000 },
  { symbol: 3, paysX100: 1_000, weight: 1_500 },
  { symbol: 4, paysX100: 2_000, weight: 500 },
  { symbol: 5, paysX100: 5_000, weight: 200 },
  { symbol: 6, paysX100: 10_000, weight: 60 },
  { symbol: 7, paysX100: 100_000, weight: 8 },
];

/** Exact RTP of the paytable: Σ weight × pays / total (pays in hundredths). */
export const scratchRtp = (): Ratio =>
  ratio(
    SCRATCH_PRIZES.reduce((sum, p) => sum + BigInt(p.weight) * BigInt(p.paysX100), 0n),
    BigInt(SCRATCH_WEIGHT_TOTAL) * 100n,
  );
/** The band `npm run rtp` holds the scratch paytable to. */
export const SCRATCH_RTP_BAND = { low: ratio(94n, 100n), high: ratio(96n, 100n) };

export type ScratchInput = RoundSeeds & { betMinor: number };
export type ScratchResult = {
  game: 'scratch';
  /** The 9 cells, row by row: a symbol 0..7 each. */
  cells: number[];
  /** The symbol shown three times (−1: no win). */
  winSymbol: number;
  /** The cells of the winning symbol (empty: no win). */
  winCells: number[];
  paytableVersion: number;
  /** Hundredths paid per symbol, as the round played it. */
  paysX100: number[];
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
};

/** The outcome of a ticket: the winning symbol or −1. */
const outcomeOf = (stream: ByteStream): number => {
  const t = stream.uniformInt(SCRATCH_WEIGHT_TOTAL);
  let sum = 0;
  for (const prize of SCRATCH_PRIZES) {
    sum += prize.weight;
    if (t < sum) return prize.symbol;
  }
  return -1;
};

/** The 9 cells of a ticket whose outcome is `win` (−1: a losing ticket). */
const cellsOf = (stream: ByteStream, win: number): number[] => {
  const pool: number[] = [];
  for (let s = 0; s < SCRATCH_SYMBOLS; s++) if (s !== win) pool.push(s, s);
  const cells = win >= 0 ? [win, win, win] : [];
  const need = SCRATCH_CELLS - cells.length;
  for (let i = 0; i < need; i++) {
    const j = stream.uniformInt(pool.length - i);
    cells.push(pool[j] as number);
    pool[j] = pool[pool.length - 1 - i] as number;
  }
  for (let i = SCRATCH_CELLS - 1; i >= 1; i--) {
    const j = stream.uniformInt(i + 1);
    [cells[i], cells[j]] = [cells[j] as number, cells[i] as number];
  }
  return cells;
};

export const playScratch = (input: ScratchInput): ScratchResult => {
  const betMinor = checkBet(input.betMinor);
  const stream = createByteStream(input);
  const winSymbol = outcomeOf(stream);
  const cells = cellsOf(stream, winSymbol);
  const paysX100 = SCRATCH_PRIZES.map((p) => p.paysX100);
  const payoutMinor = winSymbol < 0 ? 0 : payoutOf(betMinor, hundredths(paysX100[winSymbol] ?? 0));
  return {
    game: 'scratch',
    cells,
    winSymbol,
    winCells: winSymbol < 0 ? [] : cells.flatMap((s, i) => (s === winSymbol ? [i] : [])),
    paytableVersion: SCRATCH_PAYTABLE_VERSION,
    paysX100,
    won: payoutMinor > 0,
    stakeMinor: betMinor,
    payoutMinor,
  };
};

export const SCRATCH_RECORDED_FIELDS = ['cells', 'winSymbol', 'payoutMinor'] as const;

export const verifyScratch = (
  input: Revealed &
    Omit<ScratchInput, keyof RoundSeeds> & { recorded: Record<string, unknown> | null | undefined },
) => verifyReplay(input, input.recorded, SCRATCH_RECORDED_FIELDS, () => playScratch(input));
