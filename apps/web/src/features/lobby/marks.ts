import { useEffect, useSyncExternalStore } from 'react';

/**
 * Performance marks of the `/rng` first paint (`khela:<name>`, read by bench/first-paint.ts):
 * each is set once per page load, so the benchmark can tell where the time went.
 */
export const markOnce = (name: string) => {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  const full = `khela:${name}`;
  if (performance.getEntriesByName(full, 'mark').length === 0) performance.mark(full);
};

/*
 * "The first page of games has been painted": what is not needed for it (the hot list, the
 * jackpot counter, the swiper's measuring) waits for this, so it neither delays that paint nor
 * makes a Suspense boundary show a fallback meanwhile (React holds later reveals after one).
 */
let painted = false;
const listeners = new Set<() => void>();
/** However a page goes, the deferred parts start after this long. */
export const FIRST_PAINT_WAIT_MS = 4000;

export const markFirstPaint = () => {
  if (painted) return;
  painted = true;
  markOnce('first-paint');
  for (const listener of listeners) listener();
};

/** The grid calls this once its first page (games, or the empty state) is committed: the flag flips after that frame. */
export const markGridShown = () => {
  markOnce('grid');
  if (painted) return;
  if (typeof requestAnimationFrame === 'undefined') markFirstPaint();
  else requestAnimationFrame(() => window.setTimeout(markFirstPaint, 0));
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** True once the first page of games has been painted (or FIRST_PAINT_WAIT_MS after mounting). */
export const useAfterFirstPaint = () => {
  const done = useSyncExternalStore(subscribe, () => painted);
  useEffect(() => {
    if (painted) return;
    const timer = window.setTimeout(markFirstPaint, FIRST_PAINT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return done;
};
