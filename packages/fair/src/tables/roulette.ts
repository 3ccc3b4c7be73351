/**
 * European roulette (single zero): one pocket uniform in 0..36 per round, a list of bets on it.
 * Each bet covers k numbers and, when the pocket is one of them, returns 36 / k times its stake
 * (straight 35:1, split 17:1, street 11:1, corner 8:1, line 5:1, dozen/column 2:1, even chances
 * 1:1, all paid with the stake back); zero loses every outside bet. Exact RTP of every bet:
 * k/37 · 36/k = 36/37 (97.297 %). A bet stakes `chips` times the round's chip (`betMinor`, one
 * of the game's bet levels); the round stakes betMinor × the chips of all its bets.
 */

import { checkBet, checkInt, checkOneOf, MAX_ROUND_BET_MINOR, type RoundSeeds } from '../originals/common';
import { type Revealed, verifyReplay } from '../originals/verify';
import { createByteStream, FairError } from '../rng';

export const ROULETTE_POCKETS = 37;
export const ROULETTE_RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36] as const;
export const ROULETTE_BET_KINDS = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;
export type RouletteBetKind = (typeof ROULETTE_BET_KINDS)[number];
/** At most this many bets, and this many chips in all, per round. */
export const ROULETTE_MAX_BETS = 40;
export const ROULETTE_MAX_CHIPS = 100;

/**
 * One bet: inside bets (straight … line) name their numbers, dozen and column their index 1–3
 * (column 1 is 1, 4, … 34), the even chances nothing; `chips` 1 by default.
 */
export type RouletteBet = { kind: RouletteBetKind; numbers?: number[]; at?: number; chips?: number };
export type RouletteBetResult = {
  kind: RouletteBetKind;
  /** Every number the bet covers, ascending. */
  numbers: number[];
  chips: number;
  won: boolean;
  payoutMinor: number;
};
export type RouletteInput = RoundSeeds & { betMinor: number; bets: RouletteBet[] };
export type RouletteResult = {
  game: 'roulette';
  pocket: number;
  color: 'green' | 'red' | 'black';
  bets: RouletteBetResult[];
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
};

const red = new Set<number>(ROULETTE_RED);
export const rouletteColorOf = (pocket: number): RouletteResult['color'] =>
  pocket === 0 ? 'green' : red.has(pocket) ? 'red' : 'black';

const range = (from: number, to: number, step = 1) => {
  const out: number[] = [];
  for (let n = from; n <= to; n += step) out.push(n);
  return out;
};
const ONE_TO_36 = range(1, 36);

/** The numbers an inside bet may cover: every allowed set, as sorted keys. */
const insideSets = (() => {
  const sets: Record<'straight' | 'split' | 'street' | 'corner' | 'line', Set<string>> = {
    straight: new Set(range(0, 36).map(String)),
    split: new Set(['0,1', '0,2', '0,3']),
    street: new Set(),
    corner: new Set(),
    line: new Set(),
  };
  for (const n of ONE_TO_36) {
    if (n % 3 !== 0) sets.split.add(`${n},${n + 1}`);
    if (n <= 33) sets.split.add(`${n},${n + 3}`);
    if (n % 3 === 1) sets.street.add(`${n},${n + 1},${n + 2}`);
    if (n % 3 !== 0 && n <= 32) sets.corner.add(`${n},${n + 1},${n + 3},${n + 4}`);
    if (n % 3 === 1 && n <= 31) sets.line.add(range(n, n + 5).join(','));
  }
  return sets;
})();

/** The numbers a bet covers; throws on a bet the table does not take. */
export const rouletteNumbersOf = (bet: RouletteBet): number[] => {
  const kind = checkOneOf(bet?.kind, ROULETTE_BET_KINDS, 'bet kind');
  switch (kind) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'line': {
      const numbers = Array.isArray(bet.numbers) ? [...bet.numbers].sort((a, b) => a - b) : [];
      if (!numbers.every((n) => Number.isSafeInteger(n)) || !insideSets[kind].has(numbers.join(',')))
        throw new FairError('bad_range', `${kind} must name numbers next to each other on the table`);
      return numbers;
    }
    case 'dozen': {
      const at = checkInt(bet.at, 1, 3, 'dozen');
      return range(12 * (at - 1) + 1, 12 * at);
    }
    case 'column':
      return range(checkInt(bet.at, 1, 3, 'column'), 36, 3);
    case 'red':
      return [...ROULETTE_RED];
    case 'black':
      return ONE_TO_36.filter((n) => !red.has(n));
    case 'odd':
      return ONE_TO_36.filter((n) => n % 2 === 1);
    case 'even':
      return ONE_TO_36.filter((n) => n % 2 === 0);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 36);
  }
};

/** The bets of a round, checked: 1..ROULETTE_MAX_BETS bets, ROULETTE_MAX_CHIPS chips in all. */
export const rouletteBetsOf = (
  bets: unknown,
): { kind: RouletteBetKind; numbers: number[]; chips: number }[] => {
  if (!Array.isArray(bets) || bets.length === 0 || bets.length > ROULETTE_MAX_BETS)
    throw new FairError('bad_range', `a round takes 1..${ROULETTE_MAX_BETS} bets`);
  const checked = bets.map((bet: RouletteBet) => ({
    kind: bet.kind,
    numbers: rouletteNumbersOf(bet),
    chips: checkInt(bet.chips ?? 1, 1, ROULETTE_MAX_CHIPS, 'chips'),
  }));
  const chips = checked.reduce((sum, b) => sum + b.chips, 0);
  if (chips > ROULETTE_MAX_CHIPS)
    throw new FairError('bad_range', `a round takes at most ${ROULETTE_MAX_CHIPS} chips`);
  return checked;
};

/** The round's result once the pocket is known (the draw is `playRoulette`'s). */
export const settleRoulette = (betMinorIn: number, betsIn: RouletteBet[], pocket: number): RouletteResult => {
  const betMinor = checkBet(betMinorIn);
  const bets = rouletteBetsOf(betsIn);
  const stakeMinor = betMinor * bets.reduce((sum, b) => sum + b.chips, 0);
  if (stakeMinor > MAX_ROUND_BET_MINOR)
    throw new FairError('bad_bet', `a round stakes at most ${MAX_ROUND_BET_MINOR} minor units`);
  checkInt(pocket, 0, ROULETTE_POCKETS - 1, 'pocket');
  const settled = bets.map((b) => {
    const won = b.numbers.includes(pocket);
    // 36 / k is a whole number for every bet (k = 1, 2, 3, 4, 6, 12, 18).
    return { ...b, won, payoutMinor: won ? betMinor * b.chips * (36 / b.numbers.length) : 0 };
  });
  const payoutMinor = settled.reduce((sum, b) => sum + b.payoutMinor, 0);
  return {
    game: 'roulette',
    pocket,
    color: rouletteColorOf(pocket),
    bets: settled,
    won: payoutMinor > 0,
    stakeMinor,
    payoutMinor,
  };
};

/** One round: the bets are checked first (nothing drawn for a refused bet), then one draw in 0..36. */
export const playRoulette = (input: RouletteInput): RouletteResult => {
  checkBet(input.betMinor);
  rouletteBetsOf(input.bets);
  return settleRoulette(input.betMinor, input.bets, createByteStream(input).uniformInt(ROULETTE_POCKETS));
};

/** The recorded fields a roulette round must give to be verified. */
export const ROULETTE_RECORDED_FIELDS = ['pocket', 'stakeMinor', 'payoutMinor'] as const;

/** Verifies a roulette round from the revealed seeds, the chip, the bets and the recorded result. */
export const verifyRoulette = (
  input: Revealed &
    Omit<RouletteInput, keyof RoundSeeds> & { recorded: Record<string, unknown> | null | undefined },
) => verifyReplay(input, input.recorded, ROULETTE_RECORDED_FIELDS, () => playRoulette(input));
