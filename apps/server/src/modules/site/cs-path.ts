import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToHex, bytesToUtf8, hexToBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

/*
 * Customer-service links travel as `hex(ChaCha20-Poly1305(url)) + key`, the cipher key and nonce
 * being derived (HKDF-SHA256) from the 8-character key that ends the path (spec §7, API-FACTS
 * §4.3 keeps the "key is the last 8 characters" layout; we own both ends, so the legacy DES was
 * dropped for a maintained library, @noble/ciphers).
 *
 * THIS IS OBFUSCATION, NOT SECURITY: the key ships with the ciphertext, so anyone can read the
 * link. It only keeps naive scrapers from harvesting it. Never put anything secret in these links.
 * The browser's side is apps/web/src/shared/ui/cs-decode.ts (same derivation).
 */

const KEY_LENGTH = 8;
const INFO = utf8ToBytes('khela customer-service path v1');

const cipherFor = (key: string) => {
  const material = hkdf(sha256, utf8ToBytes(key), undefined, INFO, 32 + 12);
  return chacha20poly1305(material.subarray(0, 32), material.subarray(32));
};

/** The obfuscated `path` of a customer-service entry; the same input always gives the same path. */
export const obfuscateCsPath = (url: string, key: string) => {
  if (key.length !== KEY_LENGTH) throw new Error('customer-service key must be 8 characters');
  return `${bytesToHex(cipherFor(key).encrypt(utf8ToBytes(url)))}${key}`;
};

/** The plain link of an obfuscated path; an empty string when it does not decode. */
export const revealCsPath = (path: string) => {
  if (path.length <= KEY_LENGTH) return '';
  try {
    const key = path.slice(-KEY_LENGTH);
    return bytesToUtf8(cipherFor(key).decrypt(hexToBytes(path.slice(0, -KEY_LENGTH))));
  } catch {
    return '';
  }
};
