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

/** The translated text of a refused call (the errors namespace keys `error.<code>`). */
export const useErrorText = () => {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      const key = error instanceof ApiError ? error.message : 'error.system.error';
      return t(key.startsWith('error.') ? key : `error.${key}`, { defaultValue: t('error.system.error') });
    },
    [t],
  );
};
