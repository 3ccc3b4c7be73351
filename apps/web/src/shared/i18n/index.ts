import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../api/client';
import { importChunk } from '../chunk';
import { i18nextFormatter } from '../format/locale';
import { LOCAL_KEYS, readLocal, writeLocal } from '../state/storage';
import { DEFAULT_LANGUAGE, INITIAL_NAMESPACES, type Lang, SUPPORTED } from './languages';

export { DEFAULT_LANGUAGE, INITIAL_NAMESPACES, type Lang, NAMESPACES, SUPPORTED } from './languages';

const saved = readLocal(LOCAL_KEYS.language);
const initial: Lang = (SUPPORTED as readonly string[]).includes(saved ?? '')
  ? (saved as Lang)
  : DEFAULT_LANGUAGE;

// Locale files are chunks too: the same time-out (spec §9).
const loadLocale = (lng: string, ns: string) => importChunk(() => import(`../../locales/${lng}/${ns}.json`));

export const i18nReady = i18next
  .use(resourcesToBackend(loadLocale))
  .use(initReactI18next)
  // Every number interpolated into a text in the language's digits (shared/format/locale.ts).
  .use(i18nextFormatter)
  .init({
    lng: initial,
    fallbackLng: false,
    supportedLngs: [...SUPPORTED],
    ns: [...INITIAL_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false, alwaysFormat: true },
    react: { useSuspense: true },
  });

/** The language the app starts in (saved choice, else the default). */
export const initialLanguage: Lang = initial;

setApiLanguage(initial);
document.documentElement.lang = initial;

/**
 * Starts downloading namespaces of the current language now, without waiting for the first ones
 * (i18nReady): i18next's own request for them later finds the module loaded (router.tsx, a page
 * group's locale files alongside its chunk).
 */
export const prefetchNamespaces = (namespaces: readonly string[]) => {
  const language = i18next.language || initial;
  for (const ns of namespaces) loadLocale(language, ns).catch(() => undefined);
};

/** Saves the choice, switches the locale and the `Language` header; callers refetch what depends on it. */
export const changeLanguage = async (language: Lang) => {
  writeLocal(LOCAL_KEYS.language, language);
  setApiLanguage(language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
};

export { i18next };
