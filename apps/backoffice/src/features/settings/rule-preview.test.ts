import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYER_RULE_TEXT_PATH, PLAYER_RULE_TEXTS } from './player-texts';
import { checkSample, fillBounds, ruleMessage, ruleProblems } from './rule-preview';

const rule = {
  enabled: true,
  required: true,
  acceptedPattern: '^[a-z][a-z0-9]*$',
  patternId: 1,
  minLength: 4,
  maxLength: 12,
};

describe('register rule preview', () => {
  it('shows the player text with the bounds put in, per player language', () => {
    expect(ruleMessage(rule, 'en')).toBe('4-12 letters and numbers, starting with a letter');
    expect(ruleMessage({ ...rule, patternId: 6, minLength: 10, maxLength: 10 }, 'en')).toBe('10 digits only');
    expect(ruleMessage(rule, 'bn')).toContain('4');
    expect(ruleMessage(rule, 'hi')).toContain('12');
    expect(fillBounds('(min) ~ (max) x', 3, 3)).toBe('3 x');
  });

  it('checks a sample value the way the register form does', () => {
    expect(checkSample(rule, 'abc1', 'en')).toBeNull();
    expect(checkSample(rule, '1abc', 'en')).toBe(ruleMessage(rule, 'en'));
    expect(checkSample(rule, 'abc', 'en')).toBe(ruleMessage(rule, 'en'));
    expect(checkSample(rule, '', 'en')).toBe(ruleMessage(rule, 'en'));
    expect(checkSample({ ...rule, required: false }, '', 'en')).toBeNull();
    expect(checkSample({ ...rule, enabled: false }, '1', 'en')).toBeNull();
    expect(checkSample({ ...rule, acceptedPattern: '*' }, 'ANY thing', 'en')).toBeNull();
  });

  it('names a rule that cannot work', () => {
    expect(ruleProblems(rule)).toEqual([]);
    expect(ruleProblems({ ...rule, minLength: 13 })).toEqual(['rules.minOverMax']);
    expect(ruleProblems({ ...rule, acceptedPattern: '([' })).toEqual(['rules.badPattern']);
  });

  it("keeps the copied texts equal to the player site's", () => {
    for (const language of ['bn', 'en', 'hi'] as const) {
      const auth = JSON.parse(
        readFileSync(join(__dirname, `../../../../web/src/locales/${language}/auth.json`), 'utf8'),
      ) as Record<string, Record<string, string>>;
      const site = auth[PLAYER_RULE_TEXT_PATH] ?? {};
      for (let id = 0; id < 20; id += 1) {
        expect(PLAYER_RULE_TEXTS[language][`reg_pattern_${id}`], `${language} reg_pattern_${id}`).toBe(
          site[`reg_pattern_${id}`],
        );
      }
    }
  });
});
