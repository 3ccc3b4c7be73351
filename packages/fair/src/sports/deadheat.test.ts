import { describe, expect, it } from 'vitest';
import { cashOutOffer } from './cashout';
import { betPayoutOf, isDeadHeat } from './odds';
import { systemPayoutOf } from './systems';

/* Dead heat (issue 21, ADR 055): a winning leg paid on places/tied of its stake; values by hand. */

describe('dead heat', () => {
  it('divides a single’s stake: 2 tied for 1 place at 3.50, stake 10 000 → 5 000 × 3.50 = 17 500', () => {
    expect(betPayoutOf(10_000n, [{ outcome: 'win', odds: 35_000n, deadHeat: { places: 1, tied: 2 } }])).toBe(
      17_500n,
    );
  });

  it('3 tied for 2 places at 4.00, stake 1 000 → 1 000 × 2/3 × 4 = 2 666.67, floored to 2 666', () => {
    expect(betPayoutOf(1_000n, [{ outcome: 'win', odds: 40_000n, deadHeat: { places: 2, tied: 3 } }])).toBe(
      2_666n,
    );
  });

  it('a short-priced dead heat returns less than the stake: 2 tied at 1.50, stake 1 000 → 750', () => {
    expect(betPayoutOf(1_000n, [{ outcome: 'win', odds: 15_000n, deadHeat: { places: 1, tied: 2 } }])).toBe(
      750n,
    );
  });

  it('counts o × places/tied as a multiple’s leg, floored once: 1 001 × 1.95 × 2.50/2 = 2 439.94 → 2 439', () => {
    expect(
      betPayoutOf(1_001n, [
        { outcome: 'win', odds: 19_500n },
        { outcome: 'win', odds: 25_000n, deadHeat: { places: 1, tied: 2 } },
      ]),
    ).toBe(2_439n);
    // With a void leg (1.00) and a half win at 1.90 ((1.90 + 1)/2 = 1.45): 1 000 × 1.45 × 3.00/4 = 1 087.5 → 1 087.
    expect(
      betPayoutOf(1_000n, [
        { outcome: 'void', odds: 21_000n },
        { outcome: 'half_win', odds: 19_000n },
        { outcome: 'win', odds: 30_000n, deadHeat: { places: 1, tied: 4 } },
      ]),
    ).toBe(1_087n);
  });

  it('ignores a dead heat on a leg that did not win, and refuses an impossible one', () => {
    expect(betPayoutOf(1_000n, [{ outcome: 'loss', odds: 30_000n, deadHeat: { places: 1, tied: 2 } }])).toBe(
      0n,
    );
    expect(isDeadHeat({ places: 2, tied: 2 })).toBe(false);
    expect(isDeadHeat({ places: 0, tied: 2 })).toBe(false);
    expect(isDeadHeat({ places: 1, tied: 3 })).toBe(true);
    expect(() =>
      betPayoutOf(1_000n, [{ outcome: 'win', odds: 30_000n, deadHeat: { places: 3, tied: 2 } }]),
    ).toThrow(RangeError);
  });

  it('applies to each system combination: Trixie at unit 100 of 2.00, 3.00 DH ½, 4.00', () => {
    // Doubles: 100×2×1.5 = 300, 100×2×4 = 800, 100×1.5×4 = 600; treble 100×2×1.5×4 = 1 200 → 2 900.
    const legs = [
      { outcome: 'win' as const, odds: 20_000n },
      { outcome: 'win' as const, odds: 30_000n, deadHeat: { places: 1, tied: 2 } },
      { outcome: 'win' as const, odds: 40_000n },
    ];
    expect(systemPayoutOf(100n, legs, [2, 3])).toBe(2_900n);
  });

  it('counts a dead-heated settled leg in a cash-out offer', () => {
    // Settled leg 3.00 DH ½ → 1.50; open leg at 2.00 in a 2.00/2.00 market → fair 2.00, factor 1;
    // 10 000 × 1.5 × 1 × 0.95 = 14 250.
    expect(
      cashOutOffer(
        10_000n,
        [
          { state: 'settled', outcome: 'win', odds: 30_000n, deadHeat: { places: 1, tied: 2 } },
          { state: 'open', odds: 20_000n, current: 20_000n, market: [20_000n, 20_000n] },
        ],
        500,
      ),
    ).toBe(14_250n);
  });
});
