/**
 * Vietnamese lotteries (issue 17, domain §A1): the official result structure, a demo drawer that
 * makes results of that structure from the provably fair stream, and the bet types, evaluated
 * against a result. Pure; the result-source adapter (feed, manual entry with approval, the demo
 * drawer's schedule) is the server's.
 *
 * Structure (prize: count × digits):
 * - North (MB, 27 numbers): ĐB 1×5, G1 1×5, G2 2×5, G3 6×5, G4 4×4, G5 6×4, G6 3×3, G7 4×2;
 * - South and Central (MN/MT, 18): ĐB 1×6, G1 1×5, G2 1×5, G3 2×5, G4 7×5, G5 1×4, G6 3×4,
 *   G7 1×3, G8 1×2.
 * Bets (selection: numbers as digit strings):
 * - `lo2` / `lo3` / `lo4`: the last 2/3/4 digits of any prize with at least that many digits equal
 *   the pick; paid once per occurrence;
 * - `de`: the last two digits of ĐB; `dau` / `duoi`: the tens / units digit of ĐB;
 * - `cang3` / `cang4`: the last 3 / 4 digits of ĐB;
 * - `xien2` / `xien3` / `xien4`: every one of the 2/3/4 picked tails appears (paid once);
 * - `truot4` / `truot8` / `truot10`: none of the 4/8/10 picked tails appears (paid once).
 */
import { createByteStream, FairError } from '../rng';

export const VN_REGIONS = ['north', 'south', 'central'] as const;
export type VnRegion = (typeof VN_REGIONS)[number];

export type VnPrize = { prize: string; numbers: string[] };
export type VnResult = { region: VnRegion; prizes: VnPrize[] };

const NORTH: [string, number, number][] = [
  ['DB', 1, 5],
  ['G1', 1, 5],
  ['G2', 2, 5],
  ['G3', 6, 5],
  ['G4', 4, 4],
  ['G5', 6, 4],
  ['G6', 3, 3],
  ['G7', 4, 2],
];
const SOUTH: [string, number, number][] = [
  ['DB', 1, 6],
  ['G1', 1, 5],
  ['G2', 1, 5],
  ['G3', 2, 5],
  ['G4', 7, 5],
  ['G5', 1, 4],
  ['G6', 3, 4],
  ['G7', 1, 3],
  ['G8', 1, 2],
];

/** The prizes of a region: name, how many numbers, how many digits each. */
export const vnStructure = (region: VnRegion) => (region === 'north' ? NORTH : SOUTH);

/** The demo drawer: an official-structure result from the stream (each number uniform over its digits). */
export const drawVnResult = (region: VnRegion, serverSeed: string, clientSeed: string): VnResult => {
  const stream = createByteStream({ serverSeed, clientSeed, nonce: 0 });
  return {
    region,
    prizes: vnStructure(region).map(([prize, count, digits]) => ({
      prize,
      numbers: Array.from({ length: count }, () =>
        String(stream.uniformInt(10 ** digits)).padStart(digits, '0'),
      ),
    })),
  };
};

export const VN_BET_TYPES = [
  'lo2',
  'lo3',
  'lo4',
  'de',
  'dau',
  'duoi',
  'cang3',
  'cang4',
  'xien2',
  'xien3',
  'xien4',
  'truot4',
  'truot8',
  'truot10',
] as const;
export type VnBetType = (typeof VN_BET_TYPES)[number];

/** How many numbers a bet type takes and how many digits each. */
export const VN_BET_SHAPE: Record<VnBetType, { picks: number; digits: number }> = {
  lo2: { picks: 1, digits: 2 },
  lo3: { picks: 1, digits: 3 },
  lo4: { picks: 1, digits: 4 },
  de: { picks: 1, digits: 2 },
  dau: { picks: 1, digits: 1 },
  duoi: { picks: 1, digits: 1 },
  cang3: { picks: 1, digits: 3 },
  cang4: { picks: 1, digits: 4 },
  xien2: { picks: 2, digits: 2 },
  xien3: { picks: 3, digits: 2 },
  xien4: { picks: 4, digits: 2 },
  truot4: { picks: 4, digits: 2 },
  truot8: { picks: 8, digits: 2 },
  truot10: { picks: 10, digits: 2 },
};

/** A VN selection in canonical form (distinct digit strings of the right length), or FairError. */
export const normalizeVnSelection = (type: VnBetType, numbers: readonly string[]) => {
  const shape = VN_BET_SHAPE[type];
  if (!shape) throw new FairError('bad_bet', `unknown bet type ${type}`);
  const pattern = new RegExp(`^[0-9]{${shape.digits}}$`);
  if (numbers.length !== shape.picks || !numbers.every((n) => pattern.test(n)))
    throw new FairError('bad_bet', `${type} takes ${shape.picks} number(s) of ${shape.digits} digits`);
  if (new Set(numbers).size !== numbers.length) throw new FairError('bad_bet', 'a number picked twice');
  return [...numbers].sort();
};

const tails = (result: VnResult, digits: number) =>
  result.prizes
    .flatMap((p) => p.numbers)
    .filter((n) => n.length >= digits)
    .map((n) => n.slice(-digits));

const special = (result: VnResult) => result.prizes.find((p) => p.prize === 'DB')?.numbers[0] ?? '';

/**
 * How many times a bet wins (0: lost): lô counts every occurrence, the others pay once. The
 * payout is stake × times × the table's `hit` (thousandths) / 1000.
 */
export const vnTimesWon = (type: VnBetType, numbers: readonly string[], result: VnResult): number => {
  const db = special(result);
  const pick = numbers[0] ?? '';
  switch (type) {
    case 'lo2':
    case 'lo3':
    case 'lo4':
      return tails(result, VN_BET_SHAPE[type].digits).filter((t) => t === pick).length;
    case 'de':
      return db.slice(-2) === pick ? 1 : 0;
    case 'dau':
      return db.slice(-2, -1) === pick ? 1 : 0;
    case 'duoi':
      return db.slice(-1) === pick ? 1 : 0;
    case 'cang3':
      return db.slice(-3) === pick ? 1 : 0;
    case 'cang4':
      return db.slice(-4) === pick ? 1 : 0;
    case 'xien2':
    case 'xien3':
    case 'xien4': {
      const seen = new Set(tails(result, 2));
      return numbers.every((n) => seen.has(n)) ? 1 : 0;
    }
    case 'truot4':
    case 'truot8':
    case 'truot10': {
      const seen = new Set(tails(result, 2));
      return numbers.some((n) => seen.has(n)) ? 0 : 1;
    }
  }
  return 0;
};

/** What a VN bet pays: floor(stake × times × thousandths / 1000). */
export const vnPayoutOf = (stakeMinor: bigint, milli: number, times: number) =>
  (stakeMinor * BigInt(milli) * BigInt(times)) / 1000n;
