import type { RegisterRule } from '@khela/contract';

/** A field's refusal: a translation key of the `auth` namespace plus the bounds to substitute. */
export type FieldMessage = { key: string; min?: number; max?: number };
export type FieldMessages = Record<string, FieldMessage>;

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
 * Checks a value by a server rule (spec §5): empty is refused only when required (with the same
 * message); otherwise the pattern must match and the length lie within min..max.
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

/**
 * Puts the bounds into a rule text: `(min)` and `(max)`; when they are equal the range
 * (`(min)-(max)`, `(min) - (max)`, `(min) ~ (max)`) collapses to the one number.
 */
export const fillBounds = (text: string, min?: number, max?: number) => {
  let out = text;
  if (min !== undefined && max !== undefined && min === max) {
    out = out.replace(/\(min\)\s*[-–~]\s*\(max\)/g, String(min));
  }
  if (min !== undefined) out = out.replaceAll('(min)', String(min));
  if (max !== undefined) out = out.replaceAll('(max)', String(max));
  return out;
};

/** The 20 pattern ids of API-FACTS §3.2. */
export const PATTERN_IDS = Array.from({ length: 20 }, (_, id) => id);

/**
 * Server field errors as the form shows them. The identity calls answer
 * `{ key, min, max }`; the generic schema check answers a plain message string.
 */
export const serverFieldMessages = (value: unknown): FieldMessages => {
  const fields = (value as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const out: FieldMessages = {};
  for (const [field, raw] of Object.entries(fields as Record<string, unknown>)) {
    if (raw && typeof raw === 'object' && typeof (raw as FieldMessage).key === 'string') {
      const { key, min, max } = raw as FieldMessage;
      out[field] = {
        key,
        ...(typeof min === 'number' ? { min } : {}),
        ...(typeof max === 'number' ? { max } : {}),
      };
    } else {
      out[field] = { key: 'invalid_value' };
    }
  }
  return out;
};
