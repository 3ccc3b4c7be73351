import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handicapOutcome, totalOutcome } from './lines';
import { betPayoutOf, convertOdds, formatOdds, type LegOutcome, parseOdds, potentialPayoutOf } from './odds';
import { cockfightPayoutOf, pariMutuelPrice, pricesCancelFight } from './parimutuel';
import { combinations, NAMED_SYSTEMS, namedSystemSizes, systemCombinations, systemPayoutOf } from './systems';

const W = 'win';
const HW = 'half_win';
const P = 'push';
const HL = 'half_loss';
const L = 'loss';

describe('Asian handicap', () => {
  // verticals.md §B1, home bet, d = home − away: columns d = −1, 0, +1, +2.
  const table: [number, LegOutcome[]][] = [
    [0, [L, P, W, W]],
    [-0.25, [L, HL, W, W]],
    [-0.5, [L, L, W, W]],
    [-0.75, [L, L, HW, W]],
    [-1, [L, L, P, W]],
    [-1.25, [L, L, HL, W]],
    [0.25, [L, HW, W, W]],
    [0.75, [HL, W, W, W]],
  ];
  it.each(table)('line %d settles as the hand-computed table', (line, row) => {
    expect([-1, 0, 1, 2].map((d) => handicapOutcome(line * 4, d))).toEqual(row);
  });

  /** A model in stake quarters: each half stake on its own line, counted by hand rules. */
  const model = (line: number, d: number): LegOutcome => {
    const halves = Number.isInteger(line * 2) ? [line, line] : [line - 0.25, line + 0.25];
    const score = halves.map((h) => Math.sign(d + h)).reduce((a, b) => a + b, 0); // −2..2
    return (['loss', 'half_loss', 'push', 'half_win', 'win'] as const)[score + 2] as LegOutcome;
  };

  it('matches the model for every line −3..+3 in quarters and every margin −6..+6', () => {
    let checked = 0;
    for (let q = -12; q <= 12; q += 1)
      for (let d = -6; d <= 6; d += 1) {
        expect(handicapOutcome(q, d), `line ${q / 4} margin ${d}`).toBe(model(q / 4, d));
        // The away side holds the opposite line and margin.
        expect(handicapOutcome(-q, -d)).toBe(
          { win: L, half_win: HL, push: P, half_loss: HW, loss: W, void: 'void' }[model(q / 4, d)],
        );
        checked += 1;
      }
    expect(checked).toBe(25 * 13);
  });

  it('totals: over and under mirror each other on every line 0.5..6 and total 0..12', () => {
    const over = (line: number, t: number) => model(-line, t);
    for (let q = 2; q <= 24; q += 1)
      for (let t = 0; t <= 12; t += 1) {
        expect(totalOutcome('over', q, t), `o${q / 4} t${t}`).toBe(over(q / 4, t));
        expect(totalOutcome('under', q, t), `u${q / 4} t${t}`).toBe(model(q / 4, -t));
      }
    expect(totalOutcome('over', 10, 2)).toBe(L); // over 2.5 with 2 goals
    expect(totalOutcome('over', 9, 2)).toBe(HL); // over 2.25 with 2 goals: half loss
    expect(totalOutcome('under', 11, 3)).toBe(HL); // under 2.75 with 3 goals: half loss
    expect(totalOutcome('over', 12, 3)).toBe(P); // over 3.0 with 3: push
  });
});

describe('singles and multiples', () => {
  const o = (x: string) => parseOdds(x) as bigint;
  it("SBOBET's parlay examples (1.86/1.96/1.90/2.36 at 100.00) to the cent, floored", () => {
    const legs = (a: LegOutcome) => [
      { outcome: a, odds: o('1.86') },
      { outcome: W as LegOutcome, odds: o('1.96') },
      { outcome: W as LegOutcome, odds: o('1.90') },
      { outcome: W as LegOutcome, odds: o('2.36') },
    ];
    // 100 × 1.86 × 1.96 × 1.90 × 2.36 = 1,634.68704 → 1,634.68 (profit 1,534.69 when rounded)
    expect(betPayoutOf(10_000n, legs(W))).toBe(163_468n);
    // A half won: 1.43 × … = 12.5677552 → 1,256.77
    expect(betPayoutOf(10_000n, legs(HW))).toBe(125_677n);
    // A half lost in the three-leg parlay A, B, C: 100 × 0.5 × 1.96 × 1.90 = 186.20 (+86.20)
    expect(betPayoutOf(10_000n, legs(HL).slice(0, 3))).toBe(18_620n);
    expect(betPayoutOf(10_000n, [...legs(W).slice(0, 3), { outcome: 'void', odds: o('2.36') }])).toBe(
      69_266n,
    );
    expect(betPayoutOf(10_000n, legs(L))).toBe(0n);
    expect(potentialPayoutOf(10_000n, [o('1.86'), o('1.96'), o('1.90'), o('2.36')])).toBe(163_468n);
  });

  it('never rounds combined odds before the payout (ten legs of 1.0001 on 1,000,000.00)', () => {
    const legs = Array.from({ length: 10 }, () => ({ outcome: W as LegOutcome, odds: 10_001n }));
    // 1.0001^10 = 1.00100045012002100025…: 100,000,000 minor × that = 100,100,045.01… → floored
    expect(betPayoutOf(100_000_000n, legs)).toBe(100_100_045n);
  });

  it('equals the split-stake brute force for any legs (property)', () => {
    const branches: Record<LegOutcome, [number, number]> = {
      win: [1, 1],
      half_win: [1, 0],
      push: [0, 0],
      void: [0, 0],
      half_loss: [0, -1],
      loss: [-1, -1],
    };
    const leg = fc.record({
      outcome: fc.constantFrom(W, HW, P, 'void', HL, L) as fc.Arbitrary<LegOutcome>,
      odds: fc.bigInt({ min: 10_001n, max: 500_000n }),
    });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.array(leg, { minLength: 1, maxLength: 6 }),
        (stake, legs) => {
          // Each leg sends half its stake down two branches (+1 won at the odds, 0 back, −1 lost);
          // sum stake × Π (factor/2) over the 2^n paths, as an exact fraction.
          let num = 0n;
          const den = 2n ** BigInt(legs.length) * 10_000n ** BigInt(legs.length);
          const walk = (i: number, acc: bigint) => {
            if (i === legs.length) {
              num += acc;
              return;
            }
            const l = legs[i] as { outcome: LegOutcome; odds: bigint };
            for (const branch of branches[l.outcome]) {
              const f = branch === 1 ? l.odds : branch === 0 ? 10_000n : 0n;
              walk(i + 1, acc * f);
            }
          };
          walk(0, stake);
          expect(betPayoutOf(stake, legs)).toBe(num / den);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('systems', () => {
  it('named systems expand to 4 / 7 / 11 / 15 / 26 / 57 / 120 / 247 bets', () => {
    const counts = Object.fromEntries(
      Object.entries(NAMED_SYSTEMS).map(([name, s]) => [
        name,
        systemCombinations(s.legs, namedSystemSizes(name as keyof typeof NAMED_SYSTEMS)).length,
      ]),
    );
    expect(counts).toEqual({
      trixie: 4,
      patent: 7,
      yankee: 11,
      lucky15: 15,
      canadian: 26,
      heinz: 57,
      superHeinz: 120,
      goliath: 247,
    });
  });

  it('k-of-n combinations against brute force over bit masks (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 10 }), (n, k) => {
        const masks: string[] = [];
        for (let m = 0; m < 1 << n; m += 1) {
          const set = Array.from({ length: n }, (_, i) => i).filter((i) => m & (1 << i));
          if (set.length === k) masks.push(set.join(','));
        }
        expect(
          combinations(n, k)
            .map((c) => c.join(','))
            .sort(),
        ).toEqual(masks.sort());
      }),
    );
  });

  it('a Trixie pays the sum of its doubles and treble', () => {
    const o = (x: string) => parseOdds(x) as bigint;
    const legs = [
      { outcome: W as LegOutcome, odds: o('2.00') },
      { outcome: W as LegOutcome, odds: o('3.00') },
      { outcome: L as LegOutcome, odds: o('4.00') },
    ];
    // Only the double 2.00 × 3.00 wins: 1.00 × 6 = 6.00
    expect(systemPayoutOf(100n, legs, namedSystemSizes('trixie'))).toBe(600n);
  });
});

describe('odds formats', () => {
  it('converts 1.5 and 2.5 as the table says', () => {
    expect([1.5, 2.5].map((d) => formatOdds(convertOdds(parseOdds(String(d)) as bigint, 'hk'), 4))).toEqual([
      '0.5000',
      '1.5000',
    ]);
    expect(formatOdds(convertOdds(15_000n, 'malay'), 4)).toBe('0.5000');
    expect(formatOdds(convertOdds(25_000n, 'malay'), 4)).toBe('-0.6666');
    expect(formatOdds(convertOdds(15_000n, 'indo'), 4)).toBe('-2.0000');
    expect(formatOdds(convertOdds(25_000n, 'indo'), 4)).toBe('1.5000');
  });
  it('parses and refuses', () => {
    expect(parseOdds('1.95')).toBe(19_500n);
    expect(parseOdds('1')).toBeNull();
    expect(parseOdds('1.23456')).toBeNull();
    expect(parseOdds('abc')).toBeNull();
  });
});

describe('cockfight pari-mutuel', () => {
  const pools = { meron: 6_000_000n, wala: 4_000_000n };
  it('prices Meron 60k / Wala 40k at 5 % as 1.5833 / 2.3750', () => {
    expect(pariMutuelPrice(pools, 'meron', 500)).toBe(15_833n);
    expect(pariMutuelPrice(pools, 'wala', 500)).toBe(23_750n);
    expect(pricesCancelFight(pools, 500)).toBe(false);
    expect(pricesCancelFight({ meron: 9_500_000n, wala: 500_000n }, 500)).toBe(true); // meron 1.0
    expect(pricesCancelFight({ meron: 1n, wala: 0n }, 500)).toBe(true);
  });
  it('pays the winner, returns Meron/Wala on a draw and everything on a cancel', () => {
    const base = { pools, cutBp: 500, drawOdds: 90_000n, stakeMinor: 10_000n };
    expect(cockfightPayoutOf({ ...base, side: 'wala', result: 'wala' })).toEqual({
      payoutMinor: 23_750n,
      outcome: 'win',
    });
    expect(cockfightPayoutOf({ ...base, side: 'meron', result: 'meron' })).toEqual({
      payoutMinor: 15_833n,
      outcome: 'win',
    });
    expect(cockfightPayoutOf({ ...base, side: 'meron', result: 'wala' })).toEqual({
      payoutMinor: 0n,
      outcome: 'loss',
    });
    expect(cockfightPayoutOf({ ...base, side: 'meron', result: 'draw' })).toEqual({
      payoutMinor: 10_000n,
      outcome: 'void',
    });
    expect(cockfightPayoutOf({ ...base, side: 'draw', result: 'draw' })).toEqual({
      payoutMinor: 90_000n,
      outcome: 'win',
    });
    expect(cockfightPayoutOf({ ...base, side: 'draw', result: 'cancelled' })).toEqual({
      payoutMinor: 10_000n,
      outcome: 'void',
    });
  });
});
