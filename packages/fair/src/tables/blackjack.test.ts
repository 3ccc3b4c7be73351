import { describe, expect, it } from 'vitest';
import { dealFromShoe } from '../live/cards';
import { commitmentOf, createByteStream, FairError } from '../rng';
import {
  type BlackjackAction,
  blackjackRound,
  blackjackView,
  listSource,
  playBlackjack,
  shoeSource,
  verifyBlackjack,
} from './blackjack';

/** A card of the given rank (1 ace … 13 king) and suit; the shoe deals player, up, player, hole, then draws. */
const c = (rank: number, suit = 0) => suit * 13 + rank - 1;
const ranks = (cards: { rank: number }[]) => cards.map((x) => x.rank);
const round = (bet: number, cards: number[], actions: BlackjackAction[]) =>
  blackjackRound(bet, listSource(cards), actions);

describe('blackjack rules (hand-worked deals)', () => {
  it('the dealer stands on soft 17 and draws on soft 16', () => {
    // Player 10+9 = 19; dealer 6 + ace = soft 17: stands; 19 wins 1:1.
    const soft17 = round(10, [c(10), c(6), c(9), c(1)], ['stand']);
    expect([soft17.phase, soft17.dealerTotal, ranks(soft17.dealer)]).toEqual(['settled', 17, [6, 1]]);
    expect([soft17.hands[0]?.outcome, soft17.payoutMinor]).toEqual(['win', 20]);
    // Dealer 5 + ace = soft 16 draws: a 10 makes hard 16, draws again: 2 → 18 beats 17.
    const soft16 = round(10, [c(10), c(5), c(7), c(1), c(10, 1), c(2)], ['stand']);
    expect([ranks(soft16.dealer), soft16.dealerTotal, soft16.hands[0]?.outcome]).toEqual([
      [5, 1, 10, 2],
      18,
      'lose',
    ]);
    expect(soft16.payoutMinor).toBe(0);
  });

  it('splits once, doubles after the split and plays each hand', () => {
    // 8,8 against a 10 up (hole 7, no blackjack). Split: hand 1 takes a 3, hand 2 a 10.
    const cards = [c(8), c(10), c(8, 1), c(7), c(3), c(10, 1), c(10, 2)];
    const afterSplit = round(10, cards, ['split']);
    expect(afterSplit.hands.map((h) => ranks(h.cards))).toEqual([
      [8, 3],
      [8, 10],
    ]);
    expect([afterSplit.stakeMinor, afterSplit.active, afterSplit.allowed]).toEqual([
      20,
      0,
      ['hit', 'stand', 'double'],
    ]);
    // Double hand 1 (11 + 10 = 21), stand on 18; dealer 17 stands. Stakes 20 + 10 + 10 = 30;
    // returns 2 × 20 + 2 × 10 = 60.
    const done = round(10, cards, ['split', 'double', 'stand']);
    expect(done.hands.map((h) => [h.total, h.stakeMinor, h.outcome, h.payoutMinor])).toEqual([
      [21, 20, 'win', 40],
      [18, 10, 'win', 20],
    ]);
    expect([done.stakeMinor, done.payoutMinor, done.dealerTotal]).toEqual([30, 60, 17]);
    // A split is offered once: 8,8 → 8,8 again cannot split.
    expect(round(10, [c(8), c(10), c(8, 1), c(7), c(8, 2), c(3)], ['split']).allowed).not.toContain('split');
    // Split aces take one card each and stand: ace+king is 21, not a blackjack (pays 1:1).
    const aces = round(10, [c(1), c(9), c(1, 1), c(8), c(13), c(5)], ['split']);
    expect([aces.phase, aces.hands.map((h) => [h.total, h.outcome, h.payoutMinor])]).toEqual([
      'settled',
      [
        [21, 'win', 20],
        [16, 'lose', 0],
      ],
    ]);
  });

  it('pays a blackjack 3:2, peeks with a ten up and offers insurance with an ace up', () => {
    // Ace + king against a 9: settled at the deal, floor(5 × bet / 2).
    expect(round(10, [c(1), c(9), c(13), c(7)], []).payoutMinor).toBe(25);
    expect(round(3, [c(1), c(9), c(13), c(7)], []).payoutMinor).toBe(7);
    // Dealer 10 up with an ace in the hole: the player's 11 loses the bet only, at once.
    const peeked = round(10, [c(5), c(10), c(6), c(1)], []);
    expect([peeked.phase, peeked.payoutMinor, peeked.stakeMinor]).toEqual(['settled', 0, 10]);
    // Ace up: insurance first. Taken (5) against a dealer blackjack: 5 × 3 back, the hand loses.
    const insured = round(10, [c(10), c(1), c(9), c(12)], ['insurance']);
    expect(round(10, [c(10), c(1), c(9), c(12)], []).allowed).toEqual(['insurance', 'noInsurance']);
    expect([insured.stakeMinor, insured.insurancePayoutMinor, insured.payoutMinor]).toEqual([15, 15, 15]);
    // Insurance lost when the dealer has none; play goes on.
    const lost = round(10, [c(10), c(1), c(9), c(5)], ['insurance']);
    expect([lost.phase, lost.stakeMinor, lost.insurancePayoutMinor]).toEqual(['player', 15, 0]);
  });

  it('refuses actions the state does not allow; the open view hides the hole card', () => {
    expect(() => round(10, [c(10), c(6), c(9), c(5)], ['split'])).toThrow(FairError);
    // Insurance only with an ace up; nothing after the round is over.
    expect(() => round(10, [c(10), c(6), c(9), c(5), c(2)], ['hit', 'insurance'])).toThrow(FairError);
    expect(() => round(10, [c(1), c(9), c(13), c(7)], ['stand'])).toThrow('the round is over');
    const open = round(10, [c(10), c(6), c(5), c(9)], []);
    const view = blackjackView(open);
    expect([view.phase, ranks(view.dealer), view.dealerTotal]).toEqual(['player', [6], 6]);
  });
});

describe('blackjack from the seeds', () => {
  const seeds = { serverSeed: 'd'.repeat(64), clientSeed: 'bj-test', nonce: 0 };

  it('deals the shoe of dealFromShoe in order (player, up, player, hole)', () => {
    for (let nonce = 0; nonce < 10; nonce++) {
      const s = playBlackjack({ ...seeds, nonce, betMinor: 10, actions: [] });
      const cards = dealFromShoe(createByteStream({ ...seeds, nonce }), 312, 4);
      expect([
        s.hands[0]?.cards[0]?.card,
        s.dealer[0]?.card,
        s.hands[0]?.cards[1]?.card,
        s.dealer[1]?.card,
      ]).toEqual(cards);
      const lazy = shoeSource(createByteStream({ ...seeds, nonce }));
      expect([lazy(), lazy(), lazy(), lazy()]).toEqual(cards);
    }
  });

  it('verifies a finished round and refuses an unfinished one', () => {
    let nonce = 0;
    let s = playBlackjack({ ...seeds, nonce, betMinor: 10, actions: [] });
    while (s.phase !== 'player') s = playBlackjack({ ...seeds, nonce: ++nonce, betMinor: 10, actions: [] });
    const revealed = { ...seeds, nonce, serverSeedHash: commitmentOf(seeds.serverSeed), betMinor: 10 };
    expect(verifyBlackjack({ ...revealed, actions: [], recorded: s }).error).toBe(
      'the round is not finished',
    );
    const done = playBlackjack({ ...seeds, nonce, betMinor: 10, actions: ['stand'] });
    const recorded = JSON.parse(JSON.stringify(done)) as Record<string, unknown>;
    expect(verifyBlackjack({ ...revealed, actions: ['stand'], recorded }).ok).toBe(true);
    expect(
      verifyBlackjack({ ...revealed, actions: ['stand'], recorded: { ...recorded, payoutMinor: 1e6 } }).ok,
    ).toBe(false);
  });
});
