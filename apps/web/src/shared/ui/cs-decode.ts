/*
 * Customer-service links arrive as `DES-ECB(url, key) + key`, the 8-character key being the last
 * 8 characters (spec §7, API-FACTS §4.3). THIS IS OBFUSCATION, NOT SECURITY: the key travels with
 * the ciphertext, so anyone can read the link. It only keeps naive scrapers from harvesting it.
 *
 * Only the crypto-js modules DES needs are imported (not the whole library), and this file is
 * loaded on demand, so none of it weighs on the first page load.
 */
import CryptoJS from 'crypto-js/core';
import 'crypto-js/tripledes';
import 'crypto-js/mode-ecb';

/** The plain URL of a customer-service entry's `path`; an empty string when it does not decode. */
export const revealCsPath = (path: string): string => {
  if (path.length <= 8) return '';
  const key = CryptoJS.enc.Utf8.parse(path.slice(-8));
  try {
    const plain = CryptoJS.DES.decrypt(path.slice(0, -8), key, {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    });
    return plain.toString(CryptoJS.enc.Utf8);
  } catch {
    return '';
  }
};
