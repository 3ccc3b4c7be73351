import { describe, expect, it } from 'vitest';
import { cashOutOffer } from './cashout';
import { oddsText } from './odds-display';

/*
 * Cash-out offers and odds formats against values worked by hand (ADR 050). Odds are
 * ten-thousandths: 19_000n is 1.90.
 */

const open = (odds: bigint, current: bigint, market: bigint[]) => ({
  state: 'open' as const,
  odds,
  current,
  market,
});

describe('cash-out offer', () => {
  it('a single at unchanged even prices is worth stake × 0.95 (the overround), less the 5 % margin', () => {
    // 1.90 / 1.90: Σ 1/o = 1.0526…, fair odds 2.00; 10 000 × 1.90/2.00 = 9 500; × 0.95 = 9 025.
    expect(cashOutOffer(10_000n, [open(19_000n, 19_000n, [19_000n, 19_000n])], 500)).toBe(9_025n);
    expect(cashOutOffer(10_000n, [open(19_000n, 19_000n, [19_000n, 19_000n])], 0)).toBe(9_500n);
  });

  it('follows the price: shortened to 1.50 (other side 2.60) the offer rises above the stake', () => {
    // fair 1.50 × (1/1.50 + 1/2.60) = 1.5769…; 10 000 × 1.90 / 1.5769… = 12 048.78…; × 0.95 = 11 446.34 → 11 446.
    expect(cashOutOffer(10_000n, [open(19_000n, 15_000n, [15_000n, 26_000n])], 500)).toBe(11_446n);
    // drifted to 2.60 (other side 1.50): fair 2.60 × 1.0512… = 2.7333…; 10 000 × 1.90 / 2.7333… = 6 951.21…; × 0.95 = 6 603.65 → 6 603.
    expect(cashOutOffer(10_000n, [open(19_000n, 26_000n, [15_000n, 26_000n])], 500)).toBe(6_603n);
  });

  it('a three-way market: 1X2 at 2.10 / 3.40 / 3.20', () => {
    // Σ 1/o = 10/21 + 5/17 + 5/16 = 6185/5712; 10 000 × 5712/6185 = 9 235.24…; × 0.95 = 8 773.48… → 8 773.
    const market = [21_000n, 34_000n, 32_000n];
    expect(cashOutOffer(10_000n, [open(21_000n, 21_000n, market)], 0)).toBe(9_235n);
    expect(cashOutOffer(10_000n, [open(21_000n, 21_000n, market)], 500)).toBe(8_773n);
  });

  it('a parlay with a leg already won counts that leg at its odds', () => {
    // won 2.00 × open 1.90 at fair 2.00 (0.95) × 0.95 margin: 10 000 × 2 × 0.95 × 0.95 = 18 050.
    const legs = [
      { state: 'settled' as const, outcome: 'win' as const, odds: 20_000n },
      open(19_000n, 19_000n, [19_000n, 19_000n]),
    ];
    expect(cashOutOffer(10_000n, legs, 500)).toBe(18_050n);
  });

  it('a half-won leg counts (o + 1)/2 and a void leg 1', () => {
    // half win at 1.90 → 1.45; void → 1; open 2.00 at 2.00 / 2.00: Σ 1/o = 1, fair 2.00 → 1; 10 000 × 1.45.
    const legs = [
      { state: 'settled' as const, outcome: 'half_win' as const, odds: 19_000n },
      { state: 'settled' as const, outcome: 'void' as const, odds: 30_000n },
      open(20_000n, 20_000n, [20_000n, 20_000n]),
    ];
    expect(cashOutOffer(10_000n, legs, 0)).toBe(14_500n);
  });

  it('offers nothing once a leg has lost, or with a broken price', () => {
    const lost = { state: 'settled' as const, outcome: 'loss' as const, odds: 20_000n };
    expect(cashOutOffer(10_000n, [lost, open(19_000n, 19_000n, [19_000n, 19_000n])], 500)).toBeNull();
    expect(cashOutOffer(10_000n, [open(19_000n, 19_000n, [19_000n])], 500)).toBeNull();
    expect(cashOutOffer(10_000n, [open(19_000n, 18_000n, [19_000n, 19_000n])], 500)).toBeNull();
    expect(cashOutOffer(10_000n, [open(19_000n, 19_000n, [19_000n, 19_000n])], 10_000)).toBeNull();
  });
});

describe('odds formats', () => {
  const all = (odds: bigint) =>
    (['decimal', 'fractional', 'american', 'hk', 'malay', 'indo'] as const).map((f) => oddsText(odds, f));

  it('2.50 → 3/2, +150, HK 1.50, Malay −0.67, Indo +1.50', () => {
    expect(all(25_000n)).toEqual(['2.50', '3/2', '+150', '1.50', '-0.67', '+1.50']);
  });

  it('1.50 → 1/2, −200, HK 0.50, Malay 0.50, Indo −2.00', () => {
    expect(all(15_000n)).toEqual(['1.50', '1/2', '-200', '0.50', '0.50', '-2.00']);
  });

  it('1.91 → 91/100, −110 (−109.89), HK 0.91, Malay 0.91, Indo −1.10 (−1.0989)', () => {
    expect(all(19_100n)).toEqual(['1.91', '91/100', '-110', '0.91', '0.91', '-1.10']);
  });

  it('evens 2.00 → 1/1, +100, 1.00 in every Asian format', () => {
    expect(all(20_000n)).toEqual(['2.00', '1/1', '+100', '1.00', '1.00', '+1.00']);
  });

  it('2.75 → 7/4, +175, HK 1.75, Malay −0.57 (−0.5714), Indo +1.75', () => {
    expect(all(27_500n)).toEqual(['2.75', '7/4', '+175', '1.75', '-0.57', '+1.75']);
  });
});
