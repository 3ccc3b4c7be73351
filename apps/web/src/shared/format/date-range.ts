/**
 * Date ranges of the records pages (spec §9: next or previous 7 or 30 days, dates shown
 * YYYY.MM.DD). A range is whole local calendar days, `from` and `to` inclusive, held as
 * `YYYY-MM-DD` keys; the server gets it as epoch ms (local midnight of `from` to the last
 * millisecond of `to`).
 */
export type RangeDays = 7 | 30;
export type DayRange = { from: string; to: string; days: RangeDays };

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date's key `YYYY-MM-DD`. */
export const dayKey = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** `YYYY-MM-DD` → local midnight; null when it is not a real date. */
export const parseDayKey = (key: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayKey(date) === key ? date : null;
};

/** Calendar arithmetic on local dates (a day across a DST change is still one day). */
export const addDays = (key: string, days: number) => {
  const date = parseDayKey(key) ?? new Date();
  date.setDate(date.getDate() + days);
  return dayKey(date);
};

/** The spec's display form `YYYY.MM.DD`. */
export const formatDay = (key: string) => key.replaceAll('-', '.');

/** The last `days` days up to and including today. */
export const lastDays = (days: RangeDays, today = new Date()): DayRange => {
  const to = dayKey(today);
  return { from: addDays(to, -(days - 1)), to, days };
};

/** The `days` days just before this range. */
export const previousRange = (range: DayRange): DayRange => {
  const to = addDays(range.from, -1);
  return { from: addDays(to, -(range.days - 1)), to, days: range.days };
};

/** The `days` days just after this range, never past today (the window then ends today). */
export const nextRange = (range: DayRange, today = new Date()): DayRange => {
  const from = addDays(range.to, 1);
  const to = addDays(from, range.days - 1);
  if (to > dayKey(today)) return lastDays(range.days, today);
  return { from, to, days: range.days };
};

/** Is there a later range (the window does not end today yet)? */
export const hasNextRange = (range: DayRange, today = new Date()) => range.to < dayKey(today);

/** Switches 7 ↔ 30 days keeping the end day. */
export const resizeRange = (range: DayRange, days: RangeDays): DayRange => ({
  from: addDays(range.to, -(days - 1)),
  to: range.to,
  days,
});

/** The range as epoch ms: local midnight of `from` to the last millisecond of `to`. */
export const rangeBounds = (range: DayRange) => {
  const start = parseDayKey(range.from) ?? new Date();
  const end = parseDayKey(range.to) ?? new Date();
  end.setDate(end.getDate() + 1);
  return { startTime: start.getTime(), endTime: end.getTime() - 1 };
};
