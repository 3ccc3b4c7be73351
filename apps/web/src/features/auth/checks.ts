import type { RegisterRule } from '@khela/contract';
import { checkRule, type FieldMessage } from '../../shared/form';
import { cleanMobile, parseMobile } from './phone';

/** A mobile number for its dialling code: required, and a mobile number of that country. */
export const mobileMessage = (mobile: string, dialCode: string): FieldMessage | null => {
  const raw = cleanMobile(mobile);
  if (!raw) return { key: 'mobile_required' };
  return parseMobile(raw, dialCode) ? null : { key: 'invalid_mobile_number' };
};

/**
 * A required value by its register rule (spec §5), or, without a rule, just required: the rule's
 * text (or `key`) when it does not match, `requiredKey` when empty and no rule is set.
 */
export const byRule = (
  rule: RegisterRule | undefined,
  value: string,
  requiredKey: string,
  key?: string,
): FieldMessage | null =>
  rule
    ? checkRule(rule, value, { required: true, ...(key ? { key } : {}) })
    : value
      ? null
      : { key: requiredKey };
