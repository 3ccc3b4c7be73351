import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../api/client';
import { importChunk } from '../chunk';
import { LOCAL_KEYS, readLocal, writeLocal } from '../state/storage';

export const SUPPORTED = ['bn', 'en', 'hi'] as const;
export type Lang = (typeof SUPPORTED)[number];
export const DEFAULT_LANGUAGE: Lang = 'bn';

/** Locale files are split by feature (namespace) and loaded lazily, one language at a time. */
export const NAMESPACES = ['common', 'shell', 'help', 'download', 'errors', 'auth', 'lobby'] as const;
/** Loaded before first paint; the others load when a component first asks for them (it suspends meanwhile). */
export const INITIAL_NAMESPACES = ['common', 'shell'] as const;

const saved = readLocal(LOCAL_KEYS.language);
const initial: Lang = (SUPPORTED as readonly string[]).includes(saved ?? '')
  ? (saved as Lang)
  : DEFAULT_LANGUAGE;

export const i18nReady = i18next
  .use(
    resourcesToBackend((lng: string, ns: string) =>
      // Locale files are chunks too: the same time-out (spec §9).
      importChunk(() => import(`../../locales/${lng}/${ns}.json`)),
    ),
  )
  .use(initReactI18next)
  .init({
    lng: initial,
    fallbackLng: false,
    supportedLngs: [...SUPPORTED],
    ns: [...INITIAL_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

/** The language the app starts in (saved choice, else the default). */
export const initialLanguage: Lang = initial;

setApiLanguage(initial);
document.documentElement.lang = initial;

/** Saves the choice, switches the locale and the `Language` header; callers refetch what depends on it. */
export const changeLanguage = async (language: Lang) => {
  writeLocal(LOCAL_KEYS.language, language);
  setApiLanguage(language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
};

export { i18next };
