import { describe, expect, it } from 'vitest';
import { commitmentOf, createByteStream } from '../rng';
import { listSource } from './blackjack';
import {
  playVideoPoker,
  VIDEO_POKER_PAYTABLE,
  type VideoPokerHand,
  verifyVideoPoker,
  videoPokerRank,
  videoPokerRound,
} from './video-poker';

/** "AS" → card: suit S 0, H 1, D 2, C 3; rank A 1 … T 10, J 11, Q 12, K 13; card = suit·13 + rank − 1. */
const RANK_OF: Record<string, number> = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
const card = (code: string) => {
  const r = RANK_OF[code[0] as string] ?? Number(code[0]);
  return 'SHDC'.indexOf(code[1] as string) * 13 + r - 1;
};
const cards = (text: string) => text.split(' ').map(card);
const hand = (text: string) => cards(text).map((c) => ({ rank: (c % 13) + 1, suit: Math.floor(c / 13) }));

const SEEDS = { serverSeed: 'a'.repeat(64), clientSeed: 'golden' };

describe('video poker hand ranks (hand-written hands)', () => {
  it.each<[string, VideoPokerHand]>([
    ['TS JS QS KS AS', 'royalFlush'],
    ['AH KH QH JH TH', 'royalFlush'],
    ['9D TD JD QD KD', 'straightFlush'],
    ['AC 2C 3C 4C 5C', 'straightFlush'],
    ['7S 7H 7D 7C 2S', 'fourOfAKind'],
    ['3S 3H 3D KC KS', 'fullHouse'],
    ['2H 5H 9H JH KH', 'flush'],
    ['AS 2H 3D 4C 5S', 'straight'],
    ['TS JH QD KC AS', 'straight'],
    ['6S 7H 8D 9C TS', 'straight'],
    ['QS KH AD 2C 3S', 'nothing'],
    ['8S 8H 8D 2C KS', 'threeOfAKind'],
    ['4S 4H 9D 9C AS', 'twoPair'],
    ['2S 2H 3D 3C 4S', 'twoPair'],
    ['JS JH 3D 7C 9S', 'jacksOrBetter'],
    ['QS QH 3D 7C 9S', 'jacksOrBetter'],
    ['KS KD 3D 7C 9S', 'jacksOrBetter'],
    ['AS AH 3D 7C 9S', 'jacksOrBetter'],
    ['TS TH 3D 7C 9S', 'nothing'],
    ['2S 2H 3D 7C 9S', 'nothing'],
    ['AS KH 3D 7C 9S', 'nothing'],
    ['2S 3S 4S 5S 7H', 'nothing'],
  ])('%s is %s', (text, rank) => {
    expect(videoPokerRank(hand(text))).toBe(rank);
  });

  it('pays the 9/6 table for one, the royal at 800', () => {
    const pays = (text: string, bet = 100) =>
      videoPokerRound(bet, listSource([...cards(text), 0, 1, 2, 3, 4]), [31]).payoutMinor;
    expect(pays('TS JS QS KS AS')).toBe(80_000);
    expect(pays('9D TD JD QD KD')).toBe(5_000);
    expect(pays('7S 7H 7D 7C 2S')).toBe(2_500);
    expect(pays('3S 3H 3D KC KS')).toBe(900);
    expect(pays('2H 5H 9H JH KH')).toBe(600);
    expect(pays('AS 2H 3D 4C 5S')).toBe(400);
    expect(pays('8S 8H 8D 2C KS')).toBe(300);
    expect(pays('4S 4H 9D 9C AS')).toBe(200);
    expect(pays('JS JH 3D 7C 9S')).toBe(100);
    expect(pays('TS TH 3D 7C 9S')).toBe(0);
    expect(pays('JS JH 3D 7C 9S', 7)).toBe(7);
  });
});

describe('video poker deal and draw', () => {
  it('deals the first five of the deck and draws the rest in deck order, left to right', () => {
    const deck = cards('2S 9H KD 4C 7S AH 5D 6C 8S QH');
    const open = videoPokerRound(50, listSource(deck), []);
    expect(open.phase).toBe('hold');
    expect(open.dealt.map((c) => c.card)).toEqual(deck.slice(0, 5));
    expect(open.payoutMinor).toBe(0);
    // Hold cards 1 and 3 (bits 0 and 2): positions 2, 4, 5 take deck cards 6, 7, 8.
    const drawn = videoPokerRound(50, listSource(deck), [0b00101]);
    expect(drawn.hand.map((c) => c.card)).toEqual([deck[0], deck[5], deck[2], deck[6], deck[7]]);
    expect(drawn.phase).toBe('settled');
    expect(drawn.hold).toBe(5);
    const none = videoPokerRound(50, listSource(deck), [0]);
    expect(none.hand.map((c) => c.card)).toEqual(deck.slice(5, 10));
  });

  it('matches golden vectors from an independent implementation (Python hmac, partial Fisher–Yates)', () => {
    const round = (nonce: number, hold: number) =>
      playVideoPoker({ ...SEEDS, nonce, betMinor: 10, holds: [hold] });
    expect(round(0, 0).dealt.map((c) => c.card)).toEqual([20, 36, 35, 48, 11]);
    expect(round(0, 0).hand.map((c) => c.card)).toEqual([26, 42, 47, 25, 9]);
    expect(round(1, 0b10011).dealt.map((c) => c.card)).toEqual([11, 3, 27, 43, 42]);
    expect(round(1, 0b10011).hand.map((c) => c.card)).toEqual([11, 3, 5, 15, 42]);
    expect(round(2, 31).hand.map((c) => c.card)).toEqual([13, 12, 36, 45, 38]);
  });

  it('replays the same round from the same seeds; the deal does not depend on the hold', () => {
    const input = { ...SEEDS, nonce: 7, betMinor: 20 };
    const open = playVideoPoker({ ...input, holds: [] });
    const a = playVideoPoker({ ...input, holds: [0b01010] });
    expect(playVideoPoker({ ...input, holds: [0b01010] })).toEqual(a);
    expect(a.dealt).toEqual(open.dealt);
    expect(a.hand[1]).toEqual(open.dealt[1]);
    expect(a.hand[3]).toEqual(open.dealt[3]);
    const all = new Set([...a.dealt, ...a.hand].map((c) => c.card));
    expect(all.size).toBe(8);
    expect(playVideoPoker({ ...input, nonce: 8, holds: [] }).dealt).not.toEqual(open.dealt);
  });

  it('refuses a second hold and a bad mask', () => {
    const input = { ...SEEDS, nonce: 1, betMinor: 20 };
    expect(() => playVideoPoker({ ...input, holds: [1, 2] })).toThrow(/over/);
    expect(() => playVideoPoker({ ...input, holds: [32] })).toThrow(/mask/);
    expect(() => playVideoPoker({ ...input, holds: [-1] })).toThrow(/mask/);
  });

  it('verifies a drawn round and refuses one with a field missing or changed', () => {
    const input = { ...SEEDS, nonce: 3, betMinor: 20 };
    const played = playVideoPoker({ ...input, holds: [0b11000] });
    const revealed = { ...input, serverSeedHash: commitmentOf(SEEDS.serverSeed) };
    const recorded = { ...played } as Record<string, unknown>;
    const ok = verifyVideoPoker({ ...revealed, recorded });
    expect(ok.ok).toBe(true);
    expect(verifyVideoPoker({ ...revealed, recorded: { ...recorded, rank: '' } }).missing).toEqual(['rank']);
    expect(verifyVideoPoker({ ...revealed, recorded: { ...recorded, payoutMinor: 999 } }).mismatches).toEqual(
      ['payoutMinor'],
    );
    expect(verifyVideoPoker({ ...revealed, recorded: { ...recorded, hold: null } }).ok).toBe(false);
  });
});

/**
 * A simple fixed strategy ("keep what you have"): a made hand (straight or better) and a hand
 * with no pair stand pat; trips keep the three, two pair the four, a pair the two. Its exact value
 * over every deal is counted here, independently of the engine: the published counts of the
 * 2 598 960 five-card hands by rank, and for each drawing class the average pay over every draw
 * of the 47 cards left, enumerated for one hand-written deal of that class (the draw's value
 * does not depend on which ranks the discarded kickers have: they are of other ranks than the
 * kept cards in every class). Python agrees: 123517871/175592235 ≈ 70.34 %.
 */
const PAY: Record<string, number> = {
  RF: 800,
  SF: 50,
  K4: 25,
  FH: 9,
  FL: 6,
  ST: 4,
  K3: 3,
  P2: 2,
  JB: 1,
  N: 0,
};
const rankIndependent = (cs: number[]): string => {
  const r = cs.map((c) => (c % 13) + 1).sort((a, b) => a - b);
  const suits = new Set(cs.map((c) => Math.floor(c / 13)));
  const byRank = new Map<number, number>();
  for (const x of r) byRank.set(x, (byRank.get(x) ?? 0) + 1);
  const n = [...byRank.values()].sort((a, b) => b - a);
  const distinct = byRank.size === 5;
  const wheel = r.join() === '1,2,3,4,5';
  const top = r.join() === '1,10,11,12,13';
  const run = distinct && ((r[4] as number) - (r[0] as number) === 4 || top || wheel);
  if (run && suits.size === 1) return top ? 'RF' : 'SF';
  if (n[0] === 4) return 'K4';
  if (n[0] === 3 && n[1] === 2) return 'FH';
  if (suits.size === 1) return 'FL';
  if (run) return 'ST';
  if (n[0] === 3) return 'K3';
  if (n[0] === 2 && n[1] === 2) return 'P2';
  if (n[0] === 2) {
    const pair = [...byRank].find(([, k]) => k === 2)?.[0] as number;
    return pair === 1 || pair > 10 ? 'JB' : 'N';
  }
  return 'N';
};
/** The exact average pay (numerator, denominator) of keeping `keep` of `dealt` and drawing the rest. */
const drawValue = (dealt: number[], keep: number[]): [number, number] => {
  const left = Array.from({ length: 52 }, (_, i) => i).filter((c) => !dealt.includes(c));
  const k = 5 - keep.length;
  let sum = 0;
  let count = 0;
  const walk = (from: number, chosen: number[]) => {
    if (chosen.length === k) {
      sum += PAY[rankIndependent([...keep, ...chosen])] as number;
      count += 1;
      return;
    }
    for (let i = from; i < left.length; i++) walk(i + 1, [...chosen, left[i] as number]);
  };
  walk(0, []);
  return [sum, count];
};
const strategyHold = (dealt: number[]): number => {
  const ranks = dealt.map((c) => c % 13);
  const klass = rankIndependent(dealt);
  if (klass === 'K3' || klass === 'P2' || klass === 'JB' || (klass === 'N' && new Set(ranks).size === 4))
    return ranks.reduce(
      (mask, r, i) => (ranks.filter((x) => x === r).length >= 2 ? mask | (1 << i) : mask),
      0,
    );
  return 31;
};

describe('video poker: a fixed strategy returns its exact value', () => {
  it('the engine played by "keep what you have" returns its exact value within 3σ', () => {
    const classes: [string, number][] = [
      ['8S 8H 8D 2C KS', 54_912],
      ['5S 5H 9D 9C KS', 123_552],
      ['JS JH 3D 6C 9S', 337_920],
      ['4S 4H 8D JC AS', 760_320],
    ];
    const made = 4 * 800 + 36 * 50 + 624 * 25 + 3_744 * 9 + 5_108 * 6 + 10_200 * 4;
    let exact = made / 2_598_960;
    for (const [text, count] of classes) {
      const dealt = cards(text);
      const mask = strategyHold(dealt);
      const [sum, n] = drawValue(
        dealt,
        dealt.filter((_, i) => (mask >> i) & 1),
      );
      exact += (count / 2_598_960) * (sum / n);
    }
    expect(exact).toBeCloseTo(123_517_871 / 175_592_235, 12);

    const n = 30_000;
    let total = 0;
    let totalSq = 0;
    for (let nonce = 0; nonce < n; nonce++) {
      const input = { ...SEEDS, clientSeed: 'strategy', nonce, betMinor: 100 };
      const dealt = playVideoPoker({ ...input, holds: [] }).dealt.map((c) => c.card);
      const x = playVideoPoker({ ...input, holds: [strategyHold(dealt)] }).payoutMinor / 100;
      total += x;
      totalSq += x * x;
    }
    const mean = total / n;
    const sd = Math.sqrt(totalSq / n - mean * mean);
    expect(Math.abs(mean - exact)).toBeLessThan((3 * sd) / Math.sqrt(n));
  });

  it('states the paytable as data (9/6 full pay)', () => {
    expect(VIDEO_POKER_PAYTABLE.fullHouse).toBe(900);
    expect(VIDEO_POKER_PAYTABLE.flush).toBe(600);
    expect(createByteStream({ ...SEEDS, nonce: 0 }).uniformInt(52)).toBe(20);
  });
});
