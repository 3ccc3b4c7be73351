import { describe, expect, it } from 'vitest';
import { evaluateStops, windowOf } from '../engine';
import { createByteStream } from '../rng';
import {
  CASH,
  type HoldWinTable,
  holdWinChain,
  holdWinPaytable,
  holdWinRtp,
  holdWinRtpOf,
  holdWinTable,
  spinHoldWin,
} from './index';

const SEED = '5a'.repeat(32);

type Q = { n: bigint; d: bigint };
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const q = (n: bigint, d = 1n): Q => {
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const plus = (a: Q, b: Q) => q(a.n * b.d + b.n * a.d, a.d * b.d);
const times = (a: Q, b: Q) => q(a.n * b.n, a.d * b.d);
const choose = (m: number, j: number) => {
  let c = 1n;
  for (let i = 1; i <= j; i++) c = (c * BigInt(m - i + 1)) / BigInt(i);
  return c;
};

/** E(final count) and P(all 15) from n0 held, by pushing the state distribution forward until absorbed. */
const forward = (n0: number, landNum: number, landDen: number) => {
  let dist = new Map<string, Q>([[`${n0},3`, q(1n)]]);
  let expected = q(0n);
  let full = q(0n);
  const p = q(BigInt(landNum), BigInt(landDen));
  const miss = q(BigInt(landDen - landNum), BigInt(landDen));
  const pow = (x: Q, k: number) => q(x.n ** BigInt(k), x.d ** BigInt(k));
  while (dist.size > 0) {
    const next = new Map<string, Q>();
    for (const [key, mass] of dist) {
      const [n, r] = key.split(',').map(Number) as [number, number];
      if (r === 0 || n === 15) {
        expected = plus(expected, times(mass, q(BigInt(n))));
        if (n === 15) full = plus(full, mass);
        continue;
      }
      const m = 15 - n;
      for (let j = 0; j <= m; j++) {
        const to = j > 0 ? `${n + j},3` : `${n},${r - 1}`;
        const w = times(mass, times(q(choose(m, j)), times(pow(p, j), pow(miss, m - j))));
        next.set(to, plus(next.get(to) ?? q(0n), w));
      }
    }
    dist = next;
  }
  return { expected, full };
};

/** A feature started with n cash symbols is worth v̄ · E + grand · F coins (forward computation). */
const forwardValue = (t: HoldWinTable) => (n: number) => {
  const f = forward(n, t.landNum, t.landDen);
  const W = t.coinWeights.reduce((a, b) => a + b, 0);
  const mean = q(
    BigInt(t.coinValues.reduce((a, v, i) => a + v * (t.coinWeights[i] as number), 0)),
    BigInt(W),
  );
  return plus(times(mean, f.expected), times(q(BigInt(t.grand)), f.full));
};

describe('hold and win', () => {
  it('spins the base game, draws cash values, and plays the feature by the documented draws', () => {
    let triggered = 0;
    for (let nonce = 0; nonce < 600; nonce++) {
      const r = spinHoldWin({
        serverSeed: SEED,
        clientSeed: 'h',
        nonce,
        betMinor: 100,
        volatility: 'medium',
      });
      const t = holdWinTable('medium');
      const stream = createByteStream({ serverSeed: SEED, clientSeed: 'h', nonce });
      const stops = t.strips.map((s) => stream.uniformInt(s.length));
      expect(r.stops).toEqual(stops);
      const grid = t.strips.map((s, i) => windowOf(s, stops[i] as number));
      expect(r.grid).toEqual(grid);
      const W = t.coinWeights.reduce((a, b) => a + b, 0);
      const value = () => {
        let byte = stream.nextByte();
        while (byte >= Math.floor(256 / W) * W) byte = stream.nextByte();
        let x = byte % W;
        let i = 0;
        while (x >= (t.coinWeights[i] as number)) x -= t.coinWeights[i++] as number;
        return t.coinValues[i] as number;
      };
      const cash: [number, number][] = [];
      for (let c = 0; c < 15; c++) if (grid[Math.floor(c / 3)]?.[c % 3] === CASH) cash.push([c, value()]);
      expect(r.cash).toEqual(cash);
      const held = new Map(cash);
      if (cash.length >= 6) {
        triggered += 1;
        let left = 3;
        for (const respin of r.respins) {
          const landed: [number, number][] = [];
          for (let c = 0; c < 15; c++)
            if (!held.has(c) && stream.uniformInt(t.landDen) < t.landNum) landed.push([c, value()]);
          expect(respin.landed).toEqual(landed);
          for (const [c, v] of landed) held.set(c, v);
          left = landed.length ? 3 : left - 1;
          expect(respin.respinsLeft).toBe(left);
        }
        expect(left === 0 || held.size === 15).toBe(true);
      } else {
        expect(r.respins).toEqual([]);
        held.clear();
      }
      const featureCoins = [...held.values()].reduce((a, b) => a + b, 0) + (held.size === 15 ? t.grand : 0);
      const lineCoins = evaluateStops(holdWinPaytable(t), stops).coins;
      expect([r.featureCoins, r.lineCoins]).toEqual([featureCoins, lineCoins]);
      expect(r.payoutMinor).toBe((featureCoins + lineCoins) * 5);
    }
    expect(triggered).toBeGreaterThan(0);
  });

  it('solves the respin chain exactly (forward distribution agrees with the recursion)', () => {
    const t = holdWinTable('low');
    const { expected, full } = holdWinChain(t);
    for (const n0 of [6, 10, 14]) {
      const f = forward(n0, t.landNum, t.landDen);
      expect(f.expected.n * expected[n0]!.d).toBe(expected[n0]!.n * f.expected.d);
      expect(f.full.n * full[n0]!.d).toBe(full[n0]!.n * f.full.d);
    }
  });

  it('has the exact RTP of a full enumeration on small strips', () => {
    const small: HoldWinTable = {
      strips: [
        [1, 2, 6, 1],
        [1, 0, 7, 1, 3],
        [1, 6, 1, 2],
        [0, 1, 8, 1],
        [1, 9, 1, 6],
      ],
      pays: [
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
        ...Array.from({ length: 8 }, () => [0, 0, 0, 5, 10, 20]),
      ],
      coinValues: [10, 20, 50],
      coinWeights: [5, 3, 2],
      landNum: 1,
      landDen: 4,
      grand: 500,
    };
    const values = forwardValue(small);
    let lineCoins = 0n;
    const triggers = new Map<number, bigint>(); // cash count → combinations
    let combos = 0n;
    const lens = small.strips.map((x) => x.length);
    const stops = [0, 0, 0, 0, 0];
    const visit = (reel: number) => {
      if (reel === 5) {
        combos += 1n;
        const e = evaluateStops(holdWinPaytable(small), stops);
        lineCoins += BigInt(e.coins);
        if (e.scatterCount >= 6) triggers.set(e.scatterCount, (triggers.get(e.scatterCount) ?? 0n) + 1n);
        return;
      }
      for (let s = 0; s < (lens[reel] as number); s++) {
        stops[reel] = s;
        visit(reel + 1);
      }
    };
    visit(0);
    let total = q(lineCoins);
    for (const [n, count] of triggers) total = plus(total, times(q(count), values(n)));
    expect(triggers.size).toBeGreaterThan(0);
    const rtp = holdWinRtpOf(small).rtp;
    // RTP = total / (combinations · 20 coins)
    expect(rtp.numerator * total.d * combos * 20n).toBe(total.n * rtp.denominator);
  });

  it('has an exact RTP in 96 % ± 0.5 % for every volatility', () => {
    for (const v of ['low', 'medium', 'high'] as const) {
      const r = holdWinRtp(v);
      expect(r.rtp.value).toBeGreaterThanOrEqual(0.955);
      expect(r.rtp.value).toBeLessThanOrEqual(0.965);
      expect(r.feature.value).toBeGreaterThan(0.1);
    }
  });
});
