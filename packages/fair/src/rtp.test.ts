import { describe, expect, it } from 'vitest';
import { generateCatalogueRngGames } from '../../../tools/rtp-catalogue';
import {
  allPaytables,
  BET_COINS,
  createByteStream,
  evaluateStops,
  LINES,
  type Paytable,
  type Ratio,
  RTP_TARGET,
  RTP_TOLERANCE,
  rtpInBand,
  rtpOf,
  themeFor,
} from './index';

const sameRatio = (r: Ratio, numerator: bigint, denominator: bigint) =>
  r.numerator * denominator === numerator * r.denominator;

/** Small strips (5–7 symbols) drawn from a fixed seed: wilds on reels 2–5, one reel with two scatters. */
const smallTable = (layout: 'lines' | 'ways', seed: number): Paytable => {
  const stream = createByteStream({
    serverSeed: 'ab'.repeat(32),
    clientSeed: `small-${layout}`,
    nonce: seed,
  });
  const reels = [0, 1, 2, 3, 4].map((reel) => {
    const length = 5 + stream.uniformInt(3);
    const strip = Array.from({ length }, () => 2 + stream.uniformInt(8));
    strip[stream.uniformInt(length)] = 1; // a scatter
    if (reel === 2) strip[(strip.indexOf(1) + 3) % length] = 1; // a second one on reel 3
    if (reel > 0) strip[(strip.indexOf(1) + 1) % length] = 0; // a wild
    return strip;
  });
  return {
    key: `small-${layout}-${seed}`,
    layout,
    volatility: 'medium',
    family: 'gems',
    reels,
    pays: [
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 50, 200, 1000],
      [0, 0, 0, 40, 150, 500],
      [0, 0, 0, 30, 100, 400],
      [0, 0, 0, 20, 80, 300],
      [0, 0, 0, 10, 40, 150],
      [0, 0, 0, 8, 30, 120],
      [0, 0, 0, 6, 20, 100],
      [0, 0, 0, 5, 15, 80],
    ],
    scatterPays: [0, 0, 0, 40, 200, 1000],
    freeSpins: [0, 0, 0, 1, 1, 2],
    freeSpinMultiplier: 2,
    lines: layout === 'lines' ? LINES.map((l) => l.slice()) : null,
  };
};

/** Visits every one of the L1·…·L5 stop combinations with the engine itself. */
const bruteForce = (table: Paytable) => {
  const lengths = table.reels.map((r) => r.length);
  let lineCoins = 0n;
  let scatterCoins = 0n;
  let awarded = 0n;
  let triggers = 0n;
  let combinations = 0n;
  const stops = [0, 0, 0, 0, 0];
  const visit = (reel: number) => {
    if (reel === 5) {
      const e = evaluateStops(table, stops);
      for (const w of e.wins) {
        if (w.kind === 'scatter') scatterCoins += BigInt(w.coins);
        else lineCoins += BigInt(w.coins);
      }
      awarded += BigInt(e.freeSpinsAwarded);
      if (e.freeSpinsAwarded > 0) triggers += 1n;
      combinations += 1n;
      return;
    }
    for (let s = 0; s < (lengths[reel] as number); s++) {
      stops[reel] = s;
      visit(reel + 1);
    }
  };
  visit(0);
  return { lineCoins, scatterCoins, awarded, triggers, combinations };
};

describe('exact RTP', () => {
  for (const layout of ['lines', 'ways'] as const) {
    for (const seed of [1, 2]) {
      it(`equals a full enumeration of every stop combination (${layout}, table ${seed})`, () => {
        const table = smallTable(layout, seed);
        const b = bruteForce(table);
        const r = rtpOf(table);
        const D = b.combinations;
        const coins = BigInt(BET_COINS);
        const M = BigInt(table.freeSpinMultiplier);
        expect(r.combinations).toBe(D);
        expect(b.scatterCoins).toBeGreaterThan(0n);
        expect(sameRatio(r.baseLines, b.lineCoins, coins * D)).toBe(true);
        expect(sameRatio(r.baseScatter, b.scatterCoins, coins * D)).toBe(true);
        expect(sameRatio(r.triggerProbability, b.triggers, D)).toBe(true);
        expect(sameRatio(r.freeSpinsPerSpin, b.awarded, D)).toBe(true);
        const base = b.lineCoins + b.scatterCoins;
        expect(sameRatio(r.rtp, base * (D - b.awarded + M * b.awarded), coins * D * (D - b.awarded))).toBe(
          true,
        );
        // …and a wrong pay is caught: one more coin on a 3-of-a-kind of reel 1's first symbol moves it.
        const changed = { ...table, pays: table.pays.map((row) => row.slice()) };
        const symbol = table.reels[0]!.find((x) => x >= 2)!;
        (changed.pays[symbol] as number[])[3] = ((table.pays[symbol] as number[])[3] as number) + 1;
        expect(sameRatio(rtpOf(changed).rtp, r.rtp.numerator, r.rtp.denominator)).toBe(false);
      });
    }
  }

  it('puts every distinct paytable at 96 % ± 0.5 (base game + free spins)', () => {
    const tables = allPaytables();
    expect(tables).toHaveLength(48);
    expect(new Set(tables.map((t) => t.key)).size).toBe(48);
    for (const t of tables) {
      const r = rtpOf(t);
      expect(rtpInBand(r.rtp), `${t.key}: ${r.rtp.value}`).toBe(true);
      expect(Math.abs(r.rtp.value - RTP_TARGET)).toBeLessThanOrEqual(RTP_TOLERANCE);
      expect(r.freeSpinsPerSpin.value).toBeLessThan(1);
      expect(r.triggerProbability.value).toBeGreaterThan(1 / 400);
      expect(r.triggerProbability.value).toBeLessThan(1 / 100);
      // Every strip: five reels, one scatter, no wild on reel 1.
      expect(t.reels).toHaveLength(5);
      expect(t.reels[0]).not.toContain(0);
      for (const strip of t.reels) expect(strip.filter((s) => s === 1)).toHaveLength(1);
      // Pays grow with the count and with the symbol's rank.
      for (let s = 2; s < 10; s++) {
        const row = t.pays[s] as number[];
        expect(row[3]).toBeGreaterThan(0);
        expect(row[3]).toBeLessThanOrEqual(row[4] as number);
        expect(row[4]).toBeLessThanOrEqual(row[5] as number);
        if (s > 2)
          for (let k = 3; k <= 5; k++)
            expect(row[k]).toBeLessThanOrEqual((t.pays[s - 1] as number[])[k] as number);
      }
    }
  });

  it('band check is exact at its edges', () => {
    expect(rtpInBand({ numerator: 965n, denominator: 1000n, value: 0.965 })).toBe(true);
    expect(rtpInBand({ numerator: 955n, denominator: 1000n, value: 0.955 })).toBe(true);
    expect(rtpInBand({ numerator: 96_501n, denominator: 100_000n, value: 0.96501 })).toBe(false);
    expect(rtpInBand({ numerator: 95_499n, denominator: 100_000n, value: 0.95499 })).toBe(false);
  });

  it('gives every sampled catalogue game a paytable in the band', () => {
    const games = generateCatalogueRngGames();
    expect(games.length).toBeGreaterThan(5000);
    for (let i = 0; i < games.length; i += 97) {
      const g = games[i]!;
      const theme = themeFor(g);
      expect(rtpInBand(rtpOf(theme.paytable).rtp)).toBe(true);
    }
  });
});
