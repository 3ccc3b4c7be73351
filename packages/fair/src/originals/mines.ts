/**
 * Mines: a 5×5 board (cells 0–24, row by row), 1–24 mines. One draw r = uniformInt(C(25, mines))
 * places the mines on the r-th mines-element subset of {0…24} in lexicographic order
 * (`unrankCombination`). The player reveals cells one at a time; a mine ends the round with
 * nothing; after k safe cells they may cash out at the exact multiplier
 *   M(mines, k) = 99 · C(25, k) / (100 · C(25 − mines, k)),
 * 99 % of the fair 1 / P(k safe); the payout is floor(betMinor × M). The board does not depend on
 * the picks, so any way of picking has P(k safe) = C(25−mines, k) / C(25, k) and
 * RTP(mines, k) = P(k safe) · M = 99 % exactly. Revealing every safe cell cashes out at once.
 */
import { createByteStream, FairError } from '../rng';
import {
  binomial,
  checkBet,
  checkInt,
  type Multiplier,
  multiplier,
  payoutOf,
  type RoundSeeds,
  unrankCombination,
  ZERO,
} from './common';

export const MINES_CELLS = 25;

export const minesMultiplier = (mines: number, safe: number): Multiplier => {
  checkInt(mines, 1, MINES_CELLS - 1, 'mines');
  checkInt(safe, 1, MINES_CELLS - mines, 'safe cells');
  return multiplier(99n * binomial(MINES_CELLS, safe), 100n * binomial(MINES_CELLS - mines, safe));
};

/** The mine cells of a round, ascending. */
export const minesLayout = (input: RoundSeeds & { mines: number }): number[] => {
  checkInt(input.mines, 1, MINES_CELLS - 1, 'mines');
  const rank = createByteStream(input).uniformInt(Number(binomial(MINES_CELLS, input.mines)));
  return unrankCombination(MINES_CELLS, input.mines, rank);
};

export type MinesInput = RoundSeeds & { betMinor: number; mines: number; picks: number[] };
export type MinesResult = {
  game: 'mines';
  mines: number;
  mineCells: number[];
  picks: number[];
  /** Safe cells revealed. */
  safeCount: number;
  hitMine: boolean;
  /** The cash-out multiplier reached (0 when a mine was hit). */
  multiplier: Multiplier;
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
};

/**
 * Settles a finished round: `picks` are the cells revealed in order; either the last one is a mine
 * (lost) or none is (cashed out after them). Picks after a mine are refused.
 */
export const playMines = (input: MinesInput): MinesResult => {
  const betMinor = checkBet(input.betMinor);
  const mineCells = minesLayout(input);
  const picks = input.picks;
  if (!Array.isArray(picks) || picks.length < 1 || picks.length > MINES_CELLS - input.mines)
    throw new FairError('bad_range', `reveal 1..${MINES_CELLS - input.mines} cells`);
  const seen = new Set<number>();
  let safeCount = 0;
  let hitMine = false;
  for (const [i, cell] of picks.entries()) {
    checkInt(cell, 0, MINES_CELLS - 1, 'cell');
    if (seen.has(cell)) throw new FairError('bad_range', 'a cell is revealed once');
    seen.add(cell);
    if (mineCells.includes(cell)) {
      if (i !== picks.length - 1) throw new FairError('bad_state', 'the round ended at the mine');
      hitMine = true;
    } else safeCount += 1;
  }
  const m = hitMine ? ZERO : minesMultiplier(input.mines, safeCount);
  return {
    game: 'mines',
    mines: input.mines,
    mineCells,
    picks: [...picks],
    safeCount,
    hitMine,
    multiplier: m,
    won: !hitMine,
    stakeMinor: betMinor,
    payoutMinor: payoutOf(betMinor, m),
  };
};
