/*
 * Customer-service links arrive as `hex(ChaCha20-Poly1305(url)) + key`: the cipher key and nonce
 * are derived (HKDF-SHA256) from the 8-character key that ends the path (spec §7, API-FACTS §4.3
 * layout; the server's side is apps/server/src/modules/site/cs-path.ts).
 *
 * THIS IS OBFUSCATION, NOT SECURITY: the key travels with the ciphertext, so anyone can read the
 * link. It only keeps naive scrapers from harvesting it.
 *
 * @noble/ciphers and @noble/hashes are maintained, audited and tree-shaken; this file is loaded on
 * demand (a service button's hover, focus or click), so none of it weighs on the first page load.
 */
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToUtf8, hexToBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

const KEY_LENGTH = 8;
const INFO = utf8ToBytes('khela customer-service path v1');

/** The plain URL of a customer-service entry's `path`; an empty string when it does not decode. */
export const revealCsPath = (path: string): string => {
  if (path.length <= KEY_LENGTH) return '';
  try {
    const material = hkdf(sha256, utf8ToBytes(path.slice(-KEY_LENGTH)), undefined, INFO, 32 + 12);
    const cipher = chacha20poly1305(material.subarray(0, 32), material.subarray(32));
    return bytesToUtf8(cipher.decrypt(hexToBytes(path.slice(0, -KEY_LENGTH))));
  } catch {
    return '';
  }
};
