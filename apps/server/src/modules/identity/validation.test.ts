import type { RegisterRule, RegisterRules } from '@khela/contract';
import { describe, expect, it } from 'vitest';
import { defaultRegisterRules } from '../../db/seed/settings';
import {
  checkField,
  maskMobile,
  matchesRule,
  parseMobile,
  ruleRegex,
  validateRegistration,
} from './validation';

const rule = (over: Partial<RegisterRule> = {}): RegisterRule => ({
  enabled: true,
  required: false,
  acceptedPattern: '^[0-9]*$',
  patternId: 6,
  minLength: 2,
  maxLength: 4,
  ...over,
});

describe('register field rules', () => {
  it("treats '*' as any text and a broken pattern as matching nothing", () => {
    expect(ruleRegex('*')?.test('anything at all')).toBe(true);
    expect(ruleRegex('([')).toBeNull();
    expect(matchesRule(rule({ acceptedPattern: '([' }), '12')).toBe(false);
  });

  it('checks pattern and length bounds inclusively', () => {
    expect(matchesRule(rule(), '12')).toBe(true);
    expect(matchesRule(rule(), '1234')).toBe(true);
    expect(matchesRule(rule(), '1')).toBe(false);
    expect(matchesRule(rule(), '12345')).toBe(false);
    expect(matchesRule(rule(), '12a')).toBe(false);
  });

  it('ignores a disabled field, refuses an empty required one, passes an empty optional one', () => {
    expect(checkField(rule({ enabled: false }), 'zz')).toEqual({ value: null });
    expect(checkField(rule({ required: true }), '')).toEqual({
      error: { key: 'reg_pattern_6', min: 2, max: 4 },
    });
    expect(checkField(rule(), '')).toEqual({ value: null });
    expect(checkField(rule(), 'abc', 'error_password')).toEqual({
      error: { key: 'error_password', min: 2, max: 4 },
    });
  });
});

describe('mobile numbers', () => {
  it('reads the usual spellings of one number to the same E.164 form', () => {
    for (const raw of ['01712345678', '1712345678', '+8801712345678', '017 1234-5678']) {
      expect(parseMobile(raw, '+880')?.e164).toBe('+8801712345678');
    }
    expect(parseMobile('9812345678', '+91')).toEqual({ e164: '+919812345678', national: '9812345678' });
  });

  it('keeps the national form the member typed, the trunk 0 included (issue 24)', () => {
    expect(parseMobile('01712345678', '+880')?.national).toBe('01712345678');
    expect(parseMobile('017 1234-5678', '+880')?.national).toBe('01712345678');
    expect(parseMobile('1712345678', '+880')?.national).toBe('1712345678');
    // Typed internationally: the country's national format.
    expect(parseMobile('+8801712345678', '+880')?.national).toBe('01712345678');
    expect(parseMobile('8801712345678', '+880')?.national).toBe('01712345678');
    expect(parseMobile('9812345678', '+91')?.national).toBe('9812345678');
  });

  it('refuses numbers that are not valid mobiles of the country', () => {
    expect(parseMobile('01012345678', '+880')).toBeNull();
    expect(parseMobile('12345', '+880')).toBeNull();
    expect(parseMobile('abcdefgh', '+880')).toBeNull();
    expect(parseMobile('0212345678', '+91')).toBeNull();
  });

  it('masks all but the calling code and the last four digits', () => {
    expect(maskMobile('+8801712345678')).toBe('+880******5678');
    expect(maskMobile('+919812345678')).toBe('+91******5678');
  });
});

describe('validateRegistration', () => {
  const rules: RegisterRules = defaultRegisterRules();
  const base = {
    username: 'player01',
    password: 'Pass1234',
    confirmPassword: 'Pass1234',
    mobileNum: '01712345678',
    termsAccepted: true,
    ageConfirmed: true,
  };
  const options = { mode: 'username' as const, rules, dialCode: '+880', passwordInMobileMode: true };

  it('accepts a complete username registration and normalises the mobile number', () => {
    const result = validateRegistration({ ...base, email: ' a@b.co ' }, options);
    expect(result).toMatchObject({
      ok: true,
      registration: { username: 'player01', mobile: '+8801712345678', email: 'a@b.co' },
    });
  });

  it('uses the national number as the username in mobile mode', () => {
    const result = validateRegistration({ ...base, username: 'ignored' }, { ...options, mode: 'mobile' });
    expect(result).toMatchObject({
      ok: true,
      registration: { username: '01712345678', mobile: '+8801712345678' },
    });
  });

  it('reports the first refusal of every field at once', () => {
    const result = validateRegistration(
      { username: '9bad', password: 'short', confirmPassword: 'other', mobileNum: 'x', email: 'no' },
      options,
    );
    expect(result).toEqual({
      ok: false,
      fields: {
        username: { key: 'reg_pattern_1', min: 6, max: 12 },
        password: { key: 'error_password', min: 6, max: 12 },
        confirmPassword: { key: 'inconsistent_twice' },
        mobileNum: { key: 'reg_pattern_6', min: 8, max: 11 },
        email: { key: 'reg_pattern_3', min: 6, max: 60 },
        termsAccepted: { key: 'terms_required' },
        ageConfirmed: { key: 'age_required' },
      },
    });
  });

  it('skips the password in mobile mode when the brand does not ask for one', () => {
    const result = validateRegistration(
      { ...base, password: '', confirmPassword: '' },
      { ...options, mode: 'mobile', passwordInMobileMode: false },
    );
    expect(result).toMatchObject({ ok: true, registration: { password: null } });
  });

  it('requires the payment password whenever the brand shows it', () => {
    const withPayment = {
      ...rules,
      paymentPassword: { ...rules.paymentPassword!, enabled: true, required: false },
    };
    const result = validateRegistration(base, { ...options, rules: withPayment });
    expect(result).toEqual({
      ok: false,
      fields: { paymentPassword: { key: 'reg_pattern_6', min: 6, max: 6 } },
    });
  });
});
