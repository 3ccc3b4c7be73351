/**
 * Golden vectors of the cluster, hold-and-win and megaways engines from the independent Python
 * reference written from the README (reference/fair_engines.py), rounds with cascades, respin
 * features and free spins included.
 */
import { describe, expect, it } from 'vitest';
import golden from './golden.json';
import { type EngineVolatility, spinCluster, spinHoldWin, spinMegaways } from './index';

const pick = (result: object, expected: object) =>
  Object.fromEntries(Object.keys(expected).map((k) => [k, (result as Record<string, unknown>)[k]]));

describe('slot engines match the independent reference', () => {
  it('holds rounds with cascades, respin features and free spins', () => {
    expect(golden.cluster.some((v) => v.expected.cells.length > 2)).toBe(true);
    expect(golden.holdwin.some((v) => v.expected.held.length > 0)).toBe(true);
    expect(golden.megaways.some((v) => v.expected.stops.length > 1)).toBe(true);
  });
  it('cluster', () => {
    for (const { input, expected } of golden.cluster)
      expect(
        pick(spinCluster({ ...input, volatility: input.volatility as EngineVolatility }), expected),
      ).toEqual(expected);
  });
  it('hold and win', () => {
    for (const { input, expected } of golden.holdwin)
      expect(
        pick(spinHoldWin({ ...input, volatility: input.volatility as EngineVolatility }), expected),
      ).toEqual(expected);
  });
  it('megaways', () => {
    for (const { input, expected } of golden.megaways)
      expect(
        pick(spinMegaways({ ...input, volatility: input.volatility as EngineVolatility }), expected),
      ).toEqual(expected);
  });
});
