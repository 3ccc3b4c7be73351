import { describe, expect, it } from 'vitest';
import { formatMinorAmount, formatMoney, MAX_MINOR_BIGINT, minorToDecimal, parseAmount } from './money';

describe('parseAmount: typed decimal → integer minor units, no float maths', () => {
  it.each([
    ['1500', 150000n],
    ['1500.5', 150050n],
    ['1500.50', 150050n],
    ['0.01', 1n],
    ['.5', 50n],
    ['12.', 1200n],
    ['1,234,567.89', 123456789n],
    ['12,34,567.89', 123456789n],
    ['  20  ', 2000n],
    ['০.১০', 10n],
    ['৫০০', 50000n],
    ['१,२००.२५', 120025n],
    // 0.1 + 0.2 style values stay exact: no binary fraction is ever involved.
    ['0.29', 29n],
    ['1.15', 115n],
    ['90071992547409.91', MAX_MINOR_BIGINT],
  ])('%s → %s', (input, minor) => {
    expect(parseAmount(input)).toEqual({ ok: true, minor });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'format'],
    ['-5', 'format'],
    ['+5', 'format'],
    ['1e3', 'format'],
    ['1.2.3', 'format'],
    ['.', 'format'],
    ['1.234', 'decimals'],
    ['0', 'zero'],
    ['0.00', 'zero'],
    ['90071992547409.92', 'tooLarge'],
    ['99999999999999999', 'tooLarge'],
  ])('%j is refused as %s', (input, problem) => {
    expect(parseAmount(input)).toEqual({ ok: false, problem });
  });
});

describe('minorToDecimal', () => {
  it('writes two decimals, exactly, also for negatives and the largest amount', () => {
    expect(minorToDecimal(0n)).toBe('0.00');
    expect(minorToDecimal('5')).toBe('0.05');
    expect(minorToDecimal(123450n)).toBe('1234.50');
    expect(minorToDecimal('-1205')).toBe('-12.05');
    expect(minorToDecimal(MAX_MINOR_BIGINT)).toBe('90071992547409.91');
  });
});

describe('formatMoney: sign, two decimals, the language grouping and digits', () => {
  it('English: thousands separators', () => {
    expect(formatMinorAmount('123456789', 'en')).toBe('1,234,567.89');
    expect(formatMoney('123456789', 'en', '৳')).toBe('৳1,234,567.89');
    expect(formatMoney(0n, 'en', '₹')).toBe('₹0.00');
  });

  it('Bangla: Bangla digits and lakh grouping', () => {
    expect(formatMoney('123456789', 'bn', '৳')).toBe('৳১২,৩৪,৫৬৭.৮৯');
    expect(formatMoney('100', 'bn', '৳')).toBe('৳১.০০');
  });

  it('Hindi: lakh grouping', () => {
    expect(formatMoney('123456789', 'hi', '₹')).toBe('₹12,34,567.89');
  });

  it('negatives carry the minus before the sign; the default sign is P (spec §9)', () => {
    expect(formatMoney('-1200', 'en', '৳')).toBe('-৳12.00');
    expect(formatMoney('1200', 'en')).toBe('P12.00');
  });

  it('is exact for amounts a float cannot hold', () => {
    expect(formatMinorAmount(MAX_MINOR_BIGINT, 'en')).toBe('90,071,992,547,409.91');
    expect(formatMinorAmount('9007199254740993', 'en')).toBe('90,071,992,547,409.93');
  });
});
