import { describe, expect, it } from 'vitest';
import { commitmentOf, createByteStream, FairError } from '../rng';
import {
  playRoulette,
  type RouletteBet,
  rouletteNumbersOf,
  settleRoulette,
  verifyRoulette,
} from './roulette';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'table-test', nonce: 0 };

// The layout, written out independently of the engine: number n (1..36) sits in column
// ((n − 1) mod 3) + 1 and row ceil(n / 3); red per the standard European wheel.
const RED = '1 3 5 7 9 12 14 16 18 19 21 23 25 27 30 32 34 36'.split(' ').map(Number);
const colOf = (n: number) => ((n - 1) % 3) + 1;
const rowOf = (n: number) => Math.ceil(n / 3);
/** Whether a bet wins on a pocket, and what it returns per chip on a win (stake included, standard odds + 1). */
const expected: { bet: RouletteBet; wins: (p: number) => boolean; returns: number }[] = [
  { bet: { kind: 'straight', numbers: [17] }, wins: (p) => p === 17, returns: 36 },
  { bet: { kind: 'straight', numbers: [0] }, wins: (p) => p === 0, returns: 36 },
  { bet: { kind: 'split', numbers: [17, 20] }, wins: (p) => p === 17 || p === 20, returns: 18 },
  { bet: { kind: 'split', numbers: [0, 2] }, wins: (p) => p === 0 || p === 2, returns: 18 },
  { bet: { kind: 'street', numbers: [34, 35, 36] }, wins: (p) => p > 0 && rowOf(p) === 12, returns: 12 },
  {
    bet: { kind: 'corner', numbers: [14, 15, 17, 18] },
    wins: (p) => [14, 15, 17, 18].includes(p),
    returns: 9,
  },
  { bet: { kind: 'line', numbers: [1, 2, 3, 4, 5, 6] }, wins: (p) => p > 0 && rowOf(p) <= 2, returns: 6 },
  { bet: { kind: 'dozen', at: 2 }, wins: (p) => p >= 13 && p <= 24, returns: 3 },
  { bet: { kind: 'column', at: 3 }, wins: (p) => p > 0 && colOf(p) === 3, returns: 3 },
  { bet: { kind: 'red' }, wins: (p) => RED.includes(p), returns: 2 },
  { bet: { kind: 'black' }, wins: (p) => p > 0 && !RED.includes(p), returns: 2 },
  { bet: { kind: 'odd' }, wins: (p) => p % 2 === 1, returns: 2 },
  { bet: { kind: 'even' }, wins: (p) => p > 0 && p % 2 === 0, returns: 2 },
  { bet: { kind: 'low' }, wins: (p) => p >= 1 && p <= 18, returns: 2 },
  { bet: { kind: 'high' }, wins: (p) => p >= 19, returns: 2 },
];

describe('European roulette', () => {
  it('pays every bet kind by the standard odds on all 37 pockets; exact RTP 36/37 for each', () => {
    for (const { bet, wins, returns } of expected) {
      let returned = 0;
      for (let pocket = 0; pocket <= 36; pocket++) {
        const r = settleRoulette(100, [{ ...bet, chips: 2 }], pocket);
        expect(r.stakeMinor).toBe(200);
        expect(r.payoutMinor, `${bet.kind} on ${pocket}`).toBe(wins(pocket) ? 200 * returns : 0);
        returned += r.payoutMinor;
      }
      // Σ payouts over the 37 equally likely pockets / (37 × stake) = 36/37 exactly.
      expect(returned * 37).toBe(36 * 37 * 200);
    }
  });

  it('settles a list of bets together and colours the pocket', () => {
    const r = settleRoulette(
      50,
      [
        { kind: 'red', chips: 3 },
        { kind: 'straight', numbers: [0] },
        { kind: 'dozen', at: 1 },
      ],
      3,
    );
    expect(r).toMatchObject({
      pocket: 3,
      color: 'red',
      stakeMinor: 250,
      payoutMinor: 50 * 3 * 2 + 50 * 3,
      won: true,
    });
    expect(r.bets.map((b) => b.won)).toEqual([true, false, true]);
    const zero = settleRoulette(50, [{ kind: 'red' }, { kind: 'straight', numbers: [0] }], 0);
    expect(zero).toMatchObject({ color: 'green', payoutMinor: 50 * 36 });
    expect(settleRoulette(10, [{ kind: 'red' }], 2).color).toBe('black');
  });

  it('draws the pocket as the first uniform draw in 0..36 of the seed pair', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const r = playRoulette({ ...seeds, nonce, betMinor: 10, bets: [{ kind: 'odd' }] });
      expect(r.pocket).toBe(createByteStream({ ...seeds, nonce }).uniformInt(37));
    }
  });

  it('refuses bets the table does not take', () => {
    const bad: unknown[] = [
      [],
      [{ kind: 'split', numbers: [3, 4] }],
      [{ kind: 'split', numbers: [1, 3] }],
      [{ kind: 'street', numbers: [2, 3, 4] }],
      [{ kind: 'corner', numbers: [3, 4, 6, 7] }],
      [{ kind: 'line', numbers: [34, 35, 36, 37, 38, 39] }],
      [{ kind: 'straight', numbers: [37] }],
      [{ kind: 'dozen', at: 4 }],
      [{ kind: 'column' }],
      [{ kind: 'snake' }],
      [{ kind: 'red', chips: 0 }],
      [
        { kind: 'red', chips: 60 },
        { kind: 'black', chips: 41 },
      ],
    ];
    for (const bets of bad)
      expect(() => playRoulette({ ...seeds, betMinor: 10, bets: bets as RouletteBet[] })).toThrow(FairError);
    expect(() => playRoulette({ ...seeds, betMinor: 0, bets: [{ kind: 'red' }] })).toThrow(FairError);
  });

  it('covers the table: 60 splits, 12 streets, 22 corners', () => {
    const count = (kind: RouletteBet['kind'], size: number) => {
      let n = 0;
      // Every ascending run of `size` distinct numbers from 0..36 is tried.
      const tryAll = (from: number, picked: number[]) => {
        if (picked.length === size) {
          try {
            rouletteNumbersOf({ kind, numbers: picked });
            n += 1;
          } catch {
            /* not a bet */
          }
          return;
        }
        for (let x = from; x <= 36 && x <= (picked[0] ?? x) + 10; x++) tryAll(x + 1, [...picked, x]);
      };
      tryAll(0, []);
      return n;
    };
    // 24 side by side in the 12 rows, 33 up the table, 3 with zero.
    expect(count('split', 2)).toBe(24 + 33 + 3);
    expect(count('street', 3)).toBe(12);
    expect(count('corner', 4)).toBe(22);
  });

  it('verifies a round from the revealed seed and refuses a changed pocket or a missing field', () => {
    const bets: RouletteBet[] = [
      { kind: 'column', at: 1, chips: 2 },
      { kind: 'straight', numbers: [7] },
    ];
    const r = playRoulette({ ...seeds, nonce: 4, betMinor: 20, bets });
    const revealed = {
      ...seeds,
      nonce: 4,
      serverSeedHash: commitmentOf(seeds.serverSeed),
      betMinor: 20,
      bets,
    };
    expect(verifyRoulette({ ...revealed, recorded: r }).ok).toBe(true);
    const other = verifyRoulette({ ...revealed, recorded: { ...r, pocket: (r.pocket + 1) % 37 } });
    expect(other).toMatchObject({ ok: false, mismatches: ['pocket'] });
    expect(verifyRoulette({ ...revealed, recorded: { pocket: r.pocket } })).toMatchObject({
      ok: false,
      missing: ['stakeMinor', 'payoutMinor'],
    });
  });
});
