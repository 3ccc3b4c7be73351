/**
 * Cards of the live tables: a card is 0..51, rank (card mod 13) + 1 (ace 1 … king 13), suit
 * floor(card / 13) (0 spades, 1 hearts, 2 diamonds, 3 clubs: hearts and diamonds are red). A shoe
 * of `decks` decks has 52 × decks positions; position i is card i mod 52.
 */
import type { ByteStream } from '../rng';

export type LiveCard = { card: number; rank: number; suit: number };

export const cardOf = (card: number): LiveCard => ({
  card,
  rank: (card % 13) + 1,
  suit: Math.floor(card / 13),
});

export const isRed = (card: LiveCard) => card.suit === 1 || card.suit === 2;

/**
 * The first `count` cards of a shoe of `size` positions shuffled by the stream: a partial
 * Fisher–Yates (draw j = uniform(size − i), take position j of the cards left, the last card left
 * moves into its place). Answers the positions mod 52.
 */
export const dealFromShoe = (stream: ByteStream, size: number, count: number): number[] => {
  const left = Array.from({ length: size }, (_, i) => i);
  const dealt: number[] = [];
  for (let i = 0; i < count; i++) {
    const j = stream.uniformInt(size - i);
    dealt.push((left[j] as number) % 52);
    left[j] = left[size - i - 1] as number;
  }
  return dealt;
};
