import { ApiError, callApi } from '../../shared/api/client';
import { importChunk } from '../../shared/chunk';

/**
 * Self-hosted human verification (HUMANVERIF3, spec §4 login step; no third-party service): fetch
 * the server's signed ALTCHA challenge, solve its proof-of-work in the browser (Web Crypto PBKDF2)
 * and answer the payload the server checks once: base64 JSON `{ challenge, solution }`.
 * The solver loads only when a brand turns the flag on.
 */
export const solveHumanChallenge = async (signal?: AbortSignal): Promise<string> => {
  const [{ solveChallenge }, { deriveKey }, challenge] = await Promise.all([
    importChunk(() => import('altcha-lib')),
    importChunk(() => import('altcha-lib/algorithms/web/pbkdf2')),
    callApi('humanChallenge', signal ? { signal } : {}),
  ]);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) throw new ApiError(400, 'verification.required', 'error.verification.required');
  const json = JSON.stringify({ challenge, solution });
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)));
};

/** The `altcha` field for a call that needs it: solved only when the brand has HUMANVERIF3 on. */
export const humanField = async (enabled: boolean): Promise<{ altcha?: string }> =>
  enabled ? { altcha: await solveHumanChallenge() } : {};

/**
 * Runs a call the brand's human verification may guard, with its `altcha` field: solved first
 * when the page knows HUMANVERIF3 is on. A page loaded before an operator turned the flag on
 * learns it from the server's 400 `verification.required`: it solves once and sends again.
 */
export const withHuman = async <T>(
  enabled: boolean,
  call: (field: { altcha?: string }) => Promise<T>,
): Promise<T> => {
  const field = await humanField(enabled);
  try {
    return await call(field);
  } catch (error) {
    if (enabled || !(error instanceof ApiError) || error.errorCode !== 'verification.required') throw error;
    return call({ altcha: await solveHumanChallenge() });
  }
};
