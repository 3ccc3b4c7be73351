/**
 * The site's languages and locale namespaces: plain data, read by the i18n set-up (index.ts) and
 * by the build (vite.config.ts writes the first page's locale files into index.html).
 */
export const SUPPORTED = ['bn', 'en', 'hi'] as const;
export type Lang = (typeof SUPPORTED)[number];
export const DEFAULT_LANGUAGE: Lang = 'bn';

/** Locale files are split by feature (namespace) and loaded lazily, one language at a time. */
export const NAMESPACES = [
  'common',
  'shell',
  'help',
  'download',
  'errors',
  'auth',
  'lobby',
  'lottery',
  'loyalty',
  'agency',
  'tables',
  'sportsbook',
  'vnlottery',
  'pvp',
] as const;
/** Loaded before first paint; the others load when a component first asks for them (it suspends meanwhile). */
export const INITIAL_NAMESPACES = ['common', 'shell'] as const;
