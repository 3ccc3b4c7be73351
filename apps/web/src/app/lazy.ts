/** Script chunks that do not arrive within this time count as failed (spec §9). */
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
