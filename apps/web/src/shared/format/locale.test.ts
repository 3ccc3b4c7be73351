import { afterEach, describe, expect, it } from 'vitest';
import { makeStatus } from '../../../test/fixtures';
import { changeLanguage, i18next, i18nReady } from '../i18n';
import { rememberMerchant } from '../state/site';
import {
  formatDate,
  formatNumber,
  formatStamp,
  formatTwoDigits,
  hasLatinDigit,
  localizeDigits,
  setDevanagariDigits,
  weekdayName,
} from './locale';

// Expected texts written out by hand: Bangla digits ০–৯ are U+09E6–U+09EF, Devanagari ० U+0966.
describe('the one locale-aware formatter', () => {
  afterEach(() => setDevanagariDigits(false));

  it("writes numbers in the language's digits and grouping (lakh grouping in bn)", () => {
    expect(formatNumber(1234567, 'bn')).toBe('১২,৩৪,৫৬৭');
    expect(formatNumber(265, 'bn')).toBe('২৬৫');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'hi')).toBe('12,34,567');
    expect(formatTwoDigits(5, 'bn')).toBe('০৫');
  });

  it('writes Devanagari digits under hi only when the brand asks for them', () => {
    expect(formatNumber(60, 'hi')).toBe('60');
    setDevanagariDigits(true);
    expect(formatNumber(60, 'hi')).toBe('६०');
    expect(localizeDigits('2026.11.22', 'hi')).toBe('२०२६.११.२२');
    expect(formatNumber(60, 'bn')).toBe('৬০');
  });

  it('writes dates, times and the spec stamp without a Latin digit in bn', () => {
    const at = new Date(2026, 10, 22, 15, 30, 5).getTime();
    expect(formatStamp(at, 'bn')).toBe('২০২৬.১১.২২ ১৫:৩০');
    expect(formatStamp(at, 'bn', true)).toBe('২০২৬.১১.২২ ১৫:৩০:০৫');
    expect(formatStamp(at, 'en')).toBe('2026.11.22 15:30');
    for (const style of ['dateTime', 'date', 'longDateTime', 'time', 'timeSeconds'] as const)
      expect(hasLatinDigit(formatDate(at, 'bn', style)), style).toBe(false);
    expect(weekdayName(1, 'en', 'long')).toBe('Sunday');
    expect(weekdayName(7, 'en', 'short')).toBe('Sat');
  });

  it('leaves Latin-digit languages and non-digits alone', () => {
    expect(localizeDigits('Round #42 · ABC', 'en')).toBe('Round #42 · ABC');
    expect(localizeDigits('#42 · ABC', 'bn')).toBe('#৪২ · ABC');
  });
});

describe('numbers interpolated into translations', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('are written in Bangla digits on a Bangla page ("৬০টি গেম", not "60টি গেম")', async () => {
    await i18nReady;
    await changeLanguage('bn');
    await i18next.loadNamespaces('lobby');
    expect(i18next.t('lobby:vendor.games', { count: 60 })).toBe('৬০টি গেম');
    expect(i18next.t('lobby:category.subtitle', { vendors: 8, count: 265 })).toBe('৮টি প্রোভাইডার · ২৬৫টি গেম');
    await changeLanguage('en');
    expect(i18next.t('lobby:vendor.games', { count: 60 })).toBe('60 games');
    expect(i18next.t('lobby:vendor.games', { count: 12345 })).toBe('12,345 games');
  });
});

describe("the brand's digits for the Hindi site", () => {
  afterEach(() => setDevanagariDigits(false));

  it('follow the status answer: Devanagari when the brand asks, Latin otherwise', () => {
    const status = makeStatus();
    rememberMerchant({
      ...status,
      info: { ...status.info, brand: { ...status.info.brand, hindiDigits: 'devanagari' } },
    });
    expect(formatNumber(2026, 'hi')).toBe('२,०२६');
    expect(formatStamp(new Date(2026, 0, 2, 3, 4).getTime(), 'hi')).toBe('२०२६.०१.०२ ०३:०४');
    rememberMerchant(status);
    expect(formatNumber(2026, 'hi')).toBe('2,026');
  });
});
