import { describe, expect, it } from 'vitest';
import { bestWinOf, formatClock, quickPick, secondsUntil, slipCost } from './slip';

describe('bet slip rules', () => {
  it('costs the sum of its stakes and previews the best win from the table', () => {
    const lines = [
      { id: 'a', betType: 'pick', selection: { numbers: [1, 2] }, stakeMinor: 1000n },
      { id: 'b', betType: 'dragontiger', selection: { side: 'tie' }, stakeMinor: 250n },
    ];
    expect(slipCost(lines)).toBe(1250n);
    expect(bestWinOf(lines[0]!, { '2:2': 15790, '2:1': 0 })).toBe(15790n);
    expect(bestWinOf(lines[1]!, { dragon: 2110, tie: 9500 })).toBe(2375n);
  });

  it('quick picks distinct numbers in range', () => {
    for (let i = 0; i < 200; i++) {
      const picks = quickPick(10, 1, 80);
      expect(new Set(picks).size).toBe(10);
      expect(picks.every((n) => n >= 1 && n <= 80)).toBe(true);
    }
  });

  it('counts down on the server clock', () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(9_000, 10_000)).toBe(0);
    expect(formatClock(75)).toBe('01:15');
    // A Bangla page counts down in Bangla digits.
    expect(formatClock(75, 'bn')).toBe('০১:১৫');
  });
});
