import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { type FieldMessage, fillBounds } from './messages';

/**
 * The text of a field message: `auth` keys (`pattern.reg_pattern_<id>` for rule texts, else
 * `fieldError.<key>`, bounds filled in) or `member` keys (`fieldError.<key>`, dots as underscores),
 * each falling back to its namespace's generic refusal. The namespace is the one the form's own
 * page has loaded already: nothing here asks for another (a sign-in form never waits for the
 * member texts, nor a member page for the sign-in ones).
 */
export const useFieldText = () => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (message: FieldMessage | null | undefined) => {
      if (!message) return undefined;
      if (message.text !== undefined) return message.text;
      if (message.ns === 'member') {
        const member = i18n.getFixedT(language, 'member');
        // Only message keys are looked up; a sentence (a default zod message) gets the generic text.
        return /^[a-zA-Z][a-zA-Z0-9._]{0,60}$/.test(message.key)
          ? member(`fieldError.${message.key.replaceAll('.', '_')}`, {
              defaultValue: member('fieldError.invalid'),
            })
          : member('fieldError.invalid');
      }
      const auth = i18n.getFixedT(language, 'auth');
      const key = message.key.startsWith('reg_pattern_')
        ? `pattern.${message.key}`
        : `fieldError.${message.key}`;
      return fillBounds(
        auth(key, { defaultValue: auth('fieldError.invalid_value') }),
        message.min,
        message.max,
      );
    },
    [i18n, language],
  );
};

/** Minor units as a plain decimal amount (2 places). */
const decimal = (minor: unknown) => {
  const n = typeof minor === 'string' && /^-?[0-9]+$/.test(minor) ? BigInt(minor) : null;
  if (n === null) return '';
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/**
 * The words a protection refusal names (ADR 030): which limit, which period, the amount and the
 * usage, in the page's language (`protection.*` keys of the errors namespace).
 */
const protectionValues = (value: unknown, t: (key: string) => string) => {
  if (typeof value !== 'object' || value === null) return {};
  const v = value as {
    limit?: unknown;
    period?: unknown;
    amount?: unknown;
    usage?: unknown;
    until?: unknown;
  };
  const session = v.limit === 'session';
  return {
    ...(typeof v.limit === 'string' ? { limit: t(`protection.limit.${v.limit}`) } : {}),
    ...(typeof v.period === 'string' ? { period: t(`protection.period.${v.period}`) } : {}),
    ...(v.amount !== undefined ? { amount: session ? String(v.amount) : decimal(v.amount) } : {}),
    ...(v.usage !== undefined ? { usage: session ? String(v.usage) : decimal(v.usage) } : {}),
    ...(typeof v.until === 'number' ? { until: new Date(v.until).toLocaleString() } : {}),
  };
};

/** The translated text of a refused call (the errors namespace keys `error.<code>`). */
export const useErrorText = () => {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      const key = error instanceof ApiError ? error.message : 'error.system.error';
      return t(key.startsWith('error.') ? key : `error.${key}`, {
        defaultValue: t('error.system.error'),
        ...(error instanceof ApiError ? protectionValues(error.value, t) : {}),
      });
    },
    [t],
  );
};
