import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownSeconds, createThrottle, useCountdown } from './countdown';

describe('SMS get-code countdown (spec §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lasts 60 s x expiredMinutes, one minute at least', () => {
    expect(countdownSeconds(5)).toBe(300);
    expect(countdownSeconds(1)).toBe(60);
    expect(countdownSeconds(0)).toBe(60);
    expect(countdownSeconds(undefined)).toBe(60);
  });

  it('counts down to zero and stops there (the button is enabled again)', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.left).toBe(0);
    act(() => result.current.start(3));
    expect(result.current.left).toBe(3);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.left).toBe(2);
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(result.current.left).toBe(0);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.left).toBe(0);
  });

  it('lets one request through per second', () => {
    let now = 10_000;
    const gate = createThrottle(1000, () => now);
    expect(gate()).toBe(true);
    now += 400;
    expect(gate()).toBe(false);
    now += 599;
    expect(gate()).toBe(false);
    now += 1;
    expect(gate()).toBe(true);
  });
});
