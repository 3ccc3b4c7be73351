import { describe, expect, it } from 'vitest';
import {
  formatDay,
  hasNext,
  lastDays,
  nextRange,
  parseDayKey,
  previousRange,
  rangeBounds,
  rangeFromQuery,
  resizeRange,
} from './date-range';

const today = new Date(2026, 10, 22, 15, 30); // 2026-11-22 local

describe('betting record date ranges', () => {
  it('the last 7 and 30 days end today, inclusive', () => {
    expect(lastDays(7, today)).toEqual({ from: '2026-11-16', to: '2026-11-22', days: 7 });
    expect(lastDays(30, today)).toEqual({ from: '2026-10-24', to: '2026-11-22', days: 30 });
  });

  it('previous steps back a whole window across month and year ends', () => {
    expect(previousRange(lastDays(7, today))).toEqual({ from: '2026-11-09', to: '2026-11-15', days: 7 });
    const january = { from: '2027-01-01', to: '2027-01-07', days: 7 as const };
    expect(previousRange(january)).toEqual({ from: '2026-12-25', to: '2026-12-31', days: 7 });
    expect(previousRange({ from: '2024-03-01', to: '2024-03-30', days: 30 })).toEqual({
      from: '2024-01-31',
      to: '2024-02-29',
      days: 30,
    });
  });

  it('next steps forward but never past today', () => {
    const back = previousRange(previousRange(lastDays(7, today)));
    expect(nextRange(back, today)).toEqual({ from: '2026-11-09', to: '2026-11-15', days: 7 });
    expect(nextRange({ from: '2026-11-12', to: '2026-11-18', days: 7 }, today)).toEqual(lastDays(7, today));
    expect(hasNext(lastDays(7, today), today)).toBe(false);
    expect(hasNext(back, today)).toBe(true);
  });

  it('formats YYYY.MM.DD and resizes keeping the end day', () => {
    expect(formatDay('2026-01-05')).toBe('2026.01.05');
    expect(resizeRange({ from: '2026-11-01', to: '2026-11-07', days: 7 }, 30)).toEqual({
      from: '2026-10-09',
      to: '2026-11-07',
      days: 30,
    });
  });

  it('bounds cover whole local days', () => {
    const { start, end } = rangeBounds({ from: '2026-11-16', to: '2026-11-22', days: 7 });
    expect(new Date(start)).toEqual(new Date(2026, 10, 16));
    expect(end).toBe(new Date(2026, 10, 23).getTime() - 1);
  });

  it('reads the query, refusing bad or future dates', () => {
    expect(rangeFromQuery(new URLSearchParams('to=2026-11-10&days=30'), today)).toEqual({
      from: '2026-10-12',
      to: '2026-11-10',
      days: 30,
    });
    expect(rangeFromQuery(new URLSearchParams('to=2026-02-30'), today)).toEqual(lastDays(7, today));
    expect(rangeFromQuery(new URLSearchParams('to=2027-01-01'), today)).toEqual(lastDays(7, today));
    expect(parseDayKey('nope')).toBeNull();
  });
});
