import { describe, expect, it } from 'vitest';
import { commitmentOf, createByteStream, FairError } from '../rng';
import { playSicBo, type SicBoBet, settleSicBo, verifySicBo } from './sic-bo';

const seeds = { serverSeed: 'd'.repeat(64), clientSeed: 'sicbo-test', nonce: 0 };

/*
 * Closed forms over the 216 equally likely ordered throws, counted by hand:
 * - small: totals 4..10 are 107 throws (3..10 is half of 216 = 108, less 1-1-1), less the triples
 *   2-2-2 and 3-3-3 → 105; returns 2 × 105 = 210 per 216 staked. Big by symmetry.
 * - total t: ways 3, 6, 10, 15, 21, 25, 27 for t = 4..10 (mirrored for 17..11), × (odds + 1).
 * - specific triple: 1 throw × 181; any triple: 6 × 31 = 186.
 * - specific double (two or three of the face): 3 × 5 + 1 = 16 throws × 11 = 176.
 * - single: one die 3 × 25 = 75 throws × 2, two dice 15 × 3, three 1 × 4 → 150 + 45 + 4 = 199.
 */
const WAYS: Record<number, number> = { 4: 3, 5: 6, 6: 10, 7: 15, 8: 21, 9: 25, 10: 27 };
const TOTAL_RETURN: Record<number, number> = { 4: 61, 5: 31, 6: 18, 7: 13, 8: 9, 9: 7, 10: 7 };
const expectedReturn = (bet: SicBoBet): number => {
  switch (bet.kind) {
    case 'small':
    case 'big':
      return 210;
    case 'total': {
      const t = (bet.at ?? 0) <= 10 ? (bet.at ?? 0) : 21 - (bet.at ?? 0);
      return (WAYS[t] ?? 0) * (TOTAL_RETURN[t] ?? 0);
    }
    case 'triple':
      return 181;
    case 'anyTriple':
      return 186;
    case 'double':
      return 176;
    case 'single':
      return 199;
  }
};

describe('sic bo', () => {
  it('returns exactly the closed-form amount per 216 staked for every bet', () => {
    const bets: SicBoBet[] = [
      { kind: 'small' },
      { kind: 'big' },
      { kind: 'anyTriple' },
      ...[1, 2, 3, 4, 5, 6].flatMap((at) => [
        { kind: 'triple' as const, at },
        { kind: 'double' as const, at },
        { kind: 'single' as const, at },
      ]),
      ...Array.from({ length: 14 }, (_, i) => ({ kind: 'total' as const, at: i + 4 })),
    ];
    for (const bet of bets) {
      let returned = 0;
      for (let a = 1; a <= 6; a++)
        for (let b = 1; b <= 6; b++)
          for (let c = 1; c <= 6; c++) returned += settleSicBo(1, [bet], [a, b, c]).payoutMinor;
      expect(returned, `${bet.kind} ${bet.at ?? ''}`).toBe(expectedReturn(bet));
    }
  });

  it('pays by the table: big loses on a triple, single counts dice, totals by their odds', () => {
    expect(settleSicBo(10, [{ kind: 'big' }], [6, 6, 6]).payoutMinor).toBe(0);
    expect(settleSicBo(10, [{ kind: 'big' }], [6, 6, 5]).payoutMinor).toBe(20);
    expect(settleSicBo(10, [{ kind: 'single', at: 6, chips: 2 }], [6, 6, 5]).payoutMinor).toBe(60);
    expect(settleSicBo(10, [{ kind: 'total', at: 17 }], [6, 6, 5]).payoutMinor).toBe(610);
    const r = settleSicBo(
      10,
      [{ kind: 'triple', at: 2 }, { kind: 'anyTriple' }, { kind: 'small' }],
      [2, 2, 2],
    );
    expect(r).toMatchObject({ total: 6, stakeMinor: 30, payoutMinor: 1_810 + 310 });
  });

  it('throws the dice as three uniform draws, verifies, and refuses bad bets', () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      const stream = createByteStream({ ...seeds, nonce });
      const dice = [stream.uniformInt(6) + 1, stream.uniformInt(6) + 1, stream.uniformInt(6) + 1];
      expect(playSicBo({ ...seeds, nonce, betMinor: 5, bets: [{ kind: 'small' }] }).dice).toEqual(dice);
    }
    const bets: SicBoBet[] = [{ kind: 'total', at: 9, chips: 3 }];
    const r = playSicBo({ ...seeds, nonce: 3, betMinor: 20, bets });
    const revealed = {
      ...seeds,
      nonce: 3,
      serverSeedHash: commitmentOf(seeds.serverSeed),
      betMinor: 20,
      bets,
    };
    expect(verifySicBo({ ...revealed, recorded: r }).ok).toBe(true);
    expect(verifySicBo({ ...revealed, recorded: { ...r, dice: [1, 1, 1] } }).ok).toBe(false);
    for (const bad of [[], [{ kind: 'total', at: 3 }], [{ kind: 'single', at: 7 }], [{ kind: 'pair' }]])
      expect(() => playSicBo({ ...seeds, betMinor: 10, bets: bad as SicBoBet[] })).toThrow(FairError);
  });
});
