import { createHmac, timingSafeEqual } from 'node:crypto';
import { PROVIDER_MAX_SKEW_S } from '@khela/contract';

/**
 * Request signing of the provider API (docs/decisions/010-provider-api.md):
 * `X-Khela-Signature` = hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`), `X-Khela-Timestamp`
 * = unix seconds. Shared by the server (the provider module verifies) and the vendor simulator
 * (tools/vendor-sim signs), which the provider module mounts in demo mode: so it lives here.
 */
export const signBody = (secret: string, timestamp: number | string, rawBody: Buffer | string) =>
  createHmac('sha256', secret)
    .update(`${timestamp}.`, 'utf8')
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');

const HEX_64 = /^[0-9a-f]{64}$/;
const UNIX_SECONDS = /^[0-9]{1,12}$/;

export type SignatureCheck = 'ok' | 'INVALID_SIGNATURE' | 'EXPIRED';

/**
 * Checks a signature in constant time (over the 32 digest bytes), then the timestamp's distance
 * from `nowMs` (at most 300 s either way). A malformed signature is INVALID_SIGNATURE; a
 * malformed timestamp cannot have been signed by the vendor either, so it is refused as EXPIRED
 * only when the signature over it is valid.
 */
export const verifySignature = (
  secret: string,
  timestampHeader: string | undefined,
  signatureHeader: string | undefined,
  rawBody: Buffer,
  nowMs: number,
): SignatureCheck => {
  if (!timestampHeader || !signatureHeader) return 'INVALID_SIGNATURE';
  const signature = signatureHeader.toLowerCase();
  if (!HEX_64.test(signature)) return 'INVALID_SIGNATURE';
  const expected = Buffer.from(signBody(secret, timestampHeader, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'INVALID_SIGNATURE';
  if (!UNIX_SECONDS.test(timestampHeader)) return 'EXPIRED';
  const skew = Math.abs(nowMs / 1000 - Number(timestampHeader));
  return skew <= PROVIDER_MAX_SKEW_S ? 'ok' : 'EXPIRED';
};
