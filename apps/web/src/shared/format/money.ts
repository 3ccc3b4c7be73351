/*
 * Money in the browser: integer minor units (paisa) as strings or bigints, never floats
 * (docs/decisions/007-ledger.md). Amounts typed by a player are parsed from the string they
 * typed; amounts shown are formatted from the server's minor-unit string with Intl's exact
 * decimal-string input, so no value ever passes through a JavaScript number.
 */
import { localeOf } from './locale';

/** The largest amount a request may carry, in minor units (the contract's MAX_MINOR, 2^53 - 1). */
export const MAX_MINOR_BIGINT = 9_007_199_254_740_991n;

/** Bengali and Devanagari digits typed on a phone keyboard count as the Latin ones. */
const NATIVE_DIGITS: Record<string, string> = {};
for (let digit = 0; digit < 10; digit += 1) {
  NATIVE_DIGITS[String.fromCharCode(0x09e6 + digit)] = String(digit);
  NATIVE_DIGITS[String.fromCharCode(0x0966 + digit)] = String(digit);
}

export type AmountProblem = 'required' | 'format' | 'decimals' | 'zero' | 'tooLarge';
export type ParsedAmount = { ok: true; minor: bigint } | { ok: false; problem: AmountProblem };

/**
 * A decimal amount as typed ("1,234.5", "৫০০", "20") to minor units. Accepts grouping commas
 * and spaces, at most two decimals, Bengali and Devanagari digits; refuses signs, exponents,
 * zero and anything over 2^53 - 1 minor units.
 */
export const parseAmount = (input: string): ParsedAmount => {
  const text = input
    .trim()
    .replace(/[\u09e6-\u09ef\u0966-\u096f]/g, (char) => NATIVE_DIGITS[char] ?? char)
    .replace(/[,\s\u00a0\u202f]/g, '');
  if (text === '') return { ok: false, problem: 'required' };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return { ok: false, problem: 'format' };
  const whole = match[1] || '0';
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  if (whole.replace(/^0+/, '').length > 16) return { ok: false, problem: 'tooLarge' };
  const minor = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (minor === 0n) return { ok: false, problem: 'zero' };
  if (minor > MAX_MINOR_BIGINT) return { ok: false, problem: 'tooLarge' };
  return { ok: true, minor };
};

/** Minor units as a plain decimal string of the major unit: 123450n -> "1234.50" (for inputs). */
export const minorToDecimal = (minor: bigint | string) => {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

const formatters = new Map<string, Intl.NumberFormat>();
const formatterFor = (language: string) => {
  // Keyed by the Intl locale: the brand's Devanagari choice changes hi's (shared/format/locale.ts).
  const locale = localeOf(language);
  let formatter = formatters.get(locale);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: true,
      });
    } catch {
      formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formatters.set(locale, formatter);
  }
  return formatter;
};

type ExactFormat = (value: string) => string;

/**
 * Minor units with two decimals and the language's grouping and digits, without a sign:
 * "123456789" -> "1,234,567.89" (en), "১২,৩৪,৫৬৭.৮৯" (bn). Exact for every safe amount.
 */
export const formatMinorAmount = (minor: bigint | string, language: string) =>
  // Intl takes a decimal string as an exact value (ECMA-402 NumberFormat v3).
  (formatterFor(language).format as unknown as ExactFormat)(minorToDecimal(minor));

/** An amount with the merchant's currency sign: "৳১,২৩৪.৫০", "-₹12.00"; default sign P (spec §9). */
export const formatMoney = (minor: bigint | string, language: string, symbol = 'P') => {
  const value = BigInt(minor);
  const text = formatMinorAmount(value < 0n ? -value : value, language);
  return `${value < 0n ? '-' : ''}${symbol}${text}`;
};

/** What a hidden balance shows (spec §2). */
export const HIDDEN_AMOUNT = '***';
