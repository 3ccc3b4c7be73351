/** Golden vectors of fishing from the independent Python reference (reference/fair_engines.py). */
import { describe, expect, it } from 'vitest';
import golden from './golden.json';
import { fishShot, fishSpawns } from './index';

describe('fishing matches the independent reference', () => {
  it('shots', () => {
    for (const { input, expected } of golden.shots) {
      const r = fishShot(input);
      expect({
        captureDraw: r.captureDraw,
        captured: r.captured,
        multiplier: r.multiplier,
        payoutMinor: r.payoutMinor,
      }).toEqual(expected);
    }
  });
  it('the fish schedule', () => {
    for (const { roomSeed, window, fish } of golden.spawns)
      expect(fishSpawns(roomSeed, window)).toEqual(fish);
  });
});
