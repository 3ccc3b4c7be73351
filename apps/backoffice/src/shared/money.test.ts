import { describe, expect, it } from 'vitest';
import { formatDecimal, parseAmount } from './money';

describe('finance amounts', () => {
  it('parses typed decimals into minor units exactly', () => {
    expect(parseAmount('1,234.56')).toEqual({ ok: true, minor: 123456n });
    expect(parseAmount('0.1')).toEqual({ ok: true, minor: 10n });
    expect(parseAmount('1.005')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseAmount('-3')).toEqual({ ok: false, problem: 'format' });
    expect(parseAmount('0')).toEqual({ ok: false, problem: 'zero' });
    expect(parseAmount('')).toEqual({ ok: false, problem: 'required' });
    expect(parseAmount('90071992547409.92')).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('formats server decimals with grouping, exactly', () => {
    expect(formatDecimal('1234567.50', 'en')).toBe('1,234,567.50');
    expect(formatDecimal('-90071992547409.91', 'en')).toBe('-90,071,992,547,409.91');
  });
});
