import { describe, expect, it } from 'vitest';
import {
  JACKPOT_MAX_LAG_STEPS,
  JACKPOT_STEP_MINOR,
  receivePool,
  startJackpot,
  stepJackpot,
  tweenAmount,
} from './jackpot';

describe('jackpot counter display', () => {
  it('rises by 165.11 a tick and stops at the real pool', () => {
    let state = startJackpot(1_000_000);
    expect(state.shown).toBeLessThan(1_000_000);
    const seen: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const next = stepJackpot(state);
      seen.push(next.shown - state.shown);
      state = next;
      expect(state.shown).toBeLessThanOrEqual(state.pool);
    }
    expect(seen.slice(0, 6)).toEqual(Array(6).fill(JACKPOT_STEP_MINOR));
    expect(state.shown).toBe(1_000_000);
    expect(stepJackpot(state).shown).toBe(1_000_000);
  });

  it('never starts below zero for a small pool', () => {
    expect(startJackpot(5_000).shown).toBe(0);
    expect(stepJackpot(startJackpot(5_000)).shown).toBe(5_000);
  });

  it('keeps climbing toward a grown pool, closing a large gap at once', () => {
    const at = { pool: 1_000_000, shown: 1_000_000 };
    expect(receivePool(at, 1_050_000).shown).toBe(1_000_000);
    const far = receivePool(at, 9_000_000);
    expect(far.shown).toBe(9_000_000 - JACKPOT_MAX_LAG_STEPS * JACKPOT_STEP_MINOR);
    expect(far.pool).toBe(9_000_000);
  });

  it('drops straight to a pool that fell (a jackpot was won)', () => {
    expect(receivePool({ pool: 1_000_000, shown: 990_000 }, 50_000)).toEqual({ pool: 50_000, shown: 50_000 });
  });

  it('tweens with an ease-out between shown values', () => {
    expect(tweenAmount(0, 16_511, 0)).toBe(0);
    expect(tweenAmount(0, 16_511, 1)).toBe(16_511);
    expect(tweenAmount(0, 16_511, 0.5)).toBeGreaterThan(16_511 / 2);
    expect(tweenAmount(0, 100, 2)).toBe(100);
  });
});
