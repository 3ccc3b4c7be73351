import type { RegisterRule } from '@khela/contract';
import { PLAYER_RULE_TEXTS } from './player-texts';

/** The rule's pattern as a RegExp: `'*'` means anything; a broken pattern matches nothing (as on the site). */
export const ruleRegex = (acceptedPattern: string): RegExp | null => {
  if (acceptedPattern === '*') return /.*/;
  try {
    return new RegExp(acceptedPattern);
  } catch {
    return null;
  }
};

/** Puts the bounds into a rule text the way the player site does: `(min)-(max)` collapses when equal. */
export const fillBounds = (text: string, min: number, max: number) => {
  let out = text;
  if (min === max) out = out.replace(/\(min\)\s*[-–~]\s*\(max\)/g, String(min));
  return out.replaceAll('(min)', String(min)).replaceAll('(max)', String(max));
};

/** The error text a player sees for this rule, in a player language. */
export const ruleMessage = (rule: RegisterRule, language: 'bn' | 'en' | 'hi') =>
  fillBounds(
    PLAYER_RULE_TEXTS[language][`reg_pattern_${rule.patternId}`] ?? '',
    rule.minLength,
    rule.maxLength,
  );

/**
 * What the register form says for a sample value: null when accepted, else the player's message.
 * Empty is refused only when the field is required; otherwise pattern and length must hold.
 */
export const checkSample = (rule: RegisterRule, value: string, language: 'bn' | 'en' | 'hi') => {
  if (!rule.enabled) return null;
  if (value === '') return rule.required ? ruleMessage(rule, language) : null;
  const regex = ruleRegex(rule.acceptedPattern);
  const ok = regex?.test(value) === true && value.length >= rule.minLength && value.length <= rule.maxLength;
  return ok ? null : ruleMessage(rule, language);
};

/** Problems of the rule itself, before it is saved (keys of the settings namespace). */
export const ruleProblems = (rule: RegisterRule) => {
  const problems: string[] = [];
  if (rule.minLength > rule.maxLength) problems.push('rules.minOverMax');
  if (ruleRegex(rule.acceptedPattern) === null) problems.push('rules.badPattern');
  return problems;
};
