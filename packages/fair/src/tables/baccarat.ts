/**
 * Single-player baccarat (punto banco): a fresh 8-deck shoe (416 cards) per round, six cards dealt
 * up front by partial Fisher–Yates from the round's stream (`live/cards.ts` `dealFromShoe`), the
 * standard third-card rules (`live/baccarat.ts` `baccaratCoup`; cards 5 and 6 are used only when
 * drawn). Bets (each kind once a round, 1–100 chips in all, stake = chip × chips), returns with
 * the stake included:
 * - player 2× (1:1), banker 1.95× (5 % commission on the win, floored to the minor unit); both are
 *   given back on a tie;
 * - tie 9× (8:1); player pair / banker pair 12× (11:1: the hand's first two cards share a rank).
 * Exact RTP (tables/baccarat.test.ts, by enumeration of the ordered six-card deals of the shoe
 * against the published 8-deck counts): banker 0.98942, player 0.98765, tie 0.85641, each pair
 * 372/415 = 0.89639 (P(pair) = 31/415: the second card matches the first's rank in 31 of 415).
 */

import {
  BACCARAT_BET_KINDS,
  type BaccaratBetKind,
  type BaccaratOutcome,
  baccaratCoup,
  baccaratReturn,
} from '../live/baccarat';
import { dealFromShoe } from '../live/cards';
import { checkBet, checkInt, checkOneOf, MAX_ROUND_BET_MINOR, type RoundSeeds } from '../originals/common';
import { type Revealed, verifyReplay } from '../originals/verify';
import { createByteStream, FairError } from '../rng';

export const BACCARAT_TABLE_SHOE = 416;
export const BACCARAT_MAX_CHIPS = 100;
export { BACCARAT_BET_KINDS, type BaccaratBetKind };

export type BaccaratBet = { kind: BaccaratBetKind; chips?: number };
export type BaccaratInput = RoundSeeds & { betMinor: number; bets: BaccaratBet[] };
export type BaccaratResult = Omit<BaccaratOutcome, 'game'> & {
  game: 'baccarat';
  bets: { kind: BaccaratBetKind; chips: number; payoutMinor: number }[];
  won: boolean;
  stakeMinor: number;
  payoutMinor: number;
};

/** The bets of a round: 1–5 bets (each kind once), 1..100 chips in all. */
export const baccaratBetsOf = (bets: unknown): { kind: BaccaratBetKind; chips: number }[] => {
  if (!Array.isArray(bets) || bets.length === 0 || bets.length > BACCARAT_BET_KINDS.length)
    throw new FairError('bad_range', `a round takes 1..${BACCARAT_BET_KINDS.length} bets`);
  const checked = bets.map((bet: BaccaratBet) => ({
    kind: checkOneOf(bet?.kind, BACCARAT_BET_KINDS, 'bet kind'),
    chips: checkInt(bet.chips ?? 1, 1, BACCARAT_MAX_CHIPS, 'chips'),
  }));
  if (new Set(checked.map((b) => b.kind)).size !== checked.length)
    throw new FairError('bad_range', 'each bet kind once a round');
  if (checked.reduce((sum, b) => sum + b.chips, 0) > BACCARAT_MAX_CHIPS)
    throw new FairError('bad_range', `a round takes at most ${BACCARAT_MAX_CHIPS} chips`);
  return checked;
};

/** The round's result for six cards in shoe order (0..51 each): P1, B1, P2, B2, then the draws. */
export const settleBaccarat = (
  betMinorIn: number,
  betsIn: BaccaratBet[],
  cards: number[],
): BaccaratResult => {
  const betMinor = checkBet(betMinorIn);
  const bets = baccaratBetsOf(betsIn);
  const stakeMinor = betMinor * bets.reduce((sum, b) => sum + b.chips, 0);
  if (stakeMinor > MAX_ROUND_BET_MINOR)
    throw new FairError('bad_bet', `a round stakes at most ${MAX_ROUND_BET_MINOR} minor units`);
  if (!Array.isArray(cards) || cards.length !== 6) throw new FairError('bad_range', 'a coup takes six cards');
  for (const c of cards) checkInt(c, 0, 51, 'card');
  const { game: _live, ...coup } = baccaratCoup(cards);
  const settled = bets.map((b) => ({
    ...b,
    payoutMinor: Number(baccaratReturn(b.kind, BigInt(betMinor * b.chips), { game: 'baccarat', ...coup })),
  }));
  const payoutMinor = settled.reduce((sum, b) => sum + b.payoutMinor, 0);
  return { game: 'baccarat', ...coup, bets: settled, won: payoutMinor > 0, stakeMinor, payoutMinor };
};

export const playBaccarat = (input: BaccaratInput): BaccaratResult => {
  checkBet(input.betMinor);
  baccaratBetsOf(input.bets);
  const cards = dealFromShoe(createByteStream(input), BACCARAT_TABLE_SHOE, 6);
  return settleBaccarat(input.betMinor, input.bets, cards);
};

export const BACCARAT_RECORDED_FIELDS = ['player', 'banker', 'stakeMinor', 'payoutMinor'] as const;

export const verifyBaccarat = (
  input: Revealed &
    Omit<BaccaratInput, keyof RoundSeeds> & { recorded: Record<string, unknown> | null | undefined },
) => verifyReplay(input, input.recorded, BACCARAT_RECORDED_FIELDS, () => playBaccarat(input));
