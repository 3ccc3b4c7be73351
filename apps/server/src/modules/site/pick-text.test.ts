import { describe, expect, it } from 'vitest';
import { pickText } from './service';

describe('an operator text in the caller language, the merchant default as fallback', () => {
  it('answers the caller language when written', () => {
    expect(pickText({ bn: 'জমা', en: 'Deposit' }, 'bn', 'bn')).toBe('জমা');
    expect(pickText({ bn: 'জমা', en: 'Deposit' }, 'en', 'bn')).toBe('Deposit');
  });

  it('falls back to the default language, not English, when the caller language is missing or blank', () => {
    expect(pickText({ bn: 'জমা', en: 'Deposit' }, 'hi', 'bn')).toBe('জমা');
    expect(pickText({ bn: 'জমা', en: 'Deposit', hi: '  ' }, 'hi', 'bn')).toBe('জমা');
    expect(pickText({ en: 'Deposit', hi: 'जमा' }, 'bn', 'hi')).toBe('जमा');
  });

  it('then English, then any written text, else empty', () => {
    expect(pickText({ en: 'Deposit', hi: 'जमा' }, 'bn', 'bn')).toBe('Deposit');
    expect(pickText({ hi: 'जमा' }, 'bn')).toBe('जमा');
    expect(pickText({ bn: '', en: '' }, 'bn', 'bn')).toBe('');
  });
});
