/*
 * Amounts typed by staff, to integer minor units, never through a float (ADR 007). The player
 * site has the same rules (apps/web/src/shared/format/money.ts).
 */
export const MAX_MINOR = 9_007_199_254_740_991n;

export type AmountProblem = 'required' | 'format' | 'decimals' | 'zero' | 'tooLarge';

export const parseAmount = (
  input: string,
): { ok: true; minor: bigint } | { ok: false; problem: AmountProblem } => {
  const text = input.trim().replace(/[,\s]/g, '');
  if (text === '') return { ok: false, problem: 'required' };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return { ok: false, problem: 'format' };
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  const whole = match[1] || '0';
  if (whole.replace(/^0+/, '').length > 16) return { ok: false, problem: 'tooLarge' };
  const minor = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (minor === 0n) return { ok: false, problem: 'zero' };
  if (minor > MAX_MINOR) return { ok: false, problem: 'tooLarge' };
  return { ok: true, minor };
};

/** A server decimal string ("1234.50") with grouping in the operator's language, exactly. */
export const formatDecimal = (decimal: string, language: string) => {
  try {
    const format = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      .format as unknown as (value: string) => string;
    return format(decimal);
  } catch {
    return decimal;
  }
};

/** Minor units ("123456") as a two-decimal amount with thousands separators ("1,234.56"), exactly. */
export const formatMinor = (minor: string) => {
  const value = BigInt(minor);
  const abs = value < 0n ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0n ? '-' : ''}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
};
