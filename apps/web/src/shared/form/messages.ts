import { ApiError } from '../api/client';

/**
 * A field's refusal as the forms show it: a translation key and, for rule texts, the bounds to put
 * in; `ns` the namespace of the key (`auth`: `fieldError.*` and `pattern.reg_pattern_*`; `member`:
 * `fieldError.*`), or `text` already translated (amount checks).
 */
export type FieldMessage = { key: string; min?: number; max?: number; ns?: 'auth' | 'member'; text?: string };
export type FieldMessages = Record<string, FieldMessage>;

/** A field message inside react-hook-form's `error.message` (a string): JSON of the message. */
export const encodeMessage = (message: FieldMessage) => JSON.stringify(message);

export const decodeMessage = (message: string | undefined): FieldMessage | null => {
  if (!message) return null;
  try {
    const parsed = JSON.parse(message) as FieldMessage;
    if (parsed && typeof parsed.key === 'string') return parsed;
  } catch {}
  return { key: 'invalid_value' };
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

/**
 * Server field errors of a refused call (`value.fields`, or the refusal itself). The identity calls
 * answer `{ key, min, max }` (auth texts); other modules a message key string (member texts, with
 * `ns: 'member'`); anything else is the generic refusal.
 */
export const serverFieldMessages = (value: unknown, ns?: 'member'): FieldMessages => {
  const source = value instanceof ApiError ? value.value : value;
  const fields = (source as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const generic: FieldMessage = ns ? { key: 'invalid', ns } : { key: 'invalid_value' };
  const out: FieldMessages = {};
  for (const [field, raw] of Object.entries(fields as Record<string, unknown>)) {
    if (raw && typeof raw === 'object' && typeof (raw as FieldMessage).key === 'string') {
      const { key, min, max } = raw as FieldMessage;
      out[field] = {
        key,
        ...(ns ? { ns } : {}),
        ...(typeof min === 'number' ? { min } : {}),
        ...(typeof max === 'number' ? { max } : {}),
      };
    } else if (typeof raw === 'string' && ns) {
      out[field] = { key: raw, ns };
    } else {
      out[field] = generic;
    }
  }
  return out;
};
