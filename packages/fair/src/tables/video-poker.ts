/**
 * Video poker, jacks or better, one round of two steps (docs/decisions/049-video-poker-scratch.md).
 * Deck: one 52-card deck shuffled lazily by partial Fisher–Yates from the round's stream (the i-th
 * card of the round is the i-th card of `dealFromShoe(stream, 52, n)`, as blackjack's shoe);
 * card c is rank (c mod 13) + 1 (ace 1), suit floor(c / 13). The deal is cards 1–5 of the deck;
 * the player holds any subset (`hold`, a 5-bit mask: bit i holds card i); the draw replaces the
 * cards not held, left to right, with cards 6, 7, … of the same deck order.
 * Pays (`VIDEO_POKER_PAYTABLE`, version `VIDEO_POKER_PAYTABLE_VERSION`, copied into the round):
 * the 9/6 "full pay" table, "for one" (the stake included), with the royal flush at its max-coin
 * 800 for one (every bet is a max-coin bet here). RTP under optimal strategy: 99.54 % (the
 * published figure for 9/6 jacks or better with the 800 royal; not enumerated here). A simple
 * fixed strategy's exact value is computed independently and checked in video-poker.test.ts.
 */
import { checkBet, hundredths, payoutOf, type RoundSeeds } from '../originals/common';
import { type Revealed, verifyReplay } from '../originals/verify';
import { createByteStream, FairError } from '../rng';
import { type CardSource, shoeSource } from './blackjack';

export const VIDEO_POKER_DECK = 52;
export const VIDEO_POKER_PAYTABLE_VERSION = 1;
/** The hand ranks, best first. */
export const VIDEO_POKER_HANDS = [
  'royalFlush',
  'straightFlush',
  'fourOfAKind',
  'fullHouse',
  'flush',
  'straight',
  'threeOfAKind',
  'twoPair',
  'jacksOrBetter',
  'nothing',
] as const;
export type VideoPokerHand = (typeof VIDEO_POKER_HANDS)[number];

/** Hundredths of the bet returned per hand (9/6 jacks or better, royal 800 for one). */
export const VIDEO_POKER_PAYTABLE: Readonly<Record<VideoPokerHand, number>> = {
  royalFlush: 80_000,
  straightFlush: 5_000,
  fourOfAKind: 2_500,
  fullHouse: 900,
  flush: 600,
  straight: 400,
  threeOfAKind: 300,
  twoPair: 200,
  jacksOrBetter: 100,
  nothing: 0,
};

/** The published RTP of this paytable under optimal hold strategy (not enumerated here). */
export const VIDEO_POKER_OPTIMAL_RTP = {
  percent: 99.54,
  source: '9/6 jacks or better, royal 800 for one (published)',
};

export type VideoPokerCard = { card: number; rank: number; suit: number };
export type VideoPokerPhase = 'hold' | 'settled';
export type VideoPokerState = {
  game: 'videoPoker';
  phase: VideoPokerPhase;
  /** The five cards dealt. */
  dealt: VideoPokerCard[];
  /** The hold mask chosen (bit i holds dealt card i); null until the draw. */
  hold: number | null;
  /** The hand now: the deal while holding, the final hand after the draw. */
  hand: VideoPokerCard[];
  rank: VideoPokerHand;
  paytableVersion: number;
  paysX100: Record<VideoPokerHand, number>;
  stakeMinor: number;
  payoutMinor: number;
  won: boolean;
};

export const videoPokerCard = (card: number): VideoPokerCard => ({
  card,
  rank: (card % 13) + 1,
  suit: Math.floor(card / 13),
});

/** The rank of five cards (ace high or low in a straight; a pair pays from jacks up, aces too). */
export const videoPokerRank = (cards: readonly { rank: number; suit: number }[]): VideoPokerHand => {
  if (cards.length !== 5) throw new FairError('bad_range', 'a poker hand has five cards');
  const counts = new Map<number, number>();
  for (const c of cards) counts.set(c.rank, (counts.get(c.rank) ?? 0) + 1);
  const shape = [...counts.values()].sort((a, b) => b - a).join('');
  const flush = cards.every((c) => c.suit === (cards[0] as { suit: number }).suit);
  const ranks = [...counts.keys()].sort((a, b) => a - b);
  const broadway = ranks.join(',') === '1,10,11,12,13';
  const straight = ranks.length === 5 && (broadway || (ranks[4] as number) - (ranks[0] as number) === 4);
  if (straight && flush) return broadway ? 'royalFlush' : 'straightFlush';
  if (shape === '41') return 'fourOfAKind';
  if (shape === '32') return 'fullHouse';
  if (flush) return 'flush';
  if (straight) return 'straight';
  if (shape === '311') return 'threeOfAKind';
  if (shape === '221') return 'twoPair';
  if (shape === '2111') {
    const pair = [...counts].find(([, n]) => n === 2)?.[0] ?? 0;
    return pair === 1 || pair >= 11 ? 'jacksOrBetter' : 'nothing';
  }
  return 'nothing';
};

/** A hold mask: a whole number 0..31. */
export const videoPokerHoldOf = (hold: unknown): number => {
  if (typeof hold !== 'number' || !Number.isInteger(hold) || hold < 0 || hold > 31)
    throw new FairError('bad_range', 'hold is a mask of the five cards (0..31)');
  return hold;
};

/**
 * The round for a bet and a deck: deals five cards, then, given `holds` (none yet, or the one
 * hold mask), draws and settles. A second hold is refused (FairError 'bad_state').
 */
export const videoPokerRound = (
  betMinorIn: number,
  next: CardSource,
  holdsIn: readonly unknown[],
): VideoPokerState => {
  const betMinor = checkBet(betMinorIn);
  if (!Array.isArray(holdsIn)) throw new FairError('bad_range', 'holds is a list');
  if (holdsIn.length > 1) throw new FairError('bad_state', 'the round is over');
  const dealt = Array.from({ length: 5 }, () => videoPokerCard(next()));
  const paysX100 = { ...VIDEO_POKER_PAYTABLE };
  const base = {
    game: 'videoPoker' as const,
    dealt,
    paytableVersion: VIDEO_POKER_PAYTABLE_VERSION,
    paysX100,
    stakeMinor: betMinor,
  };
  if (holdsIn.length === 0)
    return {
      ...base,
      phase: 'hold',
      hold: null,
      hand: [...dealt],
      rank: videoPokerRank(dealt),
      payoutMinor: 0,
      won: false,
    };
  const hold = videoPokerHoldOf(holdsIn[0]);
  // The cards not held are replaced left to right by the deck's next cards.
  const hand = dealt.map((c, i) => ((hold >> i) & 1 ? c : videoPokerCard(next())));
  const rank = videoPokerRank(hand);
  const payoutMinor = payoutOf(betMinor, hundredths(paysX100[rank]));
  return { ...base, phase: 'settled', hold, hand, rank, payoutMinor, won: payoutMinor > 0 };
};

export type VideoPokerInput = RoundSeeds & { betMinor: number; holds: readonly number[] };

/** The round from its seeds and the hold (none yet: the deal only). */
export const playVideoPoker = (input: VideoPokerInput): VideoPokerState =>
  videoPokerRound(input.betMinor, shoeSource(createByteStream(input), VIDEO_POKER_DECK), input.holds ?? []);

export const VIDEO_POKER_RECORDED_FIELDS = [
  'dealt',
  'hold',
  'hand',
  'rank',
  'stakeMinor',
  'payoutMinor',
] as const;

/** Replays the recorded hold; a round not drawn yet does not verify. */
export const verifyVideoPoker = (
  input: Revealed &
    Omit<VideoPokerInput, keyof RoundSeeds | 'holds'> & {
      recorded: Record<string, unknown> | null | undefined;
    },
) =>
  verifyReplay(input, input.recorded, VIDEO_POKER_RECORDED_FIELDS, () => {
    const hold = input.recorded?.hold;
    if (hold === undefined || hold === null || hold === '')
      throw new FairError('bad_state', 'the round is not finished (no hold recorded)');
    return playVideoPoker({ ...input, holds: [hold as number] });
  });
