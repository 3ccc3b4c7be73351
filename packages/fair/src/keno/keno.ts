/**
 * Keno, single-player and instant (docs/decisions/043-table-games.md): the player marks 1–10
 * spots of 1..80; the round draws 20 numbers by partial Fisher–Yates over 1..80 (draw i =
 * uniform(80 − i) picks among the numbers left, the last left moves into its place) and pays by
 * the hits. The pays are this version's paytable (`KENO_PAYTABLE_VERSION`), copied into the round
 * (`paysX100`): hundredths of the bet returned (stake included) per number of hits.
 * Exact RTP per spots count, P(k hits of n) = C(n,k)·C(80−n,20−k)/C(80,20) (keno.test.ts):
 *   1: 19/20 · 2: 19/20 · 3: 7809/8216 · 4: 303525/316316 · 5: 300225/316316 · 6: 151377/158158
 *   7: 404607/417989 · 8: 294955899/305131970 · 9: 289086071/305131970 · 10: 82602632647/86657479480
 * i.e. 95.00, 95.00, 95.05, 95.96, 94.91, 95.71, 96.80, 96.67, 94.74, 95.32 %.
 */
import { checkBet, checkInt, hundredths, payoutOf, type RoundSeeds } from '../originals/common';
import { type Revealed, verifyReplay } from '../originals/verify';
import { createByteStream, FairError } from '../rng';

export const KENO_NUMBERS = 80;
export const KENO_DRAWN = 20;
export const KENO_MAX_SPOTS = 10;
export const KENO_PAYTABLE_VERSION = 1;

/** Hundredths of the bet returned, by spots marked (1–10), then by hits (0..spots). */
export const KENO_PAYTABLE: Readonly<Record<number, readonly number[]>> = {
  1: [0, 380],
  2: [0, 0, 1_580],
  3: [0, 0, 200, 4_850],
  4: [0, 0, 100, 700, 14_500],
  5: [0, 0, 0, 300, 1_500, 80_000],
  6: [0, 0, 0, 200, 600, 9_500, 180_000],
  7: [0, 0, 0, 100, 300, 2_000, 40_000, 700_000],
  8: [0, 0, 0, 0, 300, 1_100, 10_000, 150_000, 1_000_000],
  9: [0, 0, 0, 0, 200, 450, 4_500, 30_000, 400_000, 1_000_000],
  10: [150, 0, 0, 0, 0, 300, 2_800, 15_000, 100_000, 500_000, 1_000_000],
};

export type KenoInput = RoundSeeds & { betMinor: number; spots: number[] };
export type KenoResult = {
  game: 'keno';
  spots: number[];
  /** The 20 numbers in the order drawn. */
  drawn: number[];
  /** The marked numbers drawn, ascending. */
  hits: number[];
  paytableVersion: number;
  /** The paytable row of this many spots (hundredths by hits), as the round played it. */
  paysX100: number[];
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
};

/** 1..10 distinct spots of 1..80, ascending. */
export const kenoSpotsOf = (spots: unknown): number[] => {
  if (!Array.isArray(spots) || spots.length < 1 || spots.length > KENO_MAX_SPOTS)
    throw new FairError('bad_range', `mark 1..${KENO_MAX_SPOTS} numbers`);
  const checked = spots.map((n) => checkInt(n, 1, KENO_NUMBERS, 'number'));
  if (new Set(checked).size !== checked.length) throw new FairError('bad_range', 'each number once');
  return [...checked].sort((a, b) => a - b);
};

/** The 20 numbers of a round, in draw order. */
export const kenoDraw = (seeds: RoundSeeds): number[] => {
  const stream = createByteStream(seeds);
  const left = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  const drawn: number[] = [];
  for (let i = 0; i < KENO_DRAWN; i++) {
    const j = stream.uniformInt(KENO_NUMBERS - i);
    drawn.push(left[j] as number);
    left[j] = left[KENO_NUMBERS - 1 - i] as number;
  }
  return drawn;
};

/** The result for marked spots against 20 drawn numbers. */
export const settleKeno = (betMinorIn: number, spotsIn: unknown, drawn: number[]): KenoResult => {
  const betMinor = checkBet(betMinorIn);
  const spots = kenoSpotsOf(spotsIn);
  const hits = spots.filter((n) => drawn.includes(n));
  const paysX100 = [...(KENO_PAYTABLE[spots.length] ?? [])];
  const payoutMinor = payoutOf(betMinor, hundredths(paysX100[hits.length] ?? 0));
  return {
    game: 'keno',
    spots,
    drawn: [...drawn],
    hits,
    paytableVersion: KENO_PAYTABLE_VERSION,
    paysX100,
    won: payoutMinor > 0,
    stakeMinor: betMinor,
    payoutMinor,
  };
};

export const playKeno = (input: KenoInput): KenoResult => {
  checkBet(input.betMinor);
  kenoSpotsOf(input.spots);
  return settleKeno(input.betMinor, input.spots, kenoDraw(input));
};

export const KENO_RECORDED_FIELDS = ['drawn', 'hits', 'payoutMinor'] as const;

export const verifyKeno = (
  input: Revealed &
    Omit<KenoInput, keyof RoundSeeds> & { recorded: Record<string, unknown> | null | undefined },
) => verifyReplay(input, input.recorded, KENO_RECORDED_FIELDS, () => playKeno(input));
