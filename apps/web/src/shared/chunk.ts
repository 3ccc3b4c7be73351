import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Script chunks (and locale files) that do not arrive within this time count as failed (spec §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super('chunk load timed out');
  }
}

/** Wraps a dynamic import so a stalled chunk fails after CHUNK_TIMEOUT_MS instead of hanging. */
export const withTimeout =
  <T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): (() => Promise<T>) =>
  () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });

/** A dynamic import that fails with ChunkTimeoutError after CHUNK_TIMEOUT_MS. */
export const importChunk = <T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> =>
  withTimeout(load, ms)();

/**
 * React.lazy with the chunk time-out: every lazily loaded component of the site goes through this
 * (a test checks), so a stalled chunk ends in the translated "page load timed out" view with a
 * retry instead of a spinner for ever.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint
export const lazyChunk = <T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  ms = CHUNK_TIMEOUT_MS,
): LazyExoticComponent<T> => lazy(withTimeout(load, ms));
