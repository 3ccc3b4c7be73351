/**
 * Baccarat (punto banco) with the standard third-card rules, from a fresh 8-deck shoe per round.
 * Card points: ace 1, 2–9 their face, 10 and faces 0; a hand is its points mod 10. Deal order
 * player, banker, player, banker. A natural (8 or 9 in either hand's first two) ends the deal.
 * Player draws a third card on 0–5. If the player stood, the banker draws on 0–5; if the player
 * drew a card worth t, the banker draws on 0–2, on 3 unless t = 8, on 4 when t is 2–7, on 5 when
 * t is 4–7, on 6 when t is 6–7, never on 7.
 * Pays (stake back included): player 2×, banker 1.95× (5 % commission on the win, floored to the
 * minor unit), tie 9× (8:1; player and banker bets are given back on a tie), player pair and
 * banker pair 12× (11:1: the hand's first two cards have the same rank).
 * The stream deals the six possible cards up front (cards 5 and 6 are used only when drawn).
 */
import type { RoundSeeds } from '../originals/common';
import { createByteStream } from '../rng';
import { cardOf, dealFromShoe, type LiveCard } from './cards';

export const BACCARAT_SHOE = 416;
export const BACCARAT_BET_KINDS = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'] as const;
export type BaccaratBetKind = (typeof BACCARAT_BET_KINDS)[number];

export type BaccaratOutcome = {
  game: 'baccarat';
  player: LiveCard[];
  banker: LiveCard[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
  natural: boolean;
};

export const baccaratPoints = (card: LiveCard) => (card.rank >= 10 ? 0 : card.rank);
const totalOf = (hand: LiveCard[]) => hand.reduce((sum, c) => sum + baccaratPoints(c), 0) % 10;

/** Whether the banker draws, given its two-card total and the player's third card (null: the player stood). */
export const bankerDraws = (bankerTotal: number, playerThird: LiveCard | null): boolean => {
  if (playerThird === null) return bankerTotal <= 5;
  const t = baccaratPoints(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return t !== 8;
    case 4:
      return t >= 2 && t <= 7;
    case 5:
      return t >= 4 && t <= 7;
    case 6:
      return t === 6 || t === 7;
    default:
      return false;
  }
};

/** The coup for six cards in shoe order (0..51 each): P1, B1, P2, B2, then the draws. */
export const baccaratCoup = (cards: number[]): BaccaratOutcome => {
  const c = cards.map(cardOf);
  const at = (i: number) => c[i] as LiveCard;
  const player = [at(0), at(2)];
  const banker = [at(1), at(3)];
  let next = 4;
  const natural = totalOf(player) >= 8 || totalOf(banker) >= 8;
  if (!natural) {
    let playerThird: LiveCard | null = null;
    if (totalOf(player) <= 5) {
      playerThird = at(next++);
      player.push(playerThird);
    }
    if (bankerDraws(totalOf(banker), playerThird)) banker.push(at(next++));
  }
  const playerTotal = totalOf(player);
  const bankerTotal = totalOf(banker);
  return {
    game: 'baccarat',
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal === bankerTotal ? 'tie' : playerTotal > bankerTotal ? 'player' : 'banker',
    playerPair: at(0).rank === at(2).rank,
    bankerPair: at(1).rank === at(3).rank,
    natural,
  };
};

/** The round's coup from its seeds. */
export const dealBaccarat = (seeds: RoundSeeds): BaccaratOutcome =>
  baccaratCoup(dealFromShoe(createByteStream(seeds), BACCARAT_SHOE, 6));

/** What a bet of `stake` minor units returns (stake included; 0 when lost). */
export const baccaratReturn = (kind: BaccaratBetKind, stake: bigint, o: BaccaratOutcome): bigint => {
  switch (kind) {
    case 'player':
      return o.winner === 'player' ? stake * 2n : o.winner === 'tie' ? stake : 0n;
    case 'banker':
      return o.winner === 'banker' ? stake + (stake * 95n) / 100n : o.winner === 'tie' ? stake : 0n;
    case 'tie':
      return o.winner === 'tie' ? stake * 9n : 0n;
    case 'player_pair':
      return o.playerPair ? stake * 12n : 0n;
    case 'banker_pair':
      return o.bankerPair ? stake * 12n : 0n;
  }
};
