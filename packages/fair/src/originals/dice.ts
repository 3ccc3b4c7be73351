/**
 * Dice: one roll uniform in 0..9999 (shown as 00.00–99.99). "under T" wins when roll < T (T
 * winning rolls), "over T" when roll > T (9999 − T winning rolls). With W winning rolls of 10,000
 * the win pays 9,900 / W times the bet (99 % of the fair 10,000 / W, kept as that exact fraction),
 * floor(betMinor × 9,900 / W) minor units. Exact RTP: W/10,000 · 9,900/W = 99 % for every target.
 */
import { createByteStream } from '../rng';
import {
  checkBet,
  checkInt,
  checkOneOf,
  type Multiplier,
  multiplier,
  payoutOf,
  type RoundSeeds,
} from './common';

export const DICE_OUTCOMES = 10_000;
/** Winning rolls allowed: 1 (0.01 %) to 9,800 (98 %). */
export const DICE_MIN_CHANCE = 1;
export const DICE_MAX_CHANCE = 9_800;
export type DiceDirection = 'under' | 'over';

export type DiceInput = RoundSeeds & { betMinor: number; direction: DiceDirection; target: number };
export type DiceResult = {
  game: 'dice';
  direction: DiceDirection;
  target: number;
  /** The roll, 0..9999 (hundredths of 0.00–99.99). */
  roll: number;
  /** Winning rolls out of 10,000. */
  winChance: number;
  /** What a win pays per unit of bet: 9,900 / winChance. */
  multiplier: Multiplier;
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
};

/** Winning rolls of a bet; throws on a target outside the allowed chances. */
export const diceWinChance = (direction: DiceDirection, target: number): number => {
  checkOneOf(direction, ['under', 'over'] as const, 'direction');
  checkInt(target, 0, DICE_OUTCOMES - 1, 'target');
  const chance = direction === 'under' ? target : DICE_OUTCOMES - 1 - target;
  return checkInt(chance, DICE_MIN_CHANCE, DICE_MAX_CHANCE, 'winning rolls');
};

export const diceMultiplier = (winChance: number): Multiplier => multiplier(9_900, winChance);

export const playDice = (input: DiceInput): DiceResult => {
  const betMinor = checkBet(input.betMinor);
  const winChance = diceWinChance(input.direction, input.target);
  const roll = createByteStream(input).uniformInt(DICE_OUTCOMES);
  const won = input.direction === 'under' ? roll < input.target : roll > input.target;
  const m = diceMultiplier(winChance);
  return {
    game: 'dice',
    direction: input.direction,
    target: input.target,
    roll,
    winChance,
    multiplier: m,
    won,
    stakeMinor: betMinor,
    payoutMinor: won ? payoutOf(betMinor, m) : 0,
  };
};
