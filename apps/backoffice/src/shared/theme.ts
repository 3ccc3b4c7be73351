import { useSyncExternalStore } from 'react';
import { KEYS, readLocal, writeLocal } from './storage';

type Theme = 'light' | 'dark';
const listeners = new Set<() => void>();
const current = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

export const setTheme = (theme: Theme) => {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  writeLocal(KEYS.theme, theme);
  for (const listener of listeners) listener();
};

export const useTheme = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    () => 'light' as Theme,
  );

export const initialTheme = () => (readLocal(KEYS.theme) === 'dark' ? 'dark' : 'light');
