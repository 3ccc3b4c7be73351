import type { EncryptionKey } from '@khela/contract';
import { ApiError, type ApiName, type ApiValue, callApi } from '../../shared/api/client';
import { importChunk } from '../../shared/chunk';

/**
 * Sealed request bodies for the calls marked `encrypted` (login, registration, passwords): the
 * JSON body is encrypted to the server's published key (`GET /wps/system/encryptionKey`) as a
 * compact JWE (RSA-OAEP-256 + A256GCM) and sent as `{ jwe }`. `jose` loads with the first sealed
 * call, inside the auth chunk. Where the browser has no Web Crypto (a plain-http page that is not
 * localhost) the body goes as plain JSON, which the server still accepts.
 */

let key: Promise<{ kid: string; key: CryptoKey }> | null = null;

const loadKey = () => {
  if (!key) {
    key = (async () => {
      const [{ importJWK }, published] = await Promise.all([
        importChunk(() => import('jose')),
        callApi('encryptionKey') as Promise<EncryptionKey>,
      ]);
      return { kid: published.kid, key: (await importJWK(published.jwk, 'RSA-OAEP-256')) as CryptoKey };
    })().catch((error: unknown) => {
      key = null;
      throw error;
    });
  }
  return key;
};

/** `{ jwe }` for a body, or null when this browser cannot seal. */
export const sealBody = async (body: unknown): Promise<{ jwe: string } | null> => {
  if (typeof crypto === 'undefined' || !crypto.subtle) return null;
  const [{ CompactEncrypt }, published] = await Promise.all([importChunk(() => import('jose')), loadKey()]);
  const jwe = await new CompactEncrypt(Uint8Array.from(new TextEncoder().encode(JSON.stringify(body))))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: published.kid })
    .encrypt(published.key);
  return { jwe };
};

/** Calls an `encrypted` endpoint with its body sealed; a rotated-away key is fetched again once. */
export const callSealed = async <N extends ApiName>(
  name: N,
  { body }: { body: unknown },
): Promise<ApiValue<N>> => {
  const send = async () => callApi(name, { body: (await sealBody(body)) ?? body });
  try {
    return await send();
  } catch (error) {
    const stale =
      error instanceof ApiError &&
      error.errorCode === 'request_body_required' &&
      (error.value as { reason?: unknown } | undefined)?.reason === 'jwe';
    if (!stale) throw error;
    key = null;
    return send();
  }
};
