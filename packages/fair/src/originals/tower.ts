/**
 * Tower: 8 levels; each level has `tiles` tiles of which `traps` hide a trap (difficulty). With
 * b = C(tiles, traps) layouts per level, one draw d = uniformInt(b^8) fixes every level: level i
 * (0 at the bottom) uses digit i of d in base b (floor(d / b^i) mod b) as the rank of its traps
 * among the traps-element subsets of {0…tiles−1} in lexicographic order. The player picks one
 * tile per level from the bottom; a trap ends the round with nothing; after k safe levels they may
 * cash out at the exact multiplier M(k) = 99 · tiles^k / (100 · safe^k) (safe = tiles − traps), 99 %
 * of the fair one; the payout is floor(betMinor × M). RTP(k) = (safe/tiles)^k · M(k) = 99 % exactly.
 */
import { createByteStream, FairError } from '../rng';
import {
  binomial,
  checkBet,
  checkInt,
  checkOneOf,
  type Multiplier,
  multiplier,
  payoutOf,
  type RoundSeeds,
  unrankCombination,
  ZERO,
} from './common';

export const TOWER_LEVELS = 8;
export type TowerDifficulty = 'easy' | 'medium' | 'hard' | 'expert' | 'master';
export const TOWER_DIFFICULTIES: Record<TowerDifficulty, { tiles: number; traps: number }> = {
  easy: { tiles: 4, traps: 1 },
  medium: { tiles: 3, traps: 1 },
  hard: { tiles: 2, traps: 1 },
  expert: { tiles: 3, traps: 2 },
  master: { tiles: 4, traps: 3 },
};
const NAMES = Object.keys(TOWER_DIFFICULTIES) as TowerDifficulty[];

export const towerMultiplier = (difficulty: TowerDifficulty, levels: number): Multiplier => {
  const { tiles, traps } = TOWER_DIFFICULTIES[checkOneOf(difficulty, NAMES, 'difficulty')];
  checkInt(levels, 1, TOWER_LEVELS, 'levels');
  const k = BigInt(levels);
  return multiplier(99n * BigInt(tiles) ** k, 100n * BigInt(tiles - traps) ** k);
};

/** The trap tiles of every level, bottom first. */
export const towerLayout = (input: RoundSeeds & { difficulty: TowerDifficulty }): number[][] => {
  const { tiles, traps } = TOWER_DIFFICULTIES[checkOneOf(input.difficulty, NAMES, 'difficulty')];
  const b = Number(binomial(tiles, traps));
  let d = createByteStream(input).uniformInt(b ** TOWER_LEVELS);
  const levels: number[][] = [];
  for (let i = 0; i < TOWER_LEVELS; i++) {
    levels.push(unrankCombination(tiles, traps, d % b));
    d = Math.floor(d / b);
  }
  return levels;
};

export type TowerInput = RoundSeeds & { betMinor: number; difficulty: TowerDifficulty; picks: number[] };
export type TowerResult = {
  game: 'tower';
  difficulty: TowerDifficulty;
  traps: number[][];
  picks: number[];
  /** Levels cleared. */
  climbed: number;
  hitTrap: boolean;
  multiplier: Multiplier;
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
};

/** Settles a finished climb: picks[i] is the tile chosen on level i; a trap must be the last pick. */
export const playTower = (input: TowerInput): TowerResult => {
  const betMinor = checkBet(input.betMinor);
  const traps = towerLayout(input);
  const { tiles } = TOWER_DIFFICULTIES[input.difficulty];
  const picks = input.picks;
  if (!Array.isArray(picks) || picks.length < 1 || picks.length > TOWER_LEVELS)
    throw new FairError('bad_range', `pick 1..${TOWER_LEVELS} tiles`);
  let climbed = 0;
  let hitTrap = false;
  for (const [level, tile] of picks.entries()) {
    checkInt(tile, 0, tiles - 1, 'tile');
    if ((traps[level] as number[]).includes(tile)) {
      if (level !== picks.length - 1) throw new FairError('bad_state', 'the climb ended at the trap');
      hitTrap = true;
    } else climbed += 1;
  }
  const m = hitTrap ? ZERO : towerMultiplier(input.difficulty, climbed);
  return {
    game: 'tower',
    difficulty: input.difficulty,
    traps,
    picks: [...picks],
    climbed,
    hitTrap,
    multiplier: m,
    won: !hitTrap,
    stakeMinor: betMinor,
    payoutMinor: payoutOf(betMinor, m),
  };
};
