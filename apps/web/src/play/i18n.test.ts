import { describe, expect, it } from 'vitest';
import { loadStrings, makeTranslate, pickLanguage } from './i18n';

describe('game page strings', () => {
  it('takes the launch language, Bangla by default', () => {
    expect(pickLanguage('en')).toBe('en');
    expect(pickLanguage('hi-IN')).toBe('hi');
    expect(pickLanguage('fr')).toBe('bn');
    expect(pickLanguage(null)).toBe('bn');
  });

  it('fills placeholders and falls back to the key', () => {
    const t = makeTranslate({ a: { b: 'Line {{line}} pays {{ amount }}' } });
    expect(t('a.b', { line: 3, amount: '৳1.00' })).toBe('Line 3 pays ৳1.00');
    expect(t('a.missing')).toBe('a.missing');
  });

  it('loads the play texts and the error texts of each language', async () => {
    for (const language of ['bn', 'en', 'hi'] as const) {
      const { t, error } = await loadStrings(language);
      expect(t('spin')).not.toBe('spin');
      expect(error('game.session.invalid')).not.toBe('game.session.invalid');
      expect(error('no.such.code')).toBe(error('system.error'));
    }
  });
});
