import { describe, expect, it } from 'vitest';
import { createByteStream } from '../rng';
import {
  evaluateMegaways,
  type MegawaysTable,
  megawaysRtp,
  megawaysRtpOf,
  megawaysTable,
  spinMegaways,
} from './index';

const SEED = '7e'.repeat(32);
const pays = [
  [0, 0, 0, 0, 0, 0, 0],
  [0, 0, 0, 0, 0, 0, 0],
  ...Array.from({ length: 8 }, (_, i) => [0, 0, 0, 8 - i, 10, 20, 50]),
];

describe('megaways', () => {
  const table: MegawaysTable = {
    strips: [],
    pays,
    scatterPays: [0, 0, 0, 5, 10, 20, 50],
    freeSpins: [0, 0, 0, 8, 10, 12, 20],
    freeSpinMultiplier: 2,
  };
  it('pays ways as the product of matching cells on consecutive reels, wilds from reel 2', () => {
    const e = evaluateMegaways(table, [
      [2, 2, 5],
      [0, 3, 2],
      [2, 7],
      [4, 4, 4, 4],
      [2, 2, 2, 2, 2, 2, 2],
      [9, 9],
    ]);
    // symbol 2: 2 on reel 1, 2 on reel 2 (wild + 2), 1 on reel 3, none on reel 4 → 3 reels, 4 ways
    // symbol 5: reel 2 only has the wild, reel 3 no 5 → 2 reels, no pay
    expect(e.wins).toEqual([{ symbol: 2, reels: 3, ways: 4, coins: 8 * 4 }]);
    expect(e.ways).toBe(3 * 3 * 2 * 4 * 7 * 2);
    const wild = evaluateMegaways(table, [[0, 6], [0, 6], [0], [6], [6, 6], [6, 1, 1]]);
    // a wild on reel 1 does not start a win; symbol 6: 1·2·1·1·2·1 ways over 6 reels
    expect(wild.wins).toEqual([{ symbol: 6, reels: 6, ways: 4, coins: 50 * 4 }]);
    const scatter = evaluateMegaways(table, [[1, 9], [1], [1, 8], [1, 1], [2], [3]]);
    expect(scatter.scatterCount).toBe(5);
    expect(scatter.freeSpinsAwarded).toBe(12);
    expect(scatter.wins).toEqual([{ symbol: 1, reels: 0, ways: 1, coins: 20 }]);
  });

  it('draws each reel as one uniform (height, stop) and plays free spins in the same round', () => {
    let featureRounds = 0;
    for (let nonce = 0; nonce < 400; nonce++) {
      const r = spinMegaways({
        serverSeed: SEED,
        clientSeed: 'm',
        nonce,
        betMinor: 60,
        volatility: 'medium',
      });
      const t = megawaysTable('medium');
      const stream = createByteStream({ serverSeed: SEED, clientSeed: 'm', nonce });
      let left = 0;
      let coins = 0;
      r.spins.forEach((spin, i) => {
        const grid = t.strips.map((strip) => {
          const v = stream.uniformInt(6 * strip.length);
          const h = 2 + (v % 6);
          const stop = Math.floor(v / 6);
          return Array.from({ length: h }, (_, j) => strip[(stop + j) % strip.length] as number);
        });
        expect(spin.grid).toEqual(grid);
        const e = evaluateMegaways(t, grid);
        const m = i === 0 ? 1 : t.freeSpinMultiplier;
        expect(spin.coins).toBe(e.coins * m);
        coins += e.coins * m;
        left += e.freeSpinsAwarded - (i === 0 ? 0 : 1);
      });
      expect(left).toBe(0);
      if (r.spins.length > 1) featureRounds += 1;
      expect(r.payoutMinor).toBe(coins * 3);
    }
    expect(featureRounds).toBeGreaterThan(0);
  });

  it('has the exact RTP of a full enumeration on small strips', () => {
    // short strips repeat within a tall window, exactly as the engine reads them
    const small: MegawaysTable = {
      ...table,
      strips: [[2, 3], [0, 2], [1, 3, 3], [2], [1, 4, 4, 4], [9]],
      freeSpins: [0, 0, 0, 1, 1, 1, 1],
    };
    const lengths = small.strips.map((s) => s.length);
    let coins = 0n;
    let awarded = 0n;
    let combos = 0n;
    const grid: number[][] = [];
    const visit = (reel: number) => {
      if (reel === 6) {
        const e = evaluateMegaways(small, grid);
        coins += BigInt(e.coins);
        awarded += BigInt(e.freeSpinsAwarded);
        combos += 1n;
        return;
      }
      const strip = small.strips[reel] as number[];
      for (let h = 2; h <= 7; h++)
        for (let stop = 0; stop < (lengths[reel] as number); stop++) {
          grid[reel] = Array.from({ length: h }, (_, j) => strip[(stop + j) % strip.length] as number);
          visit(reel + 1);
        }
    };
    visit(0);
    expect(awarded).toBeGreaterThan(0n);
    // RTP = B (1 + M r / (1 − r)) / 20 with B = coins / combos, r = awarded / combos
    const num = coins * (combos - awarded + 2n * awarded);
    const den = 20n * combos * (combos - awarded);
    const r = megawaysRtpOf(small).rtp;
    expect(r.numerator * den).toBe(num * r.denominator);
  });

  it('has an exact RTP in 96 % ± 0.5 % for every volatility', () => {
    for (const v of ['low', 'medium', 'high'] as const) {
      const r = megawaysRtp(v);
      expect(r.rtp.value).toBeGreaterThanOrEqual(0.955);
      expect(r.rtp.value).toBeLessThanOrEqual(0.965);
    }
  });
});
