/**
 * Teen Patti hands and betting limits (issue 22; ../shared/domain/verticals.md §C1).
 * A card is 0..51: rank (card mod 13) + 1 (ace 1 … king 13), suit floor(card / 13); for ranking
 * the ace is high (14) but also runs A-2-3.
 * Categories, best first: trail (three of a rank) > pure sequence (a run in one suit) > sequence
 * (a run) > colour (one suit) > pair > high card. Runs: A-K-Q is the top run; where A-2-3 stands is
 * the table's choice (`a23`: 'highest' above A-K-Q, 'second' just below it — the default —, or
 * 'lowest' below 4-3-2). Within a category: trails and runs by their rank, pairs by the pair then
 * the odd card, colours and high cards by their three ranks from the highest. Suits never rank.
 * `handScore` gives one integer per hand (a higher score wins, equal scores tie).
 */
export type A23Rule = 'highest' | 'second' | 'lowest';
export const TEEN_PATTI_CATEGORIES = [
  'high',
  'pair',
  'colour',
  'sequence',
  'pure_sequence',
  'trail',
] as const;
export type TeenPattiCategory = (typeof TEEN_PATTI_CATEGORIES)[number];

const rankOf = (card: number) => {
  const r = (card % 13) + 1;
  return r === 1 ? 14 : r;
};

/** The run key of three distinct ranks sorted high to low, or 0 when they are no run. */
const runKey = (a: number, b: number, c: number, a23: A23Rule) => {
  if (a === 14 && b === 3 && c === 2) return a23 === 'highest' ? 30 : a23 === 'second' ? 27 : 7;
  if (a === b + 1 && b === c + 1) return a * 2;
  return 0;
};

/** The hand's score: category × 2^16 + the order inside the category. */
export const handScore = (cards: readonly [number, number, number], a23: A23Rule = 'second'): number => {
  let [x, y, z] = [rankOf(cards[0]), rankOf(cards[1]), rankOf(cards[2])];
  if (x < y) [x, y] = [y, x];
  if (y < z) [y, z] = [z, y];
  if (x < y) [x, y] = [y, x];
  const flush =
    Math.floor(cards[0] / 13) === Math.floor(cards[1] / 13) &&
    Math.floor(cards[1] / 13) === Math.floor(cards[2] / 13);
  if (x === z) return (5 << 16) | x;
  const run = x !== y && y !== z ? runKey(x, y, z, a23) : 0;
  if (run > 0) return ((flush ? 4 : 3) << 16) | run;
  if (flush) return (2 << 16) | (x << 8) | (y << 4) | z;
  if (x === y) return (1 << 16) | (x << 4) | z;
  if (y === z) return (1 << 16) | (y << 4) | x;
  return (x << 8) | (y << 4) | z;
};

export const handCategory = (score: number): TeenPattiCategory =>
  TEEN_PATTI_CATEGORIES[score >> 16] as TeenPattiCategory;

/** A show between the last two players: the one who asked wins only with a strictly better hand. */
export const showWinner = (askerScore: number, otherScore: number): 'asker' | 'other' =>
  askerScore > otherScore ? 'asker' : 'other';

/**
 * The limits of the next bet. `stake` is the current blind stake (the boot at first; after a
 * blind bet its amount, after a seen player's chaal half of it). A blind player bets 1–2× the
 * stake; a seen player (chaal) 2–4× the stake — so at least the previous chaal and at most twice
 * it. Amounts are capped by what is left under the pot limit (`potLimit − pot`).
 */
export const betLimits = (stake: bigint, seen: boolean, pot: bigint, potLimit: bigint) => {
  const room = potLimit - pot;
  const min = seen ? stake * 2n : stake;
  const max = seen ? stake * 4n : stake * 2n;
  return { min: min < room ? min : room, max: max < room ? max : room };
};

/** The stake after a bet of `amount` (a seen player's chaal counts half). */
export const stakeAfter = (amount: bigint, seen: boolean) => (seen ? amount / 2n : amount);
