import { useSyncExternalStore } from 'react';

/** Chromium's event offering to install the site as an app (not in the DOM typings). */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
};

export type InstallState = 'installed' | 'available' | 'unavailable';

let deferred: BeforeInstallPromptEvent | null = null;
let installedNow = false;
let listening = false;
const subscribers = new Set<() => void>();
const notify = () => {
  for (const fn of subscribers) fn();
};

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/**
 * Keeps the browser's install offer for the download page's install button. The event fires soon
 * after the first load, so this runs at start-up (main.tsx) and again, harmlessly, on the page.
 */
export const captureInstallPrompt = () => {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installedNow = true;
    notify();
  });
};

const snapshot = (): InstallState =>
  installedNow || isStandalone() ? 'installed' : deferred ? 'available' : 'unavailable';

const subscribe = (fn: () => void) => {
  subscribers.add(fn);
  return () => subscribers.delete(fn);
};

/** Shows the browser's own install dialog; true when the visitor accepted. */
export const promptInstall = async (): Promise<boolean> => {
  const event = deferred;
  if (!event) return false;
  deferred = null; // an offer can be shown once
  notify();
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome === 'accepted';
};

export const useInstallState = () => useSyncExternalStore(subscribe, snapshot, () => 'unavailable' as const);
