/**
 * Andar bahar from one fresh 52-card deck per round: the first card is the joker; the rest are
 * dealt one by one, alternately to andar and bahar, starting with andar when the joker is black
 * and with bahar when it is red; the first card of the joker's rank wins its side.
 * Pays (stake back included): the side dealt first 1.9× (0.9:1, floored to the minor unit), the
 * other side 2× (1:1). P(the first-dealt side wins) = Σ over even positions k of C(50 − k, 2) /
 * C(51, 3) = 0.515006…
 */
import type { RoundSeeds } from '../originals/common';
import { createByteStream } from '../rng';
import { cardOf, dealFromShoe, isRed, type LiveCard } from './cards';

export const ANDAR_BAHAR_BET_KINDS = ['andar', 'bahar'] as const;
export type AndarBaharBetKind = (typeof ANDAR_BAHAR_BET_KINDS)[number];

export type AndarBaharOutcome = {
  game: 'andar-bahar';
  joker: LiveCard;
  first: AndarBaharBetKind;
  andar: LiveCard[];
  bahar: LiveCard[];
  winner: AndarBaharBetKind;
};

/** The round for a deck order (52 distinct cards, 0..51; the first is the joker). */
export const andarBaharDeal = (deck: number[]): AndarBaharOutcome => {
  const joker = cardOf(deck[0] as number);
  const first: AndarBaharBetKind = isRed(joker) ? 'bahar' : 'andar';
  const second: AndarBaharBetKind = first === 'andar' ? 'bahar' : 'andar';
  const hands: Record<AndarBaharBetKind, LiveCard[]> = { andar: [], bahar: [] };
  for (let i = 1; i < deck.length; i++) {
    const card = cardOf(deck[i] as number);
    const side = (i - 1) % 2 === 0 ? first : second;
    hands[side].push(card);
    if (card.rank === joker.rank) return { game: 'andar-bahar', joker, first, ...hands, winner: side };
  }
  throw new Error('a deck holds four cards of each rank');
};

export const dealAndarBahar = (seeds: RoundSeeds): AndarBaharOutcome =>
  andarBaharDeal(dealFromShoe(createByteStream(seeds), 52, 52));

export const andarBaharReturn = (kind: AndarBaharBetKind, stake: bigint, o: AndarBaharOutcome): bigint =>
  o.winner !== kind ? 0n : kind === o.first ? stake + (stake * 9n) / 10n : stake * 2n;
