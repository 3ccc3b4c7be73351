/**
 * Date ranges of the betting record (spec §9: next or previous 7 or 30 days; dates shown
 * YYYY.MM.DD). A range is whole local calendar days, `from` and `to` inclusive, kept as
 * `YYYY-MM-DD` keys so it survives the URL and time-zone changes.
 */
export type RangeDays = 7 | 30;
export type DateRange = { from: string; to: string; days: RangeDays };

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date's key `YYYY-MM-DD`. */
export const dayKey = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** `YYYY-MM-DD` → local midnight. */
export const parseDayKey = (key: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayKey(date) === key ? date : null;
};

const addDays = (key: string, days: number) => {
  const date = parseDayKey(key) ?? new Date();
  date.setDate(date.getDate() + days);
  return dayKey(date);
};

/** The spec's display form `YYYY.MM.DD`. */
export const formatDay = (key: string) => key.replaceAll('-', '.');

/** The last `days` days up to and including today. */
export const lastDays = (days: RangeDays, today = new Date()): DateRange => {
  const to = dayKey(today);
  return { from: addDays(to, -(days - 1)), to, days };
};

/** The `days` days before this range. */
export const previousRange = (range: DateRange): DateRange => {
  const to = addDays(range.from, -1);
  return { from: addDays(to, -(range.days - 1)), to, days: range.days };
};

/** The `days` days after this range, never past today (the window then ends today). */
export const nextRange = (range: DateRange, today = new Date()): DateRange => {
  const from = addDays(range.to, 1);
  const to = addDays(from, range.days - 1);
  const todayKey = dayKey(today);
  if (to > todayKey) return lastDays(range.days, today);
  return { from, to, days: range.days };
};

export const hasNext = (range: DateRange, today = new Date()) => range.to < dayKey(today);

/** Switches 7 ↔ 30 days keeping the end day. */
export const resizeRange = (range: DateRange, days: RangeDays): DateRange => ({
  from: addDays(range.to, -(days - 1)),
  to: range.to,
  days,
});

/** The range as instants: local midnight of `from` to the last millisecond of `to`. */
export const rangeBounds = (range: DateRange) => {
  const start = parseDayKey(range.from) ?? new Date();
  const end = parseDayKey(range.to) ?? new Date();
  end.setDate(end.getDate() + 1);
  return { start: start.getTime(), end: end.getTime() - 1 };
};

/** Reads a range from the URL query (`from`, `to`, `days`); anything malformed gives the last 7 days. */
export const rangeFromQuery = (params: URLSearchParams, today = new Date()): DateRange => {
  const days: RangeDays = params.get('days') === '30' ? 30 : 7;
  const to = params.get('to') ?? '';
  if (!parseDayKey(to) || to > dayKey(today)) return lastDays(days, today);
  return { from: addDays(to, -(days - 1)), to, days };
};
