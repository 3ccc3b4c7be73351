import { describe, expect, it } from 'vitest';
import { commitmentOf, createByteStream, FairError } from '../rng';
import { KENO_PAYTABLE, kenoDraw, playKeno, settleKeno, verifyKeno } from './keno';

/** C(n, k) in bigint, written here (not the package's). */
const choose = (n: number, k: number): bigint => {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
};

// The RTP per spots count as num/den, worked out with Python's fractions from the paytable.
const STATED: Record<number, [bigint, bigint]> = {
  1: [19n, 20n],
  2: [19n, 20n],
  3: [7809n, 8216n],
  4: [303525n, 316316n],
  5: [300225n, 316316n],
  6: [151377n, 158158n],
  7: [404607n, 417989n],
  8: [294955899n, 305131970n],
  9: [289086071n, 305131970n],
  10: [82602632647n, 86657479480n],
};

describe('keno', () => {
  it('returns the stated RTP for every spots count (hypergeometric expectation, exact)', () => {
    const total = choose(80, 20);
    for (let n = 1; n <= 10; n++) {
      const row = KENO_PAYTABLE[n] ?? [];
      expect(row).toHaveLength(n + 1);
      // Σ_k C(n,k)·C(80−n,20−k) · pays(k)/100, over C(80,20).
      let returned = 0n;
      for (let k = 0; k <= n; k++) returned += choose(n, k) * choose(80 - n, 20 - k) * BigInt(row[k] ?? 0);
      const [num, den] = STATED[n] as [bigint, bigint];
      expect(returned * den, `spots ${n}`).toBe(num * total * 100n);
      expect(Number((returned * 1000n) / (total * 100n))).toBeGreaterThanOrEqual(940);
    }
  });

  it('pays by the hits (hand-worked)', () => {
    const drawn = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
    // 4 spots, 3 hits: 7× → 700 on 100.
    expect(settleKeno(100, [3, 20, 19, 80], drawn)).toMatchObject({ hits: [3, 19, 20], payoutMinor: 700 });
    // 10 spots, none drawn: 1.5× back; one spot hit: 3.8×, floored on 7: 26.
    expect(settleKeno(100, [71, 72, 73, 74, 75, 76, 77, 78, 79, 80], drawn).payoutMinor).toBe(150);
    expect(settleKeno(7, [5], drawn).payoutMinor).toBe(26);
    expect(settleKeno(7, [50], drawn)).toMatchObject({ won: false, payoutMinor: 0, paysX100: [0, 380] });
  });

  it('draws 20 distinct numbers of 1..80 by partial Fisher–Yates of the stream', () => {
    const seeds = { serverSeed: 'f'.repeat(64), clientSeed: 'keno', nonce: 3 };
    const drawn = kenoDraw(seeds);
    expect(new Set(drawn).size).toBe(20);
    const stream = createByteStream(seeds);
    const left = Array.from({ length: 80 }, (_, i) => i + 1);
    const first = left[stream.uniformInt(80)];
    expect(drawn[0]).toBe(first);
  });

  it('refuses bad spots and verifies a round', () => {
    const seeds = { serverSeed: 'f'.repeat(64), clientSeed: 'keno', nonce: 0 };
    for (const spots of [[], [0], [81], [5, 5], Array.from({ length: 11 }, (_, i) => i + 1)])
      expect(() => playKeno({ ...seeds, betMinor: 10, spots })).toThrow(FairError);
    const r = playKeno({ ...seeds, betMinor: 10, spots: [7, 21, 42] });
    const revealed = {
      ...seeds,
      serverSeedHash: commitmentOf(seeds.serverSeed),
      betMinor: 10,
      spots: [7, 21, 42],
    };
    expect(verifyKeno({ ...revealed, recorded: r }).ok).toBe(true);
    expect(verifyKeno({ ...revealed, recorded: { ...r, drawn: [...r.drawn].reverse() } }).mismatches).toEqual(
      ['drawn'],
    );
  });
});
