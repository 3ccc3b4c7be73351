import type { RegisterRule } from '@khela/contract';
import type { FieldMessage } from './messages';

/** The rule's pattern as a RegExp: `'*'` means anything (API-FACTS §3.2); a broken pattern matches nothing. */
export const ruleRegex = (acceptedPattern: string): RegExp | null => {
  if (acceptedPattern === '*') return /.*/;
  try {
    return new RegExp(acceptedPattern);
  } catch {
    return null;
  }
};

export const patternKey = (rule: RegisterRule) => `reg_pattern_${rule.patternId}`;

/**
 * Checks a value by a server register rule (spec §5): empty is refused only when required (with
 * the same message); otherwise the pattern must match and the length lie within min..max.
 */
export const checkRule = (
  rule: RegisterRule,
  value: string,
  { required = rule.required, key = patternKey(rule) }: { required?: boolean; key?: string } = {},
): FieldMessage | null => {
  const message = { key, min: rule.minLength, max: rule.maxLength };
  if (value === '') return required ? message : null;
  const regex = ruleRegex(rule.acceptedPattern);
  const ok = regex?.test(value) === true && value.length >= rule.minLength && value.length <= rule.maxLength;
  return ok ? null : message;
};

/** The 20 pattern ids of API-FACTS §3.2. */
export const PATTERN_IDS = Array.from({ length: 20 }, (_, id) => id);
