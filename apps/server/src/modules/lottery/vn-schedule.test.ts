import { commitmentOf, VN_BET_TYPES } from '@khela/fair';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VN_PAYOUTS, vnRtpBp } from './vn-payouts';
import { demoResultOf, vnResultOf } from './vn-results';
import { vnDateOf, vnDrawsOn } from './vn-schedule';

/*
 * The Vietnamese lotteries' calendar and result structure (pure): stations per weekday at the
 * official Vietnamese times, the demo drawer's official layout, results checked against it, RTP.
 */

const count = (result: { prizes: { numbers: string[] }[] }) =>
  result.prizes.reduce((n, p) => n + p.numbers.length, 0);

describe('draw calendar', () => {
  it('draws the stations of each weekday at 16:15 / 17:15 / 18:15 Vietnamese time', () => {
    // Friday 27 Nov 2026: South Vĩnh Long, Bình Dương, Trà Vinh at 16:15 (09:15 UTC).
    const south = vnDrawsOn('south', '2026-11-27');
    expect(south.map((d) => d.issueNo)).toEqual(['20261127-VL', '20261127-BD', '20261127-TV']);
    expect(south[0]?.drawsAt.toISOString()).toBe('2026-11-27T09:15:00.000Z');
    expect(south[0]?.locksAt.toISOString()).toBe('2026-11-27T09:14:00.000Z');
    // Central Gia Lai, Ninh Thuận at 17:15 (10:15 UTC); North Hải Phòng at 18:15 (11:15 UTC).
    expect(vnDrawsOn('central', '2026-11-27').map((d) => d.station)).toEqual(['GL', 'NT']);
    expect(vnDrawsOn('central', '2026-11-27')[0]?.drawsAt.toISOString()).toBe('2026-11-27T10:15:00.000Z');
    expect(vnDrawsOn('north', '2026-11-27').map((d) => [d.station, d.drawsAt.toISOString()])).toEqual([
      ['HP', '2026-11-27T11:15:00.000Z'],
    ]);
    // Saturday: the South draws 4 stations.
    expect(vnDrawsOn('south', '2026-11-28').map((d) => d.station)).toEqual(['HCM', 'LA', 'BP', 'HG']);
    // A week of the North: Mon Hà Nội … Sun Thái Bình (30 Nov 2026 is a Monday).
    const week = ['30', '01', '02', '03', '04', '05', '06'].map((d, i) =>
      vnDrawsOn('north', i === 0 ? `2026-11-${d}` : `2026-12-${d}`).map((x) => x.station),
    );
    expect(week).toEqual([['HN'], ['QN'], ['BN'], ['HN'], ['HP'], ['ND'], ['TB']]);
  });

  it('dates a moment by the Vietnamese day (UTC+7)', () => {
    expect(vnDateOf(new Date('2026-11-27T16:59:59Z'))).toBe('2026-11-27');
    expect(vnDateOf(new Date('2026-11-27T17:00:00Z'))).toBe('2026-11-28');
  });
});

describe('result structure', () => {
  it('the demo drawer makes 27 North and 18 South/Central numbers of the official digits', () => {
    const seed = 'ab'.repeat(32);
    const north = demoResultOf({ region: 'north', issueNo: '20261127-HP', serverSeed: seed });
    expect(count(north)).toBe(27);
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
    const south = demoResultOf({ region: 'south', issueNo: '20261127-VL', serverSeed: seed });
    expect(count(south)).toBe(18);
    expect(south.prizes.map((p) => p.prize)).toEqual(['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8']);
    expect(south.prizes[0]?.numbers[0]).toMatch(/^[0-9]{6}$/);
    expect(south.prizes[8]?.numbers[0]).toMatch(/^[0-9]{2}$/);
    // The same seed and draw give the same result (anyone can recompute it once the seed is out).
    expect(demoResultOf({ region: 'north', issueNo: '20261127-HP', serverSeed: seed })).toEqual(north);
    expect(commitmentOf(seed)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a result of the official structure only', () => {
    const north = demoResultOf({ region: 'north', issueNo: 'x', serverSeed: 'cd'.repeat(32) });
    expect(vnResultOf('north', { prizes: north.prizes })).toEqual(north);
    const shortG7 = north.prizes.map((p) => (p.prize === 'G7' ? { ...p, numbers: p.numbers.slice(1) } : p));
    expect(() => vnResultOf('north', { prizes: shortG7 })).toThrow(/result/);
    const threeDigitG7 = north.prizes.map((p) =>
      p.prize === 'G7' ? { ...p, numbers: ['123', '1', '2', '3'] } : p,
    );
    expect(() => vnResultOf('north', { prizes: threeDigitG7 })).toThrow();
    expect(() => vnResultOf('south', { prizes: north.prizes })).toThrow();
  });
});

describe('default payouts', () => {
  it('keeps every bet type under 100 % RTP', () => {
    // Lô 2 số North: 27 tails → 0.27 wins per unit × 3.6 = 97.2 %; South: 0.18 × 5.4 = 97.2 %.
    expect(vnRtpBp('north', 'lo2', 3_600)).toBe(9720);
    expect(vnRtpBp('south', 'lo2', 5_400)).toBe(9720);
    // Đề 95× → 95 %; xiên 2 North: P(both of 2 tails among 27) = 1 − 2·0.99²⁷ + 0.98²⁷ ≈ 0.0549.
    expect(vnRtpBp('north', 'de', 95_000)).toBe(9500);
    expect(vnRtpBp('north', 'xien2', 15_000)).toBe(
      Math.floor((1 - 2 * 0.99 ** 27 + 0.98 ** 27) * 15 * 10_000),
    );
    for (const region of ['north', 'south', 'central'] as const) {
      const table = DEFAULT_VN_PAYOUTS[region === 'north' ? 'north' : 'other'];
      for (const type of VN_BET_TYPES)
        expect(vnRtpBp(region, type, table[type]), `${region} ${type}`).toBeLessThan(10_000);
    }
  });
});
