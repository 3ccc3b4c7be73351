/*
 * The one locale-aware formatter of the web app: every number, date and time a page shows goes
 * through here (Intl), so a Bangla page writes Bangla digits everywhere (০১২৩৪৫৬৭৮৯) and a Hindi
 * page Devanagari ones (०१२३…) when the brand asks for them. Inputs and codes (game codes, round
 * ids, seeds) are not formatted. Formatters are built once per language and kind: building an
 * `Intl.NumberFormat` costs far more than using one.
 */

let devanagari = false;
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | null>();

/** The brand's choice of Devanagari digits under `hi` (Latin digits by default, as most Hindi sites). */
export const setDevanagariDigits = (on: boolean) => {
  if (on === devanagari) return;
  devanagari = on;
  cache.clear();
};

/** The Intl locale of a UI language: Bangla digits and lakh grouping for bn. */
export const localeOf = (language: string) => {
  if (language === 'bn') return 'bn-BD';
  if (language === 'hi') return devanagari ? 'hi-IN-u-nu-deva' : 'hi-IN';
  return 'en-US';
};

const cached = <T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T | null => {
  let formatter = cache.get(key) as T | null | undefined;
  if (formatter === undefined) {
    try {
      formatter = make();
    } catch {
      formatter = null;
    }
    cache.set(key, formatter);
  }
  return formatter;
};

/** A number in the language's digits and grouping: 10000 → "১০,০০০" (bn), "10,000" (en). */
export const formatNumber = (
  value: number | bigint,
  language: string,
  options?: Intl.NumberFormatOptions,
) => {
  const key = `n|${language}|${options ? JSON.stringify(options) : ''}`;
  const formatter = cached(key, () => new Intl.NumberFormat(localeOf(language), options));
  return formatter ? formatter.format(value) : String(value);
};

/** A two-digit number (minutes and seconds of a countdown): 5 → "০৫" in bn. */
export const formatTwoDigits = (value: number, language: string) =>
  formatNumber(value, language, { minimumIntegerDigits: 2, useGrouping: false });

const DATE_STYLES = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  longDateTime: { dateStyle: 'long', timeStyle: 'short' },
  time: { hour: '2-digit', minute: '2-digit', hour12: false },
  timeSeconds: { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

/** A moment (epoch ms) in the language's words and digits, in a named style. */
export const formatDate = (epochMs: number, language: string, style: DateStyle = 'dateTime') => {
  const formatter = cached(
    `d|${language}|${style}`,
    () => new Intl.DateTimeFormat(localeOf(language), DATE_STYLES[style]),
  );
  return formatter
    ? formatter.format(epochMs)
    : new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ');
};

/** Weekday names of the language, `weekday` 1 = Sunday … 7 = Saturday. */
export const weekdayName = (weekday: number, language: string, width: 'short' | 'long') => {
  const formatter = cached(
    `w|${language}|${width}`,
    () => new Intl.DateTimeFormat(localeOf(language), { weekday: width, timeZone: 'UTC' }),
  );
  // 22 Nov 2026 is a Sunday.
  const at = Date.UTC(2026, 10, 21 + weekday);
  return formatter ? formatter.format(at) : String(weekday);
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The spec's fixed stamp `YYYY.MM.DD HH:mm` (or with seconds) of a local moment, in the
 * language's digits: "২০২৬.১১.২২ ১৫:৩০" in bn.
 */
export const formatStamp = (epochMs: number, language: string, seconds = false) => {
  const d = new Date(epochMs);
  const day = `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ''}`;
  return localizeDigits(`${day} ${time}`, language);
};

/** The language's zero digit, or null when it writes Latin digits. */
const zeroOf = (language: string) => {
  if (language === 'bn') return 0x09e6;
  if (language === 'hi' && devanagari) return 0x0966;
  return null;
};

/**
 * Latin digits of an already laid-out text (a `YYYY.MM.DD` day, a draw number shown as a
 * count) in the language's digits. Not for codes a player copies or types back.
 */
export const localizeDigits = (text: string, language: string) => {
  const zero = zeroOf(language);
  if (zero === null) return text;
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(zero + digit.charCodeAt(0) - 48));
};

/** Does this text hold a Latin digit (the Bangla pages' check)? */
export const hasLatinDigit = (text: string) => /[0-9]/.test(text);

const INTERPOLATED: Intl.NumberFormatOptions = { useGrouping: 'min2', maximumFractionDigits: 2 };

/**
 * i18next's formatter (a `formatter` module, `alwaysFormat`): every number interpolated into a
 * translation (`{{count}}টি গেম`) is written in the language's digits; `{{value, number}}` and
 * `{{at, datetime}}` work as in i18next's own formatter.
 */
export const i18nextFormatter = {
  type: 'formatter' as const,
  init() {},
  add() {},
  addCached() {},
  format(value: unknown, format: string | undefined, language: string | undefined) {
    const lng = language ?? 'en';
    const name = format?.trim().toLowerCase();
    if (typeof value === 'number' || typeof value === 'bigint') {
      if (name === 'datetime' && typeof value === 'number') return formatDate(value, lng);
      // Grouped from five digits on: a count of 12,345 is grouped, a year (2026) is not.
      return formatNumber(value, lng, INTERPOLATED);
    }
    if (value instanceof Date) return formatDate(value.getTime(), lng);
    return value;
  },
};
