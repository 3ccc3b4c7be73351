import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setBoApiLanguage } from './api';
import { KEYS, readLocal, writeLocal } from './storage';

export const SUPPORTED = ['en', 'bn', 'hi'] as const;
export type Lang = (typeof SUPPORTED)[number];
/** Staff work in English by default; Bangla and Hindi are complete alternatives. */
export const DEFAULT_LANGUAGE: Lang = 'en';

/**
 * Locale files `src/locales/<lang>/<namespace>.json`, one namespace per feature folder (its id),
 * loaded lazily: a screen's texts arrive with its chunk.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = files[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

const saved = readLocal(KEYS.language);
const initial: Lang = (SUPPORTED as readonly string[]).includes(saved ?? '')
  ? (saved as Lang)
  : DEFAULT_LANGUAGE;

export const i18nReady = i18next
  .use(backend)
  .use(initReactI18next)
  .init({
    lng: initial,
    fallbackLng: false,
    supportedLngs: [...SUPPORTED],
    ns: ['common', 'errors'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

setBoApiLanguage(initial);
document.documentElement.lang = initial;

export const changeLanguage = async (language: Lang) => {
  writeLocal(KEYS.language, language);
  setBoApiLanguage(language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
};

/**
 * The text of a refused call: `error.<code>` of the `errors` namespace (the server sends that
 * key in `message`); an unknown code falls back to a generic text naming the code.
 */
export const errorText = (error: unknown) => {
  const code = (error as { errorCode?: string } | null)?.errorCode ?? 'system.error';
  const key = `error.${code}`;
  return i18next.exists(key, { ns: 'errors' })
    ? i18next.t(key, { ns: 'errors' })
    : i18next.t('error.unknown', { ns: 'errors', code });
};

export { i18next };
