import CryptoJS from 'crypto-js';

/**
 * Customer-service links travel as `DES-ECB(url, key) + key`, the key being the last 8
 * characters (spec §7, API-FACTS §4.3). This is obfuscation against scrapers, NOT security:
 * the key ships with the ciphertext. Nothing secret may ever be put in these links.
 */
export const obfuscateCsPath = (url: string, key: string) => {
  if (key.length !== 8) throw new Error('customer-service key must be 8 characters');
  const cipher = CryptoJS.DES.encrypt(url, CryptoJS.enc.Utf8.parse(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  });
  return `${cipher.toString()}${key}`;
};

export const revealCsPath = (path: string) => {
  const key = path.slice(-8);
  const text = CryptoJS.DES.decrypt(path.slice(0, -8), CryptoJS.enc.Utf8.parse(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  });
  return text.toString(CryptoJS.enc.Utf8);
};
