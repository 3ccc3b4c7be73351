import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RegisterRule } from '@khela/contract';
import { describe, expect, it } from 'vitest';
import { fillBounds, serverFieldMessages } from './messages';
import { checkRule, PATTERN_IDS, ruleRegex } from './rules';

const rule = (over: Partial<RegisterRule> = {}): RegisterRule => ({
  enabled: true,
  required: false,
  acceptedPattern: '^[a-zA-Z][a-zA-Z0-9]*$',
  patternId: 1,
  minLength: 6,
  maxLength: 12,
  ...over,
});

describe('register rules in the browser (spec §5)', () => {
  it("treats '*' as any text and a broken pattern as matching nothing", () => {
    expect(ruleRegex('*')?.test('anything at all ✓')).toBe(true);
    expect(ruleRegex('([')).toBeNull();
    expect(checkRule(rule({ acceptedPattern: '([' }), 'abcdefg')).toEqual({
      key: 'reg_pattern_1',
      min: 6,
      max: 12,
    });
    expect(checkRule(rule({ acceptedPattern: '*', patternId: 0 }), 'a b c d')).toBeNull();
  });

  it('checks the pattern and the length bounds with the reg_pattern_<id> message', () => {
    const username = rule();
    expect(checkRule(username, 'player1')).toBeNull();
    expect(checkRule(username, '1player')).toEqual({ key: 'reg_pattern_1', min: 6, max: 12 });
    expect(checkRule(username, 'abc12')).toEqual({ key: 'reg_pattern_1', min: 6, max: 12 });
    expect(checkRule(username, 'abcdefghijklm')).toEqual({ key: 'reg_pattern_1', min: 6, max: 12 });
    expect(checkRule(username, 'abcdefghijkl')).toBeNull();
  });

  it('refuses an empty value only when required, with the same message', () => {
    expect(checkRule(rule(), '')).toBeNull();
    expect(checkRule(rule({ required: true }), '')).toEqual({ key: 'reg_pattern_1', min: 6, max: 12 });
    expect(checkRule(rule(), '', { required: true, key: 'error_password' })).toEqual({
      key: 'error_password',
      min: 6,
      max: 12,
    });
  });

  it('substitutes (min) and (max), collapsing the range to one number when they are equal', () => {
    expect(fillBounds('(min)-(max) digits only', 6, 12)).toBe('6-12 digits only');
    expect(fillBounds('(min)-(max) digits only', 6, 6)).toBe('6 digits only');
    expect(fillBounds('Use (min) - (max) characters', 4, 4)).toBe('Use 4 characters');
    expect(fillBounds('between (min) and (max)', 4, 4)).toBe('between 4 and 4');
    expect(fillBounds('no bounds here')).toBe('no bounds here');
  });

  it('reads both server shapes of field errors', () => {
    expect(
      serverFieldMessages({
        fields: {
          username: { key: 'username_exists' },
          password: { key: 'error_password', min: 6, max: 12 },
        },
      }),
    ).toEqual({ username: { key: 'username_exists' }, password: { key: 'error_password', min: 6, max: 12 } });
    expect(serverFieldMessages({ fields: { email: 'Invalid string' } })).toEqual({
      email: { key: 'invalid_value' },
    });
    expect(serverFieldMessages(undefined)).toEqual({});
  });

  it('has a text for all 20 pattern ids and every field key in bn, en and hi', () => {
    const fieldKeys = [
      'error_password',
      'inconsistent_twice',
      'invalid_mobile_number',
      'terms_required',
      'age_required',
      'username_exists',
      'mobile_exists',
      'old_password_incorrect',
      'password_same_as_old',
      'invalid_verification_code',
      'invalid_captcha',
    ];
    for (const language of ['bn', 'en', 'hi']) {
      const texts = JSON.parse(
        readFileSync(join(__dirname, `../../locales/${language}/auth.json`), 'utf8'),
      ) as { pattern: Record<string, string>; fieldError: Record<string, string> };
      for (const id of PATTERN_IDS)
        expect(texts.pattern[`reg_pattern_${id}`], `${language} ${id}`).toBeTruthy();
      for (const key of fieldKeys) expect(texts.fieldError[key], `${language} ${key}`).toBeTruthy();
    }
  });
});
