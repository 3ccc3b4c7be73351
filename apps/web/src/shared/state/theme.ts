import { useSyncExternalStore } from 'react';
import { LOCAL_KEYS, readLocal, writeLocal } from './storage';

export type Theme = 'light' | 'dark';

/** Light unless the visitor chose dark (spec §1: kept in local storage, default light). */
export const readTheme = (): Theme => (readLocal(LOCAL_KEYS.theme) === 'dark' ? 'dark' : 'light');

const listeners = new Set<() => void>();
let current: Theme = readTheme();

const applyTheme = (theme: Theme) => {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
};

/** Saves the theme and applies it at once; index.html re-applies it before paint on reload. */
export const setTheme = (theme: Theme) => {
  current = theme;
  writeLocal(LOCAL_KEYS.theme, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
};

export const toggleTheme = () => setTheme(current === 'dark' ? 'light' : 'dark');

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useTheme = (): Theme => useSyncExternalStore(subscribe, () => current);

/** Re-reads storage (tests reset it between cases). */
export const syncThemeFromStorage = () => {
  current = readTheme();
  applyTheme(current);
  for (const listener of listeners) listener();
};
