import { describe, expect, it } from 'vitest';
import { createByteStream } from '../rng';
import { binomial, unrankCombination } from './common';
import {
  checkCrashLink,
  crashChain,
  crashMultiplierAtTick,
  crashPointX100,
  crashTickOf,
  diceRtp,
  limboRtp,
  MINES_CELLS,
  minesLayout,
  minesRtp,
  playDice,
  playLimbo,
  playMines,
  playPlinko,
  playTower,
  playWheel,
  plinkoRtp,
  plinkoTable,
  previousLink,
  reachesTerminal,
  settleCrashBet,
  TOWER_DIFFICULTIES,
  towerLayout,
  towerRtp,
  wheelRtp,
  wheelTable,
} from './index';

const SEED = '0f'.repeat(32);
const seeds = (nonce: number) => ({ serverSeed: SEED, clientSeed: 'rules', nonce });
const eq = (r: { numerator: bigint; denominator: bigint }, n: bigint, d: bigint) =>
  expect(r.numerator * d).toBe(n * r.denominator);

/** Every k-subset of 0..n−1 in lexicographic order, by plain recursion. */
const allSubsets = (n: number, k: number): number[][] => {
  const out: number[][] = [];
  const walk = (start: number, acc: number[]) => {
    if (acc.length === k) return void out.push([...acc]);
    for (let x = start; x <= n - (k - acc.length); x++) walk(x + 1, [...acc, x]);
  };
  walk(0, []);
  return out;
};

describe('combinations', () => {
  it('unranks every subset in lexicographic order', () => {
    for (const [n, k] of [
      [25, 3],
      [8, 4],
      [4, 1],
      [3, 2],
      [4, 3],
      [6, 6],
    ] as const) {
      const all = allSubsets(n, k);
      expect(BigInt(all.length)).toBe(binomial(n, k));
      for (const [rank, subset] of all.entries()) expect(unrankCombination(n, k, rank)).toEqual(subset);
    }
    expect(() => unrankCombination(5, 2, 10)).toThrow();
  });
});

describe('dice', () => {
  it('wins under/over the target as stated and pays floor(bet · 9900 / W)', () => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const target = 200 + ((nonce * 37) % 9000);
      const direction = nonce % 2 ? 'under' : 'over';
      const r = playDice({ ...seeds(nonce), betMinor: 777, direction, target });
      const roll = createByteStream(seeds(nonce)).uniformInt(10_000);
      expect(r.roll).toBe(roll);
      const w = direction === 'under' ? target : 9999 - target;
      expect(r.won).toBe(direction === 'under' ? roll < target : roll > target);
      expect(r.payoutMinor).toBe(r.won ? Math.floor((777 * 9900) / w) : 0);
    }
    expect(() => playDice({ ...seeds(0), betMinor: 1, direction: 'under', target: 9801 })).toThrow();
    expect(() => playDice({ ...seeds(0), betMinor: 1, direction: 'over', target: 198 })).toThrow();
    expect(() => playDice({ ...seeds(0), betMinor: 0, direction: 'over', target: 5000 })).toThrow();
  });
  it('returns exactly 99 % on every target (all 10,000 rolls counted)', () => {
    for (const [direction, target] of [
      ['under', 1],
      ['under', 4950],
      ['over', 2000],
      ['over', 9998],
    ] as const) {
      const w = direction === 'under' ? target : 9999 - target;
      let paid = 0n;
      for (let roll = 0; roll < 10_000; roll++)
        if (direction === 'under' ? roll < target : roll > target) paid += 9900n; // bet W·… scaled: pays 9900/W per unit
      eq(diceRtp(direction, target), paid, 10_000n * BigInt(w));
    }
  });
});

describe('limbo and crash', () => {
  const result = (u: number) => Math.floor((99 * 2 ** 32) / (u + 1));
  /** How many of the 2^32 draws reach t, by binary search on the (decreasing) mapping. */
  const winners = (t: number) => {
    let lo = 0;
    let hi = 2 ** 32; // first u with result < t
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (result(mid) >= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  it('RTP(t) = t · #winning draws / (100 · 2^32) for sampled targets', () => {
    for (const t of [101, 150, 200, 333, 1000, 12_345, 1_000_000, 100_000_000])
      eq(limboRtp(t), BigInt(t) * BigInt(winners(t)), 100n * 2n ** 32n);
  });
  it('wins exactly when the result reaches the target', () => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const t = 101 + nonce * 7;
      const r = playLimbo({ ...seeds(nonce), betMinor: 1000, targetX100: t });
      const raw = result(createByteStream(seeds(nonce)).nextUint32());
      expect(r.won).toBe(raw >= t);
      expect(r.resultX100).toBe(Math.min(100_000_000, Math.max(100, raw)));
      expect(r.payoutMinor).toBe(r.won ? Math.floor((1000 * t) / 100) : 0);
    }
  });
  it('builds a chain whose links hash to the one before and to the terminal hash', () => {
    const chain = crashChain(SEED, 20);
    expect(chain[20]).toBe(SEED);
    for (let r = 1; r <= 20; r++) {
      expect(previousLink(chain[r] as string)).toBe(chain[r - 1]);
      expect(reachesTerminal(chain[r] as string, r, chain[0] as string)).toBe(true);
      const check = checkCrashLink(chain[r] as string, chain[r - 1] as string, 'lobby-salt');
      expect(check.linkOk).toBe(true);
      const u = createByteStream({
        serverSeed: chain[r] as string,
        clientSeed: 'lobby-salt',
        nonce: 0,
      }).nextUint32();
      expect(check.crashX100).toBe(Math.min(100_000_000, Math.max(100, result(u))));
    }
    expect(checkCrashLink(chain[3] as string, chain[1] as string, 'lobby-salt').linkOk).toBe(false);
    expect(reachesTerminal(chain[3] as string, 2, chain[0] as string)).toBe(false);
  });
  it('pays a cash-out at or below the crash point, nothing above it', () => {
    expect(settleCrashBet({ betMinor: 500, cashoutX100: 250, crashX100: 250 })).toMatchObject({
      won: true,
      payoutMinor: 1250,
    });
    expect(settleCrashBet({ betMinor: 500, cashoutX100: 251, crashX100: 250 })).toMatchObject({
      won: false,
      payoutMinor: 0,
    });
    expect(settleCrashBet({ betMinor: 500, cashoutX100: null, crashX100: 250 }).payoutMinor).toBe(0);
    expect(() => settleCrashBet({ betMinor: 500, cashoutX100: 100, crashX100: 250 })).toThrow();
  });
  it('climbs in integer ticks and crashes at the first tick reaching the point', () => {
    let m = 100;
    for (let k = 0; k < 2000; k++) {
      expect(crashMultiplierAtTick(k)).toBe(Math.min(m, crashMultiplierAtTick(100_000)));
      m += Math.max(1, Math.floor(m / 100));
    }
    for (const c of [100, 101, 199, 200, 1234, 99_999, 100_000_000]) {
      const k = crashTickOf(c);
      expect(crashMultiplierAtTick(k)).toBeGreaterThanOrEqual(c);
      if (k > 0) expect(crashMultiplierAtTick(k - 1)).toBeLessThan(c);
    }
    expect(crashPointX100(SEED, 'a')).toBe(crashPointX100(SEED, 'a'));
  });
});

describe('plinko', () => {
  it('follows the bits of one draw and lands in the bucket of its right bounces', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const rows = 8 + (nonce % 9);
      const r = playPlinko({ ...seeds(nonce), betMinor: 1000, rows, risk: 'medium' });
      const d = createByteStream(seeds(nonce)).nextUint32() % 2 ** rows;
      const bits = d.toString(2).padStart(rows, '0').split('').map(Number);
      expect(r.path).toEqual(bits);
      expect(r.bucket).toBe(bits.filter((b) => b === 1).length);
      expect(r.payoutMinor).toBe(
        Math.floor((1000 * (plinkoTable('medium', rows)[r.bucket] as number)) / 100),
      );
    }
  });
  it('has the binomial RTP of every table (all 2^rows paths counted), symmetric tables, 98.5–99 %', () => {
    for (const risk of ['low', 'medium', 'high'] as const)
      for (let rows = 8; rows <= 16; rows++) {
        const table = plinkoTable(risk, rows);
        expect(table).toEqual([...table].reverse());
        let sum = 0n;
        for (let d = 0; d < 2 ** rows; d++) {
          let ones = 0;
          for (let x = d; x > 0; x >>= 1) ones += x & 1;
          sum += BigInt(table[ones] as number);
        }
        const rtp = plinkoRtp(risk, rows);
        eq(rtp, sum, 100n * 2n ** BigInt(rows));
        expect(rtp.value).toBeGreaterThanOrEqual(0.985);
        expect(rtp.value).toBeLessThanOrEqual(0.99);
      }
  });
});

describe('mines', () => {
  it('places the mines of the drawn rank and ends at the first mine', () => {
    const layout = minesLayout({ ...seeds(4), mines: 5 });
    const rank = createByteStream(seeds(4)).uniformInt(53_130); // C(25,5)
    expect(layout).toEqual(allSubsets(25, 5)[rank]);
    const safe = [...Array(25).keys()].filter((c) => !layout.includes(c));
    const won = playMines({ ...seeds(4), betMinor: 1000, mines: 5, picks: safe.slice(0, 3) });
    // 0.99 · C(25,3) / C(20,3) = 0.99 · 2300 / 1140
    expect(won).toMatchObject({
      hitMine: false,
      safeCount: 3,
      payoutMinor: Math.floor((1000 * 99 * 2300) / (100 * 1140)),
    });
    const lost = playMines({
      ...seeds(4),
      betMinor: 1000,
      mines: 5,
      picks: [safe[0] as number, layout[0] as number],
    });
    expect(lost).toMatchObject({ hitMine: true, safeCount: 1, payoutMinor: 0 });
    expect(() =>
      playMines({ ...seeds(4), betMinor: 1000, mines: 5, picks: [layout[0] as number, safe[0] as number] }),
    ).toThrow();
    expect(() =>
      playMines({ ...seeds(4), betMinor: 1000, mines: 5, picks: [safe[0] as number, safe[0] as number] }),
    ).toThrow();
    expect(() => playMines({ ...seeds(4), betMinor: 1000, mines: 25, picks: [0] })).toThrow();
  });
  it('returns exactly 99 % for every cash-out (all layouts counted for 3 and 22 mines)', () => {
    for (const m of [3, 22]) {
      const layouts = allSubsets(MINES_CELLS, m);
      for (let k = 1; k <= MINES_CELLS - m; k++) {
        const picks = [...Array(k).keys()].map((i) => 24 - i);
        const safe = layouts.filter((l) => picks.every((p) => !l.includes(p))).length;
        const rtp = minesRtp(m, k);
        eq(rtp, 99n, 100n);
        // P(k safe) counted over the layouts times the multiplier 0.99 · C(25,k)/C(25−m,k)
        eq(rtp, BigInt(safe) * 99n * binomial(25, k), BigInt(layouts.length) * 100n * binomial(25 - m, k));
      }
    }
  });
});

describe('tower', () => {
  it('fixes every level from the digits of one draw', () => {
    for (const [difficulty, { tiles, traps }] of Object.entries(TOWER_DIFFICULTIES)) {
      const b = allSubsets(tiles, traps).length;
      const d = createByteStream(seeds(9)).uniformInt(b ** 8);
      const layout = towerLayout({ ...seeds(9), difficulty: difficulty as keyof typeof TOWER_DIFFICULTIES });
      for (const [i, level] of layout.entries())
        expect(level).toEqual(allSubsets(tiles, traps)[Math.floor(d / b ** i) % b]);
    }
  });
  it('pays 99 % of the fair multiplier and returns exactly 99 % (every layout counted)', () => {
    for (const [difficulty, { tiles, traps }] of Object.entries(TOWER_DIFFICULTIES)) {
      const name = difficulty as keyof typeof TOWER_DIFFICULTIES;
      const safe = tiles - traps;
      for (let k = 1; k <= 8; k++) {
        // P(k safe levels) for a fixed pick per level: (layouts avoiding the pick / all layouts)^k
        const level = allSubsets(tiles, traps);
        const avoid = level.filter((l) => !l.includes(0)).length;
        eq(
          towerRtp(name, k),
          BigInt(avoid) ** BigInt(k) * 99n * BigInt(tiles) ** BigInt(k),
          BigInt(level.length) ** BigInt(k) * 100n * BigInt(safe) ** BigInt(k),
        );
      }
    }
    const layout = towerLayout({ ...seeds(2), difficulty: 'easy' });
    const picks = layout.slice(0, 3).map((traps) => [0, 1, 2, 3].find((t) => !traps.includes(t)) as number);
    expect(playTower({ ...seeds(2), betMinor: 1000, difficulty: 'easy', picks })).toMatchObject({
      climbed: 3,
      payoutMinor: Math.floor((1000 * 99 * 64) / (100 * 27)),
    });
    const trap = layout[3]?.[0] as number;
    expect(
      playTower({ ...seeds(2), betMinor: 1000, difficulty: 'easy', picks: [...picks, trap] }),
    ).toMatchObject({
      hitTrap: true,
      payoutMinor: 0,
    });
  });
});

describe('wheel', () => {
  it('lands on a uniform segment and every table sums to 99 × segments', () => {
    for (const risk of ['low', 'medium', 'high'] as const)
      for (const s of [10, 20, 30, 40, 50]) {
        const table = wheelTable(risk, s);
        expect(table).toHaveLength(s);
        expect(table.reduce((a, b) => a + b, 0)).toBe(99 * s);
        eq(wheelRtp(risk, s), 99n, 100n);
      }
    const r = playWheel({ ...seeds(1), betMinor: 300, segments: 30, risk: 'medium' });
    expect(r.segment).toBe(createByteStream(seeds(1)).uniformInt(30));
    expect(r.payoutMinor).toBe(Math.floor((300 * (wheelTable('medium', 30)[r.segment] as number)) / 100));
  });
});
