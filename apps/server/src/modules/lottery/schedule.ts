/**
 * Issue times from a schedule rule (pure): draws every `intervalSeconds` from UTC midnight
 * (the interval divides a day); issue k of a day (k = 1 … 86400 / interval) draws at midnight +
 * k · interval, opens at the draw before it and locks `lockSeconds` before its draw. Its number is
 * `YYYYMMDD-kkkk` (UTC date of its day, k with at least 4 digits): unique per game.
 */
export type ScheduleRule = { intervalSeconds: number; lockSeconds: number };
export type IssueTimes = { issueNo: string; opensAt: Date; locksAt: Date; drawsAt: Date };

const DAY_MS = 86_400_000;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The issue drawing at `drawsAtMs` (a multiple of the interval after UTC midnight). */
export const issueDrawingAt = (rule: ScheduleRule, drawsAtMs: number): IssueTimes => {
  const intervalMs = rule.intervalSeconds * 1000;
  // The day's last issue draws at the next midnight: it belongs to the day before.
  const dayStart = Math.floor((drawsAtMs - 1) / DAY_MS) * DAY_MS;
  const k = Math.round((drawsAtMs - dayStart) / intervalMs);
  const day = new Date(dayStart);
  const date = `${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1, 2)}${pad(day.getUTCDate(), 2)}`;
  return {
    issueNo: `${date}-${pad(k, 4)}`,
    opensAt: new Date(drawsAtMs - intervalMs),
    locksAt: new Date(drawsAtMs - rule.lockSeconds * 1000),
    drawsAt: new Date(drawsAtMs),
  };
};

/**
 * The issues to exist at `now`: the one open now (opened at or before now, drawing after it) and
 * every later one opening within `aheadMs`, so each commitment is published before its issue opens.
 */
export const issuesDue = (rule: ScheduleRule, now: Date, aheadMs: number): IssueTimes[] => {
  const intervalMs = rule.intervalSeconds * 1000;
  const firstDraw = (Math.floor(now.getTime() / intervalMs) + 1) * intervalMs;
  const out: IssueTimes[] = [];
  for (let draw = firstDraw; draw - intervalMs <= now.getTime() + aheadMs; draw += intervalMs) {
    out.push(issueDrawingAt(rule, draw));
  }
  return out;
};
