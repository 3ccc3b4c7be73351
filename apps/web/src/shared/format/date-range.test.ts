import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayKey,
  formatDay,
  hasNextRange,
  lastDays,
  nextRange,
  parseDayKey,
  previousRange,
  rangeBounds,
  resizeRange,
} from './date-range';

const today = new Date(2026, 10, 22, 15, 30); // 2026-11-22, local time

describe('date ranges (spec §9: next or previous 7 or 30 days, YYYY.MM.DD)', () => {
  it('starts with the last 7 days up to today, shown YYYY.MM.DD', () => {
    const range = lastDays(7, today);
    expect(range).toEqual({ from: '2026-11-16', to: '2026-11-22', days: 7 });
    expect(formatDay(range.from)).toBe('2026.11.16');
  });

  it('steps back and forward by the span, across month and year ends', () => {
    const week = previousRange(lastDays(7, today));
    expect(week).toEqual({ from: '2026-11-09', to: '2026-11-15', days: 7 });
    expect(nextRange(week, today)).toEqual({ from: '2026-11-16', to: '2026-11-22', days: 7 });
    const month = previousRange(lastDays(30, new Date(2026, 0, 10)));
    expect(month).toEqual({ from: '2025-11-12', to: '2025-12-11', days: 30 });
  });

  it('never goes past today: the next window then ends today', () => {
    const range = { from: '2026-11-12', to: '2026-11-18', days: 7 as const };
    expect(hasNextRange(range, today)).toBe(true);
    expect(nextRange(range, today)).toEqual(lastDays(7, today));
    expect(hasNextRange(lastDays(7, today), today)).toBe(false);
  });

  it('switching 7 ↔ 30 days keeps the end day', () => {
    const range = previousRange(lastDays(7, today));
    expect(resizeRange(range, 30)).toEqual({ from: '2026-10-17', to: '2026-11-15', days: 30 });
  });

  it('gives whole local days as epoch ms, within the server limit of 31 days', () => {
    const { startTime, endTime } = rangeBounds(lastDays(30, today));
    expect(new Date(startTime)).toEqual(new Date(2026, 9, 24));
    expect(new Date(endTime + 1)).toEqual(new Date(2026, 10, 23));
    expect(endTime - startTime).toBeLessThanOrEqual(31 * 24 * 60 * 60 * 1000);
  });

  it('parses only real dates; adds calendar days', () => {
    expect(parseDayKey('2026-02-30')).toBeNull();
    expect(parseDayKey('nope')).toBeNull();
    expect(dayKey(parseDayKey('2024-02-29')!)).toBe('2024-02-29');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('steps back across a year end and into a leap February', () => {
    const january = { from: '2027-01-01', to: '2027-01-07', days: 7 as const };
    expect(previousRange(january)).toEqual({ from: '2026-12-25', to: '2026-12-31', days: 7 });
    expect(previousRange({ from: '2024-03-01', to: '2024-03-30', days: 30 })).toEqual({
      from: '2024-01-31',
      to: '2024-02-29',
      days: 30,
    });
  });
});
