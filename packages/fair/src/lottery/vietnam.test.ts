import { describe, expect, it } from 'vitest';
import {
  drawVnResult,
  normalizeVnSelection,
  VN_BET_SHAPE,
  VN_BET_TYPES,
  type VnBetType,
  type VnRegion,
  type VnResult,
  vnPayoutOf,
  vnTimesWon,
} from '../index';

const SEED = 'd'.repeat(64);

describe('Vietnamese results', () => {
  it('have the official structure: North 27 numbers, South and Central 18 ending in G8', () => {
    const north = drawVnResult('north', SEED, 'VNN-20261127');
    expect(north.prizes.flatMap((p) => p.numbers)).toHaveLength(27);
    expect(north.prizes.map((p) => [p.prize, p.numbers.length, p.numbers[0]?.length])).toEqual([
      ['DB', 1, 5],
      ['G1', 1, 5],
      ['G2', 2, 5],
      ['G3', 6, 5],
      ['G4', 4, 4],
      ['G5', 6, 4],
      ['G6', 3, 3],
      ['G7', 4, 2],
    ]);
    const south = drawVnResult('south', SEED, 'VNS-20261127');
    expect(south.prizes.flatMap((p) => p.numbers)).toHaveLength(18);
    expect(south.prizes.at(-1)).toMatchObject({ prize: 'G8' });
    expect(south.prizes[0]?.numbers[0]).toMatch(/^[0-9]{6}$/);
    // Tails: 27 / 23 / 20 in the North, 18 / 17 / 16 in the South (domain §A1.1).
    const count = (r: VnResult, d: number) =>
      r.prizes.flatMap((p) => p.numbers).filter((n) => n.length >= d).length;
    expect([count(north, 2), count(north, 3), count(north, 4)]).toEqual([27, 23, 20]);
    expect([count(south, 2), count(south, 3), count(south, 4)]).toEqual([18, 17, 16]);
  });
});

// ---- model: each bet type written out from the rule, over random results ----

const rand = (n: number) => Math.floor(Math.random() * n);
const digitsOf = (d: number) => Array.from({ length: d }, () => rand(10)).join('');
const randomResult = (region: VnRegion): VnResult => {
  const shape =
    region === 'north'
      ? [
          ['DB', 1, 5],
          ['G1', 1, 5],
          ['G2', 2, 5],
          ['G3', 6, 5],
          ['G4', 4, 4],
          ['G5', 6, 4],
          ['G6', 3, 3],
          ['G7', 4, 2],
        ]
      : [
          ['DB', 1, 6],
          ['G1', 1, 5],
          ['G2', 1, 5],
          ['G3', 2, 5],
          ['G4', 7, 5],
          ['G5', 1, 4],
          ['G6', 3, 4],
          ['G7', 1, 3],
          ['G8', 1, 2],
        ];
  return {
    region,
    prizes: shape.map(([prize, n, d]) => ({
      prize: prize as string,
      numbers: Array.from({ length: n as number }, () => digitsOf(d as number)),
    })),
  };
};

const modelTimes = (type: VnBetType, picks: string[], r: VnResult) => {
  const all = r.prizes.flatMap((p) => p.numbers);
  const db = r.prizes[0]!.numbers[0]!;
  const endsWith = (n: string, pick: string) => n.length >= pick.length && n.endsWith(pick);
  if (type.startsWith('lo')) return all.filter((n) => endsWith(n, picks[0]!)).length;
  if (type === 'de') return endsWith(db, picks[0]!) ? 1 : 0;
  if (type === 'dau') return db[db.length - 2] === picks[0] ? 1 : 0;
  if (type === 'duoi') return db[db.length - 1] === picks[0] ? 1 : 0;
  if (type.startsWith('cang')) return endsWith(db, picks[0]!) ? 1 : 0;
  const appears = (pick: string) => all.some((n) => endsWith(n, pick));
  if (type.startsWith('xien')) return picks.every(appears) ? 1 : 0;
  return picks.some(appears) ? 0 : 1;
};

describe('VN bets against a brute-force model', () => {
  for (const type of VN_BET_TYPES) {
    it(`${type}: 100,000 random results, 0 mismatches`, () => {
      const shape = VN_BET_SHAPE[type];
      let mismatches = 0;
      let wins = 0;
      for (let i = 0; i < 100_000; i++) {
        const r = randomResult((['north', 'south', 'central'] as const)[i % 3]!);
        const picks = new Set<string>();
        // Tails that are in the result half the time, so wins happen.
        while (picks.size < shape.picks) {
          const source = rand(2) ? r.prizes.flatMap((p) => p.numbers)[rand(18)]! : digitsOf(6);
          picks.add(source.slice(-shape.digits).padStart(shape.digits, '0'));
        }
        const sel = normalizeVnSelection(type, [...picks]);
        const times = vnTimesWon(type, sel, r);
        if (times !== modelTimes(type, sel, r)) mismatches++;
        if (times > 0) wins++;
        if (vnPayoutOf(1000n, 99_000, times) !== BigInt(99 * 1000 * times)) mismatches++;
      }
      expect(mismatches).toBe(0);
      expect(wins).toBeGreaterThan(0);
    });
  }

  it('counts a lô once per occurrence and a xiên once', () => {
    const r: VnResult = {
      region: 'south',
      prizes: [
        { prize: 'DB', numbers: ['123456'] },
        { prize: 'G7', numbers: ['756'] },
        { prize: 'G8', numbers: ['56'] },
      ],
    };
    expect(vnTimesWon('lo2', ['56'], r)).toBe(3);
    expect(vnTimesWon('xien2', ['56', '56'.replace('5', '7')], r)).toBe(0);
    expect(vnTimesWon('de', ['56'], r)).toBe(1);
    expect(vnTimesWon('dau', ['5'], r)).toBe(1);
    expect(vnTimesWon('cang3', ['456'], r)).toBe(1);
    expect(() => normalizeVnSelection('xien2', ['12', '12'])).toThrow(/twice/);
    expect(() => normalizeVnSelection('de', ['123'])).toThrow();
  });
});
