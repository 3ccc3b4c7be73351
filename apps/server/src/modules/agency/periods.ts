import type { ContractKind, OverviewRange } from '@khela/contract';

/**
 * Settlement periods (UTC, as the activity module's hourly rollup; ADR 038 leaves the merchant's
 * time zone for later): daily salary a day, hourly and real-time salary an hour (real-time pays
 * deltas every 5 minutes inside it), dividend 1, 2 or 3 parts of a month.
 */
export type Period = { start: Date; end: Date };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const dividendStarts = (cycles: number) => (cycles === 3 ? [1, 11, 21] : cycles === 2 ? [1, 16] : [1]);

/** The period of `kind` that contains `at`. */
export const periodOf = (kind: ContractKind, at: Date, cycles = 1): Period => {
  const t = at.getTime();
  if (kind === 'daily') {
    const start = t - (t % DAY);
    return { start: new Date(start), end: new Date(start + DAY) };
  }
  if (kind === 'hourly' || kind === 'realtime') {
    const start = t - (t % HOUR);
    return { start: new Date(start), end: new Date(start + HOUR) };
  }
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const starts = dividendStarts(cycles);
  const day = at.getUTCDate();
  let i = starts.length - 1;
  while (i > 0 && (starts[i] as number) > day) i--;
  const start = new Date(Date.UTC(y, m, starts[i] as number));
  const next =
    i + 1 < starts.length
      ? new Date(Date.UTC(y, m, starts[i + 1] as number))
      : new Date(Date.UTC(y, m + 1, 1));
  return { start, end: next };
};

/** The period before `p`. */
export const previousPeriod = (kind: ContractKind, p: Period, cycles = 1) =>
  periodOf(kind, new Date(p.start.getTime() - 1), cycles);

/** The last period of `kind` that has ended at `now`. */
export const lastFinished = (kind: ContractKind, now: Date, cycles = 1) =>
  previousPeriod(kind, periodOf(kind, now, cycles), cycles);

/** A dividend period that starts a half-month (the 1st or the 16th): `half_month` carry restarts. */
export const startsHalfMonth = (p: Period) => [1, 16].includes(p.start.getUTCDate());

/** The real-time salary's run number inside its hour: 1..12 by 5-minute slot; 13 closes the hour. */
export const REALTIME_CLOSE_SEQ = 13;
export const realtimeSeq = (now: Date) => Math.floor((now.getTime() % HOUR) / 300_000) + 1;

/** The overview's date ranges (spec: today, yesterday, this week from Monday, this half-month, this month). */
export const overviewRange = (range: OverviewRange, now: Date): Period => {
  const today = periodOf('daily', now);
  if (range === 'today') return { start: today.start, end: now };
  if (range === 'yesterday') return { start: new Date(today.start.getTime() - DAY), end: today.start };
  if (range === 'week') {
    const weekday = (today.start.getUTCDay() + 6) % 7;
    return { start: new Date(today.start.getTime() - weekday * DAY), end: now };
  }
  if (range === 'halfMonth') return { start: periodOf('dividend', now, 2).start, end: now };
  return { start: periodOf('dividend', now, 1).start, end: now };
};
