import { describe, expect, it } from 'vitest';
import {
  isConcurrent,
  runVendors,
  scenarios,
  tamperChecks,
  useConformanceApp,
  VENDOR_COUNT,
} from './conformance-suite';

/**
 * Provider conformance, part 1 of 3 (conformance-suite.ts says what and how): the scenario
 * enumeration, vendors 0 and 3 through every scenario, and every vendor's signing checks.
 * Parts 2 and 3 (conformance-2/3.test.ts) run vendors 1, 4 and 2: every vendor runs all 492.
 */
const state = useConformanceApp();

describe('provider conformance (1/3)', () => {
  const all = scenarios();

  it('enumerates every ordering of bet/win/rollback with 0–3 duplicates of each', () => {
    // 3 single calls × 4 + 6 ordered pairs × 16 + 6 orderings of three × 64.
    expect(all).toHaveLength(3 * 4 + 6 * 16 + 6 * 64);
    for (const s of all) {
      for (const op of s.order) {
        expect(s.deliveries.filter((d) => d === op)).toHaveLength(1 + s.duplicates[op]);
      }
      // First deliveries keep the scenario's order.
      expect([...new Set(s.deliveries)]).toEqual(s.order);
    }
    // The three files together: every vendor, every scenario; each scenario both ways somewhere.
    expect([[0, 3], [1, 4], [2]].flat().sort()).toEqual([0, 1, 2, 3, 4].slice(0, VENDOR_COUNT));
    for (let i = 0; i < all.length; i++) {
      const modes = new Set([0, 1, 2, 3, 4].map((v) => isConcurrent(i, v)));
      expect(modes.size, `scenario ${i}`).toBe(2);
    }
  });

  it('vendors 0 and 3 run every scenario (duplicates later and concurrent): balance, answers and round match the model', async () => {
    await runVendors(state, [0, 3]);
  }, 900_000);

  it('every vendor adapter: flipped bits and stale timestamps refused, replays answered, locked players', async () => {
    await tamperChecks(state);
  });
});
