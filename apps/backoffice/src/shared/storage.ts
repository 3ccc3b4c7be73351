/** Browser storage that never throws (private mode, disabled storage). */
const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const KEYS = {
  /** The staff session token: per tab, gone when the tab closes. */
  token: 'bo.token',
  theme: 'bo.theme',
  language: 'bo.lang',
  merchant: 'bo.merchant',
} as const;

export const readSession = (key: string) => safe(() => window.sessionStorage.getItem(key), null);
export const writeSession = (key: string, value: string) =>
  safe(() => window.sessionStorage.setItem(key, value), undefined);
export const removeSession = (key: string) => safe(() => window.sessionStorage.removeItem(key), undefined);
export const readLocal = (key: string) => safe(() => window.localStorage.getItem(key), null);
export const writeLocal = (key: string, value: string) =>
  safe(() => window.localStorage.setItem(key, value), undefined);
