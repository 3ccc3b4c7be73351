import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dividendBase,
  levelDifference,
  type MemberPlay,
  nearestContractedUpline,
  rateAt,
  shareOf,
  type TreeNode,
  teamFigures,
  tiersProblem,
  withinCap,
} from './maths';
import { periodOf, realtimeSeq } from './periods';

const TIERS = [
  { minActive: 0, rateBp: 50 },
  { minActive: 5, rateBp: 80 },
  { minActive: 20, rateBp: 120 },
];

const play = (memberId: number, stake: bigint, payout = 0n, refund = 0n): MemberPlay => ({
  memberId,
  stake,
  payout,
  refund,
});

describe('agency maths', () => {
  it('takes the rate of the highest tier the active count reaches', () => {
    expect([0, 4, 5, 19, 20, 500].map((a) => rateAt(TIERS, a))).toEqual([50, 50, 80, 80, 120, 120]);
  });

  it('refuses malformed tiers', () => {
    expect(tiersProblem(TIERS)).toBeNull();
    expect(tiersProblem([])).toBe('tiers.count');
    expect(tiersProblem([{ minActive: 1, rateBp: 50 }])).toBe('tiers.first');
    expect(tiersProblem([{ minActive: 0, rateBp: 10_001 }])).toBe('tiers.rate');
    expect(
      tiersProblem([
        { minActive: 0, rateBp: 80 },
        { minActive: 5, rateBp: 50 },
      ]),
    ).toBe('tiers.order');
  });

  it('caps a child contract at the parent at every threshold', () => {
    // At 5 active members the child would pay 0.9 % where the parent earns 0.8 %.
    expect(
      withinCap(
        [
          { minActive: 0, rateBp: 50 },
          { minActive: 5, rateBp: 90 },
        ],
        TIERS,
      ),
    ).toBe(false);
    expect(
      withinCap(
        [
          { minActive: 0, rateBp: 40 },
          { minActive: 20, rateBp: 120 },
        ],
        TIERS,
      ),
    ).toBe(true);
    // A child tier below the parent's first higher step: at 3 the child pays 0.6 % > 0.5 %.
    expect(
      withinCap(
        [
          { minActive: 0, rateBp: 50 },
          { minActive: 3, rateBp: 60 },
        ],
        TIERS,
      ),
    ).toBe(false);
  });

  it('rounds a share down to the minor unit', () => {
    expect(shareOf(333n, 100)).toBe(3n);
    expect(shareOf(-500n, 100)).toBe(0n);
  });

  it('pays level difference: own players at the own rate, a sub-agent team at the difference', () => {
    // A (1 %) has player a1 (100,000 turnover) and sub-agent B (0.6 %) with player b1 (50,000).
    const tree: TreeNode[] = [
      { id: 1, uplineId: null },
      { id: 2, uplineId: 1 },
      { id: 3, uplineId: 1 },
      { id: 4, uplineId: 3 },
    ];
    const agents = new Set([1, 3]);
    const f = teamFigures(tree, [play(2, 100_000n, 40_000n), play(4, 50_000n, 0n, 10_000n)], agents);
    expect(f.get(1)).toEqual({ turnover: 140_000n, ggr: 100_000n, active: 2 });
    expect(f.get(3)).toEqual({ turnover: 40_000n, ggr: 40_000n, active: 1 });
    const gross = new Map([
      [1, shareOf(140_000n, 100)],
      [3, shareOf(40_000n, 60)],
    ]);
    const ld = levelDifference(gross, nearestContractedUpline(tree, agents));
    // 100,000 × 1 % + 40,000 × (1 % − 0.6 %) = 1,000 + 160 = 1,160; B: 40,000 × 0.6 % = 240.
    expect(ld.get(1)).toEqual({ gross: 1_400n, children: 240n, owed: 1_160n });
    expect(ld.get(3)).toEqual({ gross: 240n, children: 0n, owed: 240n });
  });

  it('skips uncontracted agents between two contracted ones', () => {
    const tree: TreeNode[] = [
      { id: 1, uplineId: null },
      { id: 2, uplineId: 1 },
      { id: 3, uplineId: 2 },
    ];
    expect(nearestContractedUpline(tree, new Set([1, 3]))).toEqual(
      new Map([
        [1, null],
        [3, 1],
      ]),
    );
  });

  it('carries negative net loss over (the track360 example and the other modes)', () => {
    const first = dividendBase({
      ggr: -10_000n,
      mode: 'permanent',
      carryIn: 0n,
      previousGgr: 0n,
      startsHalfMonth: false,
    });
    expect(first).toEqual({ carryIn: 0n, base: 0n, carryOut: -10_000n });
    const second = dividendBase({
      ggr: 15_000n,
      mode: 'permanent',
      carryIn: first.carryOut,
      previousGgr: -10_000n,
      startsHalfMonth: false,
    });
    expect(second).toEqual({ carryIn: -10_000n, base: 5_000n, carryOut: 0n });
    expect(shareOf(second.base, 3_000)).toBe(1_500n);
    // −10,000 then −4,000 then +15,000: permanent carries −14,000, previous only −4,000, none nothing.
    const q = { ggr: 15_000n, carryIn: -14_000n, previousGgr: -4_000n, startsHalfMonth: false };
    expect(dividendBase({ ...q, mode: 'permanent' }).base).toBe(1_000n);
    expect(dividendBase({ ...q, mode: 'previous' }).base).toBe(11_000n);
    expect(dividendBase({ ...q, mode: 'none' }).base).toBe(15_000n);
    expect(dividendBase({ ...q, mode: 'half_month' }).base).toBe(1_000n);
    expect(dividendBase({ ...q, mode: 'half_month', startsHalfMonth: true }).base).toBe(15_000n);
  });

  it('cuts periods: days, hours, dividend cycles, real-time slots', () => {
    const at = new Date('2026-11-17T13:42:10Z');
    expect(periodOf('daily', at)).toEqual({
      start: new Date('2026-11-17T00:00:00Z'),
      end: new Date('2026-11-18T00:00:00Z'),
    });
    expect(periodOf('hourly', at).start).toEqual(new Date('2026-11-17T13:00:00Z'));
    expect(periodOf('dividend', at, 1)).toEqual({
      start: new Date('2026-11-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
    });
    expect(periodOf('dividend', at, 2)).toEqual({
      start: new Date('2026-11-16T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
    });
    expect(periodOf('dividend', at, 3)).toEqual({
      start: new Date('2026-11-11T00:00:00Z'),
      end: new Date('2026-11-21T00:00:00Z'),
    });
    expect(realtimeSeq(at)).toBe(9);
  });

  it('level difference matches a direct model over random trees, and never pays children above the parent', () => {
    const trees = fc
      .array(fc.tuple(fc.nat(), fc.boolean(), fc.integer({ min: 0, max: 1_000 }), fc.nat({ max: 10_000 })), {
        minLength: 1,
        maxLength: 40,
      })
      .map((rows) =>
        rows.map(([parent, agent, units, rate], i) => ({
          id: i + 1,
          uplineId: i === 0 ? null : (parent % i) + 1,
          agent: i === 0 || agent,
          // Turnover in whole 10,000s so that no share rounds.
          turnover: BigInt(units) * 10_000n,
          rate,
        })),
      );
    fc.assert(
      fc.property(trees, (nodes) => {
        // Rates fall down the tree: each agent's is at most its nearest agent ancestor's.
        const byId = new Map(nodes.map((n) => [n.id, n]));
        const rate = new Map<number, number>();
        for (const n of nodes) {
          if (!n.agent) continue;
          let up = n.uplineId;
          while (up !== null && !byId.get(up)?.agent) up = byId.get(up)?.uplineId ?? null;
          rate.set(n.id, up === null ? n.rate : Math.min(n.rate, rate.get(up) ?? 0));
        }
        const agents = new Set(rate.keys());
        const tree = nodes.map((n) => ({ id: n.id, uplineId: n.uplineId }));
        const f = teamFigures(
          tree,
          nodes.map((n) => play(n.id, n.turnover)),
          agents,
        );
        const gross = new Map(
          [...agents].map((a) => [a, shareOf(f.get(a)?.turnover ?? 0n, rate.get(a) ?? 0)]),
        );
        const nearest = nearestContractedUpline(tree, agents);
        const ld = levelDifference(gross, nearest);
        // The model: each member's turnover pays its nearest agent (itself if one) that agent's
        // rate, and every agent above it the difference between its rate and the one below.
        const model = new Map([...agents].map((a) => [a, 0n]));
        for (const n of nodes) {
          let below = 0;
          let at: number | null = n.id;
          while (at !== null) {
            const r = rate.get(at);
            if (r !== undefined) {
              model.set(at, (model.get(at) ?? 0n) + (n.turnover * BigInt(r - below)) / 10_000n);
              below = r;
            }
            at = byId.get(at)?.uplineId ?? null;
          }
        }
        for (const a of agents) {
          expect(ld.get(a)?.owed).toBe(model.get(a));
          expect(ld.get(a)?.children ?? 0n).toBeLessThanOrEqual(ld.get(a)?.gross ?? 0n);
        }
      }),
      { numRuns: 200 },
    );
  });
});
