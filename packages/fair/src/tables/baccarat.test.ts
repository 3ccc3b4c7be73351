import { describe, expect, it } from 'vitest';
import { dealFromShoe } from '../live/cards';
import { commitmentOf, createByteStream, FairError } from '../rng';
import { type BaccaratBet, playBaccarat, settleBaccarat, verifyBaccarat } from './baccarat';

/** A card of the given rank (1 ace … 13 king) and suit (0 spades, 1 hearts, 2 diamonds, 3 clubs). */
const c = (rank: number, suit = 0) => suit * 13 + rank - 1;
const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'baccarat-test', nonce: 0 };
const all: BaccaratBet[] = [
  { kind: 'player' },
  { kind: 'banker' },
  { kind: 'tie' },
  { kind: 'player_pair' },
  { kind: 'banker_pair' },
];

describe('baccarat (single player)', () => {
  it('deals by the third-card table (hand-worked coups)', () => {
    // Player 2+K = 2 draws (0–5); banker 3+3 = 6 draws only on a player third of 6 or 7: a 7.
    // Player 2+7 = 9; banker 6+K(0) = 6 → player.
    const drawSeven = settleBaccarat(10, all, [c(2), c(3), c(13), c(3, 1), c(7), c(13, 2)]);
    expect(drawSeven.player.map((x) => x.rank)).toEqual([2, 13, 7]);
    expect(drawSeven.banker.map((x) => x.rank)).toEqual([3, 3, 13]);
    expect([drawSeven.playerTotal, drawSeven.bankerTotal, drawSeven.winner]).toEqual([9, 6, 'player']);
    // Banker pair (3, 3): 12× a chip; player 2×.
    expect(drawSeven.bets.map((b) => b.payoutMinor)).toEqual([20, 0, 0, 0, 120]);
    // Same hands, player draws a 5: banker on 6 stands. Player 2+0+5 = 7 beats 6.
    const drawFive = settleBaccarat(10, all, [c(2), c(3), c(13), c(3, 1), c(5), c(9)]);
    expect([drawFive.banker.length, drawFive.bankerTotal, drawFive.winner]).toEqual([2, 6, 'player']);
    // Player stands on 7 (4+3); banker 1+4 = 5 draws (player stood: banker draws on 0–5): 5+4 = 9.
    const stands = settleBaccarat(20, all, [c(4), c(1), c(3), c(4, 1), c(4, 2), c(9)]);
    expect(stands.player).toHaveLength(2);
    expect(stands.banker.map((x) => x.rank)).toEqual([1, 4, 4]);
    expect([stands.playerTotal, stands.bankerTotal, stands.winner]).toEqual([7, 9, 'banker']);
    // Banker wins 20 × 1.95 = 39.
    expect(stands.bets.map((b) => b.payoutMinor)).toEqual([0, 39, 0, 0, 0]);
    // Banker on 3 stands on a player third 8; 2+K+8 = 0 against 3 → banker.
    const three = settleBaccarat(10, all, [c(2), c(1), c(13), c(2, 1), c(8), c(5)]);
    expect([three.banker.length, three.playerTotal, three.bankerTotal]).toEqual([2, 0, 3]);
    // Natural 8 against 8: a tie; player and banker back, tie 9×.
    const tie = settleBaccarat(10, all, [c(8), c(5), c(10), c(3), c(1), c(1)]);
    expect([tie.natural, tie.winner]).toEqual([true, 'tie']);
    expect(tie.bets.map((b) => b.payoutMinor)).toEqual([10, 10, 90, 0, 0]);
    expect(tie.stakeMinor).toBe(50);
    // Commission floors: 7 on banker returns 7 + floor(6.65) = 13.
    expect(
      settleBaccarat(7, [{ kind: 'banker' }], [c(4), c(1), c(3), c(4, 1), c(4, 2), c(9)]).payoutMinor,
    ).toBe(13);
  });

  it('has the exact RTP of the published 8-deck counts, enumerating every ordered six-card deal', () => {
    // Point values 0..9: 0 is 10/J/Q/K (16 × 8 = 128 cards), 1–9 are 32 cards each. Each ordered
    // deal of six values weighs the falling product of the counts left (all six cards counted,
    // used or not), so the weights sum to 416·415·414·413·412·411.
    const count = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
    const card = [c(10), c(1), c(2), c(3), c(4), c(5), c(6), c(7), c(8), c(9)];
    const chip = 20;
    const bets: BaccaratBet[] = [{ kind: 'player' }, { kind: 'banker' }, { kind: 'tie' }];
    const wins = { player: 0, banker: 0, tie: 0 };
    const returned = [0, 0, 0];
    const deal: number[] = [];
    const walk = (depth: number, weight: number) => {
      if (depth === 6) {
        const r = settleBaccarat(chip, bets, deal);
        wins[r.winner] += weight;
        for (let i = 0; i < 3; i++)
          returned[i] = (returned[i] as number) + weight * (r.bets[i]?.payoutMinor ?? 0);
        return;
      }
      for (let v = 0; v < 10; v++) {
        const left = count[v] as number;
        count[v] = left - 1;
        deal.push(card[v] as number);
        walk(depth + 1, weight * left);
        deal.pop();
        count[v] = left;
      }
    };
    walk(0, 1);
    // Published counts (Wizard of Odds, "Baccarat", 8 decks).
    const B = 2_292_252_566_437_888n;
    const P = 2_230_518_282_592_256n;
    const T = 475_627_426_473_216n;
    const N = 416n * 415n * 414n * 413n * 412n * 411n;
    expect(B + P + T).toBe(N);
    expect([BigInt(wins.banker), BigInt(wins.player), BigInt(wins.tie)]).toEqual([B, P, T]);
    const ret = returned.map((x) => BigInt(x));
    const staked = N * BigInt(chip);
    // Player: 2× on a win, the stake on a tie; banker 1.95×; tie 9×.
    expect(ret[0]).toBe(P * 40n + T * 20n);
    expect(ret[1]).toBe(B * 39n + T * 20n);
    expect(ret[2]).toBe(T * 180n);
    // RTP: player 98.7649 %, banker 98.942 %, tie 85.641 % (house edges 1.2351 %, 1.0579 %, 14.3596 %).
    expect(Number(((ret[0] as bigint) * 1_000_000n) / staked)).toBe(987_649);
    expect(Number(((ret[1] as bigint) * 1_000_000n) / staked)).toBe(989_420);
    expect(Number(((ret[2] as bigint) * 1_000_000n) / staked)).toBe(856_403);
  });

  it('pays a pair 11:1 in 31 of 415 second cards (RTP 372/415)', () => {
    // Over the ordered (P1, P2) rank pairs of the shoe: same rank 32·31 ways per rank, else 32·32.
    let paid = 0;
    let weights = 0;
    for (let a = 1; a <= 13; a++)
      for (let b = 1; b <= 13; b++) {
        const w = a === b ? 32 * 31 : 32 * 32;
        weights += w;
        const r = settleBaccarat(10, [{ kind: 'player_pair' }], [c(a), c(5), c(b, 1), c(6), c(1), c(1)]);
        paid += w * r.payoutMinor;
      }
    expect(weights).toBe(416 * 415);
    expect(paid * 415).toBe(372 * 10 * weights);
  });

  it('deals six cards of the round stream and verifies a round', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const r = playBaccarat({ ...seeds, nonce, betMinor: 10, bets: [{ kind: 'banker', chips: 3 }] });
      const cards = dealFromShoe(createByteStream({ ...seeds, nonce }), 416, 6);
      expect(r.player[0]?.card).toBe(cards[0]);
      expect(r.banker[0]?.card).toBe(cards[1]);
      expect(r.player[1]?.card).toBe(cards[2]);
      expect(r.stakeMinor).toBe(30);
    }
    const bets: BaccaratBet[] = [{ kind: 'player', chips: 2 }, { kind: 'tie' }];
    const r = playBaccarat({ ...seeds, nonce: 4, betMinor: 50, bets });
    const revealed = {
      ...seeds,
      nonce: 4,
      serverSeedHash: commitmentOf(seeds.serverSeed),
      betMinor: 50,
      bets,
    };
    const recorded = JSON.parse(JSON.stringify(r)) as Record<string, unknown>;
    expect(verifyBaccarat({ ...revealed, recorded }).ok).toBe(true);
    expect(
      verifyBaccarat({ ...revealed, recorded: { ...recorded, payoutMinor: r.payoutMinor + 1 } }).ok,
    ).toBe(false);
    const { banker: _b, ...withoutBanker } = recorded;
    expect(verifyBaccarat({ ...revealed, recorded: withoutBanker }).missing).toEqual(['banker']);
  });

  it('refuses bad bets', () => {
    for (const bets of [
      [],
      [{ kind: 'dragon' }],
      [{ kind: 'tie' }, { kind: 'tie' }],
      [{ kind: 'player', chips: 101 }],
    ])
      expect(() => playBaccarat({ ...seeds, betMinor: 10, bets: bets as BaccaratBet[] })).toThrow(FairError);
  });
});
