import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { andarBaharDeal, andarBaharReturn, dealAndarBahar } from './andar-bahar';
import { baccaratCoup, baccaratReturn } from './baccarat';
import { dealLive, LIVE_GAMES, liveBetReturn, verifyLiveRound } from './live-games';
import { beadPlate, bigRoad } from './roads';

/** A card of the given rank (1 ace … 13 king) and suit (0 spades, 1 hearts, 2 diamonds, 3 clubs). */
const c = (rank: number, suit = 0) => suit * 13 + rank - 1;

describe('baccarat coups (hand-worked)', () => {
  it('a natural ends the deal: player 4+5 = 9 beats banker 5+2 = 7', () => {
    const o = baccaratCoup([c(4), c(5), c(5, 1), c(2), c(9), c(9)]);
    expect([o.player.length, o.banker.length, o.playerTotal, o.bankerTotal, o.winner, o.natural]).toEqual([
      2,
      2,
      9,
      7,
      'player',
      true,
    ]);
  });
  it('banker on 3 stands when the player drew an 8: 3 against 3 is a tie', () => {
    const o = baccaratCoup([c(2), c(13), c(3), c(3), c(8), c(9)]);
    expect([o.player.length, o.banker.length, o.playerTotal, o.bankerTotal, o.winner]).toEqual([
      3,
      2,
      3,
      3,
      'tie',
    ]);
  });
  it('banker on 6 draws when the player drew a 6', () => {
    const o = baccaratCoup([c(1), c(2), c(4), c(4), c(6), c(3)]);
    expect([o.playerTotal, o.bankerTotal, o.banker.length, o.winner]).toEqual([1, 9, 3, 'banker']);
  });
  it('player stands on 6, banker on 5 draws the fifth card', () => {
    const o = baccaratCoup([c(3), c(2), c(3, 2), c(3), c(2, 3), c(9)]);
    expect([o.player.length, o.playerTotal, o.banker.length, o.bankerTotal, o.winner]).toEqual([
      2,
      6,
      3,
      7,
      'banker',
    ]);
  });
  it('banker on 4 stands when the player drew an ace', () => {
    const o = baccaratCoup([c(2), c(2, 1), c(2, 2), c(2, 3), c(1), c(5)]);
    expect([o.playerTotal, o.bankerTotal, o.banker.length, o.winner]).toEqual([5, 4, 2, 'player']);
    expect([o.playerPair, o.bankerPair]).toEqual([true, true]);
  });
  it('faces count 0 and pairs are by rank: Q Q and K K, player draws a 9', () => {
    const o = baccaratCoup([c(12), c(13), c(12, 1), c(13, 2), c(9), c(10)]);
    expect([o.playerTotal, o.bankerTotal, o.winner, o.playerPair, o.bankerPair]).toEqual([
      9,
      0,
      'player',
      true,
      true,
    ]);
  });
  it('pays: banker 0.95:1 floored, tie 8:1, player and banker pushed on a tie, pairs 11:1', () => {
    const bankerWin = baccaratCoup([c(3), c(2), c(3, 2), c(3), c(2, 3), c(9)]);
    expect(baccaratReturn('banker', 100n, bankerWin)).toBe(195n);
    expect(baccaratReturn('banker', 7n, bankerWin)).toBe(13n);
    expect(baccaratReturn('player', 100n, bankerWin)).toBe(0n);
    const tie = baccaratCoup([c(2), c(13), c(3), c(3), c(8), c(9)]);
    expect(baccaratReturn('tie', 10n, tie)).toBe(90n);
    expect(baccaratReturn('player', 10n, tie)).toBe(10n);
    expect(baccaratReturn('banker', 10n, tie)).toBe(10n);
    const pairs = baccaratCoup([c(12), c(13), c(12, 1), c(13, 2), c(9), c(10)]);
    expect(baccaratReturn('player_pair', 10n, pairs)).toBe(120n);
    expect(baccaratReturn('banker_pair', 10n, pairs)).toBe(120n);
    expect(baccaratReturn('player', 10n, pairs)).toBe(20n);
  });
  it('over every coup of an 8-deck shoe the odds are the published ones (banker .458597, player .446247, tie .095156)', () => {
    // Enumerate the six cards by rank, weighting each sequence by its number of ordered deals.
    const counts = Array.from({ length: 13 }, () => 32);
    const wins = { player: 0, banker: 0, tie: 0 };
    const cards: number[] = [0, 0, 0, 0, 0, 0];
    const walk = (depth: number, weight: number) => {
      if (depth === 6) {
        wins[baccaratCoup(cards).winner] += weight;
        return;
      }
      for (let r = 0; r < 13; r++) {
        const n = counts[r] as number;
        counts[r] = n - 1;
        cards[depth] = r;
        walk(depth + 1, weight * n);
        counts[r] = n;
      }
    };
    walk(0, 1);
    const total = 416 * 415 * 414 * 413 * 412 * 411;
    expect(wins.player + wins.banker + wins.tie).toBe(total);
    expect((wins.banker / total).toFixed(6)).toBe('0.458597');
    expect((wins.player / total).toFixed(6)).toBe('0.446247');
    expect((wins.tie / total).toFixed(6)).toBe('0.095156');
  }, 60_000);
});

describe('andar bahar', () => {
  it('a black joker deals andar first; the first card of its rank wins', () => {
    const o = andarBaharDeal([c(7), c(1), c(2), c(7, 1), c(9)]);
    expect([o.first, o.andar.length, o.bahar.length, o.winner]).toEqual(['andar', 2, 1, 'andar']);
  });
  it('a red joker deals bahar first; the first side pays 0.9:1 floored, the other 1:1', () => {
    const o = andarBaharDeal([c(7, 1), c(7, 2)]);
    expect([o.first, o.winner]).toEqual(['bahar', 'bahar']);
    expect(andarBaharReturn('bahar', 10n, o)).toBe(19n);
    expect(andarBaharReturn('bahar', 15n, o)).toBe(28n);
    expect(andarBaharReturn('andar', 15n, o)).toBe(0n);
    const second = andarBaharDeal([c(7, 1), c(1), c(7, 3)]);
    expect([second.winner, andarBaharReturn('andar', 15n, second)]).toEqual(['andar', 30n]);
  });
  it('the first-dealt side wins 51.50 % of 4,000 seeded rounds (exact 0.515006, ± 4 sd)', () => {
    let first = 0;
    const n = 4000;
    for (let nonce = 0; nonce < n; nonce++) {
      const o = dealAndarBahar({ serverSeed: 'ab'.repeat(32), clientSeed: 'andar', nonce });
      if (o.winner === o.first) first++;
      expect(o.andar.length + o.bahar.length).toBeLessThanOrEqual(49);
    }
    const sd = Math.sqrt((0.515006 * 0.484994) / n);
    expect(Math.abs(first / n - 0.515006)).toBeLessThan(4 * sd);
  });
});

describe('every live game', () => {
  const seeds = { serverSeed: '1f'.repeat(32), clientSeed: 'table-1', nonce: 7 };
  it('deals the same outcome for the same seeds', () => {
    for (const game of LIVE_GAMES) expect(dealLive(game, seeds)).toEqual(dealLive(game, seeds));
  });
  it('roulette: 17 is black, odd, low, second dozen; zero loses outside bets', () => {
    const o = { game: 'roulette' as const, pocket: 17 };
    expect(
      ['black', 'odd', 'low', 'dozen-2', 'straight-17', 'red', 'straight-3'].map((k) =>
        liveBetReturn(k, 10n, o),
      ),
    ).toEqual([20n, 20n, 20n, 30n, 360n, 0n, 0n]);
    const zero = { game: 'roulette' as const, pocket: 0 };
    expect(['red', 'even', 'dozen-1', 'straight-0'].map((k) => liveBetReturn(k, 10n, zero))).toEqual([
      0n,
      0n,
      0n,
      360n,
    ]);
  });
  it('dragon tiger: a tie gives half back on dragon and tiger; sic bo: a triple loses small and big', () => {
    const tie = {
      game: 'dragon-tiger' as const,
      dragon: { card: 4, rank: 5, suit: 0 },
      tiger: { card: 17, rank: 5, suit: 1 },
      winner: 'tie' as const,
    };
    expect(['dragon', 'tiger', 'tie'].map((k) => liveBetReturn(k, 11n, tie))).toEqual([5n, 5n, 99n]);
    const triple = { game: 'sic-bo' as const, dice: [2, 2, 2], total: 6, triple: true };
    expect(['small', 'big', 'any_triple'].map((k) => liveBetReturn(k, 10n, triple))).toEqual([0n, 0n, 310n]);
    const eleven = { game: 'sic-bo' as const, dice: [5, 4, 2], total: 11, triple: false };
    expect(['small', 'big'].map((k) => liveBetReturn(k, 10n, eleven))).toEqual([0n, 20n]);
  });
});

describe('baccarat roads', () => {
  it('bead plate fills six rows down a column', () => {
    const cells = beadPlate(['B', 'P', 'T', 'B', 'B', 'P', 'P']);
    expect(cells[5]).toEqual({ col: 0, row: 5, code: 'P' });
    expect(cells[6]).toEqual({ col: 1, row: 0, code: 'P' });
  });
  it('big road: a column per streak, ties on the last cell', () => {
    expect(bigRoad(['B', 'B', 'B', 'P', 'T', 'P', 'B'])).toEqual([
      { col: 0, row: 0, code: 'B', ties: 0 },
      { col: 0, row: 1, code: 'B', ties: 0 },
      { col: 0, row: 2, code: 'B', ties: 0 },
      { col: 1, row: 0, code: 'P', ties: 1 },
      { col: 1, row: 1, code: 'P', ties: 0 },
      { col: 2, row: 0, code: 'B', ties: 0 },
    ]);
  });
  it('big road: a streak of seven turns right on the bottom row', () => {
    const cells = bigRoad(['B', 'B', 'B', 'B', 'B', 'B', 'B', 'P']);
    expect(cells[6]).toEqual({ col: 1, row: 5, code: 'B', ties: 0 });
    expect(cells[7]).toEqual({ col: 1, row: 0, code: 'P', ties: 0 });
  });
});

describe('verifying a live round', () => {
  const seeds = { serverSeed: '2c'.repeat(32), clientSeed: 'table-khelabd-bac-a', nonce: 12 };
  const serverSeedHash = createHash('sha256').update(seeds.serverSeed).digest('hex');
  it('accepts the dealt outcome under the published hash, and refuses a changed card or hash', () => {
    const recorded = JSON.parse(JSON.stringify(dealLive('baccarat', seeds))) as Record<string, unknown>;
    expect(verifyLiveRound({ ...seeds, serverSeedHash, game: 'baccarat', recorded }).ok).toBe(true);
    const player = recorded.player as { card: number; rank: number; suit: number }[];
    const changed = {
      ...recorded,
      player: [{ ...player[0], rank: ((player[0]?.rank ?? 1) % 13) + 1 }, ...player.slice(1)],
    };
    expect(verifyLiveRound({ ...seeds, serverSeedHash, game: 'baccarat', recorded: changed })).toMatchObject({
      ok: false,
      mismatches: ['player'],
    });
    expect(
      verifyLiveRound({ ...seeds, serverSeedHash: '0'.repeat(64), game: 'baccarat', recorded }).commitmentOk,
    ).toBe(false);
    expect(verifyLiveRound({ ...seeds, serverSeedHash, game: 'poker', recorded }).ok).toBe(false);
  });
});
