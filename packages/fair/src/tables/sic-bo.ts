/**
 * Sic bo: three dice per round, each `uniform(6)` + 1 in order. Bets (`at` names the face or the
 * total) return stake × (odds + 1) when they win:
 * - small (total 4–10) and big (11–17) 1:1, both lose on any triple;
 * - total `at` 4–17: 4/17 60:1, 5/16 30:1, 6/15 17:1, 7/14 12:1, 8/13 8:1, 9–12 6:1;
 * - triple `at` 1–6 (three of that face) 180:1; any triple 30:1;
 * - double `at` 1–6 (at least two of that face) 10:1;
 * - single `at` 1–6: 1:1, 2:1, 3:1 when one, two, three dice show the face.
 * Exact RTP over the 216 outcomes (sic-bo.test.ts): small/big 35/36, single 199/216, double 176/216,
 * triple 181/216, any triple 186/216, totals from 126/216 (6 and 15) to 189/216 (9–12).
 */
import { checkBet, checkInt, checkOneOf, MAX_ROUND_BET_MINOR, type RoundSeeds } from '../originals/common';
import { type Revealed, verifyReplay } from '../originals/verify';
import { createByteStream, FairError } from '../rng';

export const SIC_BO_BET_KINDS = ['small', 'big', 'total', 'triple', 'anyTriple', 'double', 'single'] as const;
export type SicBoBetKind = (typeof SIC_BO_BET_KINDS)[number];
export const SIC_BO_MAX_BETS = 40;
export const SIC_BO_MAX_CHIPS = 100;
/** Odds (to 1) of a total bet, by total. */
export const SIC_BO_TOTAL_ODDS: Readonly<Record<number, number>> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
};

export type SicBoBet = { kind: SicBoBetKind; at?: number; chips?: number };
export type SicBoInput = RoundSeeds & { betMinor: number; bets: SicBoBet[] };
export type SicBoResult = {
  game: 'sic-bo';
  dice: [number, number, number];
  total: number;
  bets: { kind: SicBoBetKind; at: number | null; chips: number; payoutMinor: number }[];
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
};

export const sicBoBetsOf = (bets: unknown): { kind: SicBoBetKind; at: number | null; chips: number }[] => {
  if (!Array.isArray(bets) || bets.length === 0 || bets.length > SIC_BO_MAX_BETS)
    throw new FairError('bad_range', `a round takes 1..${SIC_BO_MAX_BETS} bets`);
  const checked = bets.map((bet: SicBoBet) => {
    const kind = checkOneOf(bet?.kind, SIC_BO_BET_KINDS, 'bet kind');
    const at =
      kind === 'total'
        ? checkInt(bet.at, 4, 17, 'total')
        : kind === 'triple' || kind === 'double' || kind === 'single'
          ? checkInt(bet.at, 1, 6, 'face')
          : null;
    return { kind, at, chips: checkInt(bet.chips ?? 1, 1, SIC_BO_MAX_CHIPS, 'chips') };
  });
  if (checked.reduce((sum, b) => sum + b.chips, 0) > SIC_BO_MAX_CHIPS)
    throw new FairError('bad_range', `a round takes at most ${SIC_BO_MAX_CHIPS} chips`);
  return checked;
};

/** Odds (to 1) a bet wins at on these dice, or null when it loses. */
const oddsOf = (kind: SicBoBetKind, at: number | null, dice: readonly number[]): number | null => {
  const total = dice.reduce((sum, d) => sum + d, 0);
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  const count = dice.filter((d) => d === at).length;
  switch (kind) {
    case 'small':
      return !triple && total <= 10 ? 1 : null;
    case 'big':
      return !triple && total >= 11 ? 1 : null;
    case 'total':
      return total === at ? (SIC_BO_TOTAL_ODDS[total] ?? null) : null;
    case 'triple':
      return count === 3 ? 180 : null;
    case 'anyTriple':
      return triple ? 30 : null;
    case 'double':
      return count >= 2 ? 10 : null;
    case 'single':
      return count > 0 ? count : null;
  }
};

/** The round's result for the three dice (1..6 each). */
export const settleSicBo = (
  betMinorIn: number,
  betsIn: SicBoBet[],
  diceIn: readonly number[],
): SicBoResult => {
  const betMinor = checkBet(betMinorIn);
  const bets = sicBoBetsOf(betsIn);
  const stakeMinor = betMinor * bets.reduce((sum, b) => sum + b.chips, 0);
  if (stakeMinor > MAX_ROUND_BET_MINOR)
    throw new FairError('bad_bet', `a round stakes at most ${MAX_ROUND_BET_MINOR} minor units`);
  const dice = [0, 1, 2].map((i) => checkInt(diceIn[i], 1, 6, 'die')) as [number, number, number];
  const settled = bets.map((b) => {
    const odds = oddsOf(b.kind, b.at, dice);
    return { ...b, payoutMinor: odds === null ? 0 : betMinor * b.chips * (odds + 1) };
  });
  const payoutMinor = settled.reduce((sum, b) => sum + b.payoutMinor, 0);
  return {
    game: 'sic-bo',
    dice,
    total: dice[0] + dice[1] + dice[2],
    bets: settled,
    won: payoutMinor > 0,
    stakeMinor,
    payoutMinor,
  };
};

export const playSicBo = (input: SicBoInput): SicBoResult => {
  checkBet(input.betMinor);
  sicBoBetsOf(input.bets);
  const stream = createByteStream(input);
  const dice = [0, 1, 2].map(() => stream.uniformInt(6) + 1);
  return settleSicBo(input.betMinor, input.bets, dice);
};

export const SIC_BO_RECORDED_FIELDS = ['dice', 'stakeMinor', 'payoutMinor'] as const;

export const verifySicBo = (
  input: Revealed &
    Omit<SicBoInput, keyof RoundSeeds> & { recorded: Record<string, unknown> | null | undefined },
) => verifyReplay(input, input.recorded, SIC_BO_RECORDED_FIELDS, () => playSicBo(input));
