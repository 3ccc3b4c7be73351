import { describe, expect, it } from 'vitest';
import {
  type Cruise,
  cruiseDistance,
  cruiseTop,
  landingSpeed,
  landingTop,
  mod,
  NORMAL_TIMING,
  planLandings,
  TURBO_TIMING,
  windowAt,
} from './reels';

const strip = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 2, 3];
const lengths = [12, 12, 12, 12, 12];

describe('reel stop mapping', () => {
  it('shows strip[stop..stop+2], wrapping at the end', () => {
    expect(windowAt(strip, 0)).toEqual([0, 1, 2]);
    expect(windowAt(strip, 10)).toEqual([2, 3, 0]);
    expect(windowAt(strip, 11)).toEqual([3, 0, 1]);
  });

  for (const [name, timing] of [
    ['normal', NORMAL_TIMING],
    ['turbo', TURBO_TIMING],
  ] as const) {
    it(`${name}: every reel lands exactly on the server stop, left to right`, () => {
      const cruise: Cruise = { from: [0, 3, 6, 9, 11], startAt: 1000, timing };
      const to = [7, 7, 2, 0, 11];
      // The answer arrives early (minimum cruise applies) or late.
      for (const answerAt of [1050, 4321.5]) {
        const landings = planLandings(cruise, to, answerAt, lengths);
        for (let reel = 1; reel < 5; reel += 1)
          expect(landings[reel]!.stopAt).toBeGreaterThan(landings[reel - 1]!.stopAt);
        expect(landings[0]!.startAt).toBeGreaterThanOrEqual(Math.max(answerAt, 1000 + timing.minCruiseMs));
        landings.forEach((landing, reel) => {
          // Continuous: the fraction of a row at the hand-over is the cruise's.
          const atStart = cruiseTop(cruise, reel, landing.startAt, 12);
          const landed = landingTop(landing, landing.startAt, 12);
          const drift = mod(landed - atStart, 1);
          expect(Math.min(drift, 1 - drift)).toBeCloseTo(0, 9);
          expect(landingTop(landing, landing.stopAt, 12)).toBe(to[reel]);
          expect(landingTop(landing, landing.stopAt + 5000, 12)).toBe(to[reel]);
          expect(windowAt(strip, landingTop(landing, landing.stopAt + 5000, 12))).toEqual(
            windowAt(strip, to[reel]!),
          );
          // Speed is continuous at the hand-over and zero on landing.
          expect(landingSpeed(landing, landing.startAt, timing)).toBeCloseTo(timing.speed, 9);
          expect(landingSpeed(landing, landing.stopAt, timing)).toBe(0);
        });
      }
    });
  }

  it('landing moves downward only, never past the stop', () => {
    const cruise: Cruise = { from: [5, 5, 5, 5, 5], startAt: 0, timing: NORMAL_TIMING };
    const [landing] = planLandings(cruise, [2, 2, 2, 2, 2], 0, lengths);
    let last = landing!.from;
    for (let t = landing!.startAt; t <= landing!.stopAt; t += 5) {
      const u = (t - landing!.startAt) / (landing!.stopAt - landing!.startAt);
      const virtual = landing!.from - landing!.rows * (1 - (1 - u) ** 2);
      expect(virtual).toBeLessThanOrEqual(last + 1e-9);
      expect(virtual).toBeGreaterThanOrEqual(landing!.to - 1e-9);
      last = virtual;
    }
  });

  it('cruise runs up smoothly to its speed', () => {
    expect(cruiseDistance(0, NORMAL_TIMING)).toBe(0);
    const a = NORMAL_TIMING.accelMs;
    expect(cruiseDistance(a, NORMAL_TIMING)).toBeCloseTo((NORMAL_TIMING.speed * a) / 2, 9);
    expect(cruiseDistance(a + 100, NORMAL_TIMING) - cruiseDistance(a, NORMAL_TIMING)).toBeCloseTo(
      NORMAL_TIMING.speed * 100,
      9,
    );
  });
});
