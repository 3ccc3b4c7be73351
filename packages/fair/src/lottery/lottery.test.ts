import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type BetSelection,
  type BetType,
  chainLink,
  DEFAULT_PAYOUTS,
  drawNumbers,
  GENESIS_LINK,
  issueClientSeed,
  KIND_BET_TYPES,
  KIND_SHAPES,
  LOTTERY_KINDS,
  type LotteryKind,
  lotteryRtpOf,
  normalizeSelection,
  outcomeOf,
  payoutOf,
  verifyDraw,
} from '../index';

const SEED = 'a'.repeat(64);

/** An independent reading of the stream: node's HMAC, 4-byte big-endian draws, rejection. */
const referenceStream = (serverSeed: string, clientSeed: string) => {
  let cursor = 0;
  let block = Buffer.alloc(0);
  let offset = 32;
  const nextUint32 = () => {
    const bytes: number[] = [];
    while (bytes.length < 4) {
      if (offset === 32) {
        block = createHmac('sha256', serverSeed).update(`${clientSeed}:0:${cursor}`).digest();
        cursor += 1;
        offset = 0;
      }
      bytes.push(block[offset++] as number);
    }
    return (
      (bytes[0] as number) * 2 ** 24 +
      (bytes[1] as number) * 2 ** 16 +
      (bytes[2] as number) * 256 +
      (bytes[3] as number)
    );
  };
  return (n: number) => {
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const d = nextUint32();
      if (d < limit) return d % n;
    }
  };
};

describe('lottery draws', () => {
  it('draws the shape of each kind, the same for the same seeds, as an independent reading of the stream', () => {
    for (const kind of LOTTERY_KINDS) {
      const shape = KIND_SHAPES[kind];
      const clientSeed = issueClientSeed('G', `20261127-${kind}`);
      const numbers = drawNumbers(kind, SEED, clientSeed);
      expect(numbers).toHaveLength(shape.count);
      expect(drawNumbers(kind, SEED, clientSeed)).toEqual(numbers);
      for (const n of numbers) expect(n >= shape.min && n <= shape.max).toBe(true);
      if (shape.distinct) expect(new Set(numbers).size).toBe(shape.count);
      // Reference: plain draws, or a partial Fisher–Yates over min..max.
      const uniform = referenceStream(SEED, clientSeed);
      const size = shape.max - shape.min + 1;
      let expected: number[];
      if (shape.distinct) {
        const pool = Array.from({ length: size }, (_, i) => shape.min + i);
        expected = [];
        for (let i = 0; i < shape.count; i++) {
          const j = i + uniform(size - i);
          [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
          expected.push(pool[i] as number);
        }
      } else {
        expected = Array.from({ length: shape.count }, () => shape.min + uniform(size));
      }
      expect(numbers).toEqual(expected);
    }
  });

  it('keno numbers are uniform over 1..80 (chi-square over 4,000 draws)', () => {
    const counts = new Array(81).fill(0);
    for (let i = 0; i < 4000; i++) for (const n of drawNumbers('keno', SEED, `K-${i}`)) counts[n] += 1;
    const expected = (4000 * 20) / 80;
    const chi = counts.slice(1).reduce((s: number, c: number) => s + (c - expected) ** 2 / expected, 0);
    // 79 degrees of freedom: the 99.9 % point is about 124.
    expect(chi).toBeLessThan(124);
  });

  it('verifies a draw and its chain link, and catches a changed seed, number or link', () => {
    const serverSeed = 'b'.repeat(64);
    const numbers = drawNumbers('digits5', serverSeed, issueClientSeed('F5D', '20261127-0001'));
    const link = createHash('sha256')
      .update(`${GENESIS_LINK}|F5D|20261127-0001|${serverSeed}|${numbers.join(',')}`)
      .digest('hex');
    expect(
      chainLink({
        previousLink: GENESIS_LINK,
        gameCode: 'F5D',
        issueNo: '20261127-0001',
        serverSeed,
        numbers,
      }),
    ).toBe(link);
    const proof = {
      kind: 'digits5' as const,
      gameCode: 'F5D',
      issueNo: '20261127-0001',
      serverSeed,
      commitment: createHash('sha256').update(serverSeed).digest('hex'),
      numbers,
      previousLink: GENESIS_LINK,
      link,
    };
    expect(verifyDraw(proof).ok).toBe(true);
    expect(verifyDraw({ ...proof, serverSeed: 'c'.repeat(64) }).commitmentMatches).toBe(false);
    expect(
      verifyDraw({ ...proof, numbers: [...numbers.slice(0, 4), (numbers[4]! + 1) % 10] }).numbersMatch,
    ).toBe(false);
    expect(verifyDraw({ ...proof, previousLink: 'f'.repeat(64) }).linkMatches).toBe(false);
  });
});

// ---- brute-force model: each bet type's payout written out from its rule, independently ----

const rand = (n: number) => Math.floor(Math.random() * n);
const randomDraw = (kind: LotteryKind): number[] => {
  const s = KIND_SHAPES[kind];
  const size = s.max - s.min + 1;
  if (!s.distinct) return Array.from({ length: s.count }, () => s.min + rand(size));
  const all = Array.from({ length: size }, (_, i) => s.min + i).sort(() => Math.random() - 0.5);
  return all.slice(0, s.count);
};
const distinctOf = (count: number, min: number, max: number) => {
  const out: number[] = [];
  while (out.length < count) {
    const n = min + rand(max - min + 1);
    if (!out.includes(n)) out.push(n);
  }
  return out;
};

const randomSelection = (kind: LotteryKind, type: BetType): BetSelection => {
  const s = KIND_SHAPES[kind];
  switch (type) {
    case 'pick': {
      const max = kind === 'keno' ? 10 : s.count;
      return { numbers: distinctOf(1 + rand(max), s.min, s.max) };
    }
    case 'position':
      return { position: 1 + rand(s.count), numbers: [rand(10)] };
    case 'straight':
      // Near-misses are the interesting cases: copy most of a draw.
      return { numbers: Array.from({ length: s.count }, () => rand(3)) };
    case 'bigsmall':
      return { position: rand(s.count + 1), side: rand(2) ? 'big' : 'small' };
    case 'oddeven':
      return { position: rand(s.count + 1), side: rand(2) ? 'odd' : 'even' };
    case 'dragontiger':
      return { side: ['dragon', 'tiger', 'tie'][rand(3)] as string };
    default:
      return { numbers: [1 + rand(10)] };
  }
};

/** The model: what the rules say a bet pays, counted by hand. */
const modelPayout = (kind: LotteryKind, type: BetType, sel: BetSelection, drawn: number[], stake: bigint) => {
  const table = DEFAULT_PAYOUTS[kind][type] ?? {};
  const pays = (milli: number | undefined) => (stake * BigInt(milli ?? 0)) / 1000n;
  const nums = sel.numbers ?? [];
  let total = 0;
  for (const d of drawn) total += d;
  const value = sel.position === 0 ? total : drawn[(sel.position ?? 1) - 1]!;
  switch (type) {
    case 'pick': {
      let hits = 0;
      for (const n of nums) for (const d of drawn) if (n === d) hits++;
      return pays(table[`${nums.length}:${hits}`]);
    }
    case 'position':
      return String(drawn[sel.position! - 1]) === String(nums[0]) ? pays(table.hit) : 0n;
    case 'straight':
      return drawn.join('') === nums.join('') ? pays(table.hit) : 0n;
    case 'bigsmall': {
      const mid = (9 * drawn.length) / 2;
      const big = sel.position === 0 ? total > mid : value > 4;
      const small = sel.position === 0 ? total < mid : value < 5;
      return (sel.side === 'big' && big) || (sel.side === 'small' && small) ? pays(table.hit) : 0n;
    }
    case 'oddeven':
      return (sel.side === 'odd') === (value % 2 !== 0) ? pays(table.hit) : 0n;
    case 'dragontiger': {
      const a = drawn[0]!;
      const b = drawn[drawn.length - 1]!;
      if (sel.side === 'dragon') return a > b ? pays(table.dragon) : 0n;
      if (sel.side === 'tiger') return a < b ? pays(table.tiger) : 0n;
      return a === b ? pays(table.tie) : 0n;
    }
    case 'first':
      return drawn[0] === nums[0] ? pays(table.hit) : 0n;
    case 'top3':
      return drawn[0] === nums[0] || drawn[1] === nums[0] || drawn[2] === nums[0] ? pays(table.hit) : 0n;
  }
  return -1n;
};

describe('bet evaluation against a brute-force model', () => {
  for (const kind of LOTTERY_KINDS) {
    for (const type of KIND_BET_TYPES[kind]) {
      it(`${kind} ${type}: 100,000 random draws, 0 mismatches`, () => {
        let mismatches = 0;
        let wins = 0;
        for (let i = 0; i < 100_000; i++) {
          const drawn = randomDraw(kind);
          const sel = normalizeSelection(kind, type, randomSelection(kind, type));
          const stake = BigInt(1 + rand(100_000));
          const paid = payoutOf(stake, DEFAULT_PAYOUTS[kind][type] ?? {}, outcomeOf(kind, type, sel, drawn));
          if (paid !== modelPayout(kind, type, sel, drawn, stake)) mismatches++;
          if (paid > 0n) wins++;
        }
        expect(mismatches).toBe(0);
        expect(wins).toBeGreaterThan(0);
      });
    }
  }
});

describe('selections', () => {
  it('refuses what a kind does not take', () => {
    expect(() => normalizeSelection('keno', 'pick', { numbers: [] })).toThrow(/pick count/);
    expect(() =>
      normalizeSelection('keno', 'pick', { numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }),
    ).toThrow();
    expect(() => normalizeSelection('keno', 'pick', { numbers: [81] })).toThrow(/range/);
    expect(() => normalizeSelection('keno', 'pick', { numbers: [5, 5] })).toThrow(/twice/);
    expect(() => normalizeSelection('keno', 'position', { numbers: [5] })).toThrow(/takes no/);
    expect(() => normalizeSelection('digits5', 'position', { position: 6, numbers: [1] })).toThrow(
      /position/,
    );
    expect(() => normalizeSelection('digits5', 'bigsmall', { position: 0, side: 'odd' })).toThrow(/side/);
    expect(normalizeSelection('keno', 'pick', { numbers: [9, 3, 41] })).toEqual({ numbers: [3, 9, 41] });
  });
});

describe('exact RTP', () => {
  it('matches an enumeration for digits, racing and keno pick 1', () => {
    // Digits 5: every one of the 100,000 results, bet "sum big" and "dragon".
    let big = 0;
    let dragon = 0;
    for (let r = 0; r < 100_000; r++) {
      const d = String(r).padStart(5, '0').split('').map(Number);
      if (d.reduce((a, b) => a + b, 0) >= 23) big++;
      if (d[0]! > d[4]!) dragon++;
    }
    const report = lotteryRtpOf('digits5', 'bigsmall', { hit: 1900 });
    expect(report.classes.find((c) => c.label === 'sum big')!.rtpBp).toBe(
      Math.floor((big * 1900 * 10) / 100_000),
    );
    const dt = lotteryRtpOf('digits5', 'dragontiger', { dragon: 2110, tiger: 2110, tie: 9500 });
    expect(dt.classes.find((c) => c.label === 'dragon')!.rtpBp).toBe(
      Math.floor((dragon * 2110 * 10) / 100_000),
    );
    // Racing top 3: 3 places of 10 → 30 %.
    expect(lotteryRtpOf('racing10', 'top3', { hit: 3160 }).maxRtpBp).toBe(9480);
    // Keno pick 1: 20 of 80 → 25 %.
    expect(lotteryRtpOf('keno', 'pick', { '1:1': 3800 }).classes[0]!.rtpBp).toBe(9500);
  });

  it('keno pick 4 matches the hypergeometric law in floating point', () => {
    const c = (n: number, k: number) => {
      let r = 1;
      for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
      return r;
    };
    const table = DEFAULT_PAYOUTS.keno.pick!;
    let rtp = 0;
    for (let h = 0; h <= 4; h++)
      rtp += ((c(20, h) * c(60, 4 - h)) / c(80, 4)) * ((table[`4:${h}`] ?? 0) / 1000);
    expect(lotteryRtpOf('keno', 'pick', table).classes[3]!.rtpBp).toBe(Math.floor(rtp * 10000 + 1e-9));
  });

  it('every default table is between 94 % and 96 % and none is above 100 %', () => {
    for (const kind of LOTTERY_KINDS) {
      for (const type of KIND_BET_TYPES[kind]) {
        const report = lotteryRtpOf(kind, type, DEFAULT_PAYOUTS[kind][type] ?? {});
        expect(report.aboveHundred, `${kind} ${type}`).toBe(false);
        expect(report.maxRtpBp, `${kind} ${type}`).toBeGreaterThanOrEqual(9400);
        expect(report.maxRtpBp, `${kind} ${type}`).toBeLessThanOrEqual(9600);
      }
    }
  });

  it('flags a table above 100 %', () => {
    expect(lotteryRtpOf('racing10', 'first', { hit: 10_010 }).aboveHundred).toBe(true);
    expect(lotteryRtpOf('racing10', 'first', { hit: 10_000 }).aboveHundred).toBe(false);
  });
});
