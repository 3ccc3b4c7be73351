/**
 * Lottery bet types and their evaluation against a draw (issue 17). Pure: the server settles with
 * it, the browser shows wins with it, the model tests check it.
 *
 * A bet's outcome is a key of its bet type's payout table (or null: lost); a table maps keys to
 * multipliers in thousandths (2.5× = 2500), so payouts are data and a payout is
 * floor(stake × thousandths / 1000) minor units. Keys:
 * - `pick` (keno, lotto): `${picks}:${hits}` — the picks' count and how many were drawn;
 * - `position` (digits: a digit at a position), `straight` (every digit in order),
 *   `bigsmall` / `oddeven` (a position's digit, or the sum when position is 0), `first`, `top3`
 *   (racing: a car first, or in the first three): `hit`;
 * - `dragontiger` (digits: first against last position): `dragon` / `tiger` / `tie`, the side bet on.
 */
import { FairError } from '../rng';
import { KIND_SHAPES, type LotteryKind } from './draw';

export const BET_TYPES = [
  'pick',
  'position',
  'straight',
  'bigsmall',
  'oddeven',
  'dragontiger',
  'first',
  'top3',
] as const;
export type BetType = (typeof BET_TYPES)[number];

/**
 * What the player chose. `numbers`: picked numbers (pick), the digits in order (straight), the
 * digit (position: one number), the car (first, top3: one number). `position`: 1-based digit
 * position, 0 = the sum (bigsmall, oddeven). `side`: big|small, odd|even, dragon|tiger|tie.
 */
export type BetSelection = { numbers?: number[]; position?: number; side?: string };

/** Which bet types each kind takes. */
export const KIND_BET_TYPES: Record<LotteryKind, readonly BetType[]> = {
  keno: ['pick'],
  lotto545: ['pick'],
  lotto655: ['pick'],
  digits3: ['position', 'straight', 'bigsmall', 'oddeven'],
  digits4: ['position', 'straight', 'bigsmall', 'oddeven'],
  digits5: ['position', 'bigsmall', 'oddeven', 'dragontiger'],
  racing10: ['first', 'top3'],
};

/** How many numbers a pick bet may hold. */
export const PICK_LIMITS: Partial<Record<LotteryKind, { min: number; max: number }>> = {
  keno: { min: 1, max: 10 },
  lotto545: { min: 1, max: 5 },
  lotto655: { min: 1, max: 6 },
};

const SIDES: Partial<Record<BetType, readonly string[]>> = {
  bigsmall: ['big', 'small'],
  oddeven: ['odd', 'even'],
  dragontiger: ['dragon', 'tiger', 'tie'],
};

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

/** A selection put in its one canonical form, or a FairError('bad_bet') naming what is wrong. */
export const normalizeSelection = (
  kind: LotteryKind,
  type: BetType,
  selection: BetSelection,
): BetSelection => {
  const shape = KIND_SHAPES[kind];
  const bad = (why: string): never => {
    throw new FairError('bad_bet', why);
  };
  if (!KIND_BET_TYPES[kind]?.includes(type)) bad(`${kind} takes no ${type} bet`);
  const numbers = selection.numbers ?? [];
  const inRange = (n: unknown) => isInt(n) && n >= shape.min && n <= shape.max;
  switch (type) {
    case 'pick': {
      const limits = PICK_LIMITS[kind] ?? { min: 1, max: 1 };
      if (numbers.length < limits.min || numbers.length > limits.max) bad('pick count out of range');
      if (!numbers.every(inRange)) bad('number out of range');
      if (new Set(numbers).size !== numbers.length) bad('a number picked twice');
      return { numbers: [...numbers].sort((a, b) => a - b) };
    }
    case 'position': {
      const position = selection.position;
      if (!isInt(position) || position < 1 || position > shape.count) bad('position out of range');
      if (numbers.length !== 1 || !inRange(numbers[0])) bad('one digit expected');
      return { position, numbers: [numbers[0] as number] };
    }
    case 'straight':
      if (numbers.length !== shape.count || !numbers.every(inRange)) bad('every digit expected');
      return { numbers: [...numbers] };
    case 'bigsmall':
    case 'oddeven': {
      const position = selection.position;
      if (!isInt(position) || position < 0 || position > shape.count) bad('position out of range');
      if (!SIDES[type]?.includes(selection.side ?? '')) bad('side expected');
      return { position, side: selection.side as string };
    }
    case 'dragontiger':
      if (!SIDES.dragontiger?.includes(selection.side ?? '')) bad('side expected');
      return { side: selection.side as string };
    case 'first':
    case 'top3':
      if (numbers.length !== 1 || !inRange(numbers[0])) bad('one car expected');
      return { numbers: [numbers[0] as number] };
  }
  return bad('unknown bet type');
};

/** The sum of digits that counts as big: above half the largest sum (a middle sum is neither). */
const sumIsBig = (sum: number, count: number) => 2 * sum > 9 * count;
const sumIsSmall = (sum: number, count: number) => 2 * sum < 9 * count;

/** The key of the payout table a bet won (null: lost). The selection must be normalized. */
export const outcomeOf = (
  kind: LotteryKind,
  type: BetType,
  selection: BetSelection,
  drawn: readonly number[],
): string | null => {
  const numbers = selection.numbers ?? [];
  switch (type) {
    case 'pick': {
      const set = new Set(drawn);
      const hits = numbers.filter((n) => set.has(n)).length;
      return `${numbers.length}:${hits}`;
    }
    case 'position':
      return drawn[(selection.position ?? 1) - 1] === numbers[0] ? 'hit' : null;
    case 'straight':
      return numbers.every((n, i) => drawn[i] === n) ? 'hit' : null;
    case 'bigsmall': {
      const position = selection.position ?? 0;
      const big =
        position === 0 ? sumIsBig(sumOf(drawn), drawn.length) : (drawn[position - 1] as number) >= 5;
      const small =
        position === 0 ? sumIsSmall(sumOf(drawn), drawn.length) : (drawn[position - 1] as number) <= 4;
      return (selection.side === 'big' ? big : small) ? 'hit' : null;
    }
    case 'oddeven': {
      const position = selection.position ?? 0;
      const value = position === 0 ? sumOf(drawn) : (drawn[position - 1] as number);
      return (value % 2 === 1) === (selection.side === 'odd') ? 'hit' : null;
    }
    case 'dragontiger': {
      const dragon = drawn[0] as number;
      const tiger = drawn[drawn.length - 1] as number;
      const side = dragon > tiger ? 'dragon' : dragon < tiger ? 'tiger' : 'tie';
      return side === selection.side ? side : null;
    }
    case 'first':
      return drawn[0] === numbers[0] ? 'hit' : null;
    case 'top3':
      return drawn.slice(0, 3).includes(numbers[0] as number) ? 'hit' : null;
  }
  void kind;
  return null;
};

const sumOf = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** A payout table: outcome key → multiplier in thousandths (returned stake included). */
export type PayoutTable = Record<string, number>;

/** What a stake wins: floor(stake × thousandths / 1000), exact in bigint. */
export const payoutOf = (stakeMinor: bigint, table: PayoutTable, outcome: string | null): bigint => {
  if (outcome === null) return 0n;
  const milli = table[outcome] ?? 0;
  return (stakeMinor * BigInt(milli)) / 1000n;
};

/** The largest multiplier (thousandths) a bet of this selection can win: its liability. */
export const maxMultiplierOf = (type: BetType, selection: BetSelection, table: PayoutTable) => {
  if (type === 'pick') {
    const picks = selection.numbers?.length ?? 0;
    let best = 0;
    for (let hits = 0; hits <= picks; hits++) best = Math.max(best, table[`${picks}:${hits}`] ?? 0);
    return best;
  }
  if (type === 'dragontiger') return table[selection.side ?? ''] ?? 0;
  return table.hit ?? 0;
};

/**
 * The numbers a bet's liability counts against (the cap per number per issue): each picked
 * number (`7`), a digit at its position (`p2=7`), the whole straight (`s=1,2,3`), a side
 * (`bigsmall:0:big`), a car (`first=3`, `top3=3`).
 */
export const exposureKeysOf = (type: BetType, selection: BetSelection): string[] => {
  const numbers = selection.numbers ?? [];
  switch (type) {
    case 'pick':
      return numbers.map(String);
    case 'position':
      return [`p${selection.position}=${numbers[0]}`];
    case 'straight':
      return [`s=${numbers.join(',')}`];
    case 'bigsmall':
    case 'oddeven':
      return [`${type}:${selection.position}:${selection.side}`];
    case 'dragontiger':
      return [`dt:${selection.side}`];
    case 'first':
    case 'top3':
      return [`${type}=${numbers[0]}`];
  }
  return [];
};
