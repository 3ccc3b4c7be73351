import CryptoJS from 'crypto-js';
import { describe, expect, it } from 'vitest';
import { revealCsPath } from './cs-decode';
import { safeServiceUrl } from './customer-service';

/** The server's side of the obfuscation (apps/server/src/modules/site/cs-path.ts). */
const obfuscate = (url: string, key: string) =>
  `${CryptoJS.DES.encrypt(url, CryptoJS.enc.Utf8.parse(key), { mode: CryptoJS.mode.ECB, padding: CryptoJS.pad.Pkcs7 }).toString()}${key}`;

describe('customer-service path', () => {
  it('decodes the demo entries the server sends', () => {
    expect(revealCsPath('LW/MgpA9res=kh3l4cs1')).toBe('/helpmc');
    expect(revealCsPath('93qJ0eFMfQ2YBZaZC3KsRYo7/afKbnK7A/yCryWQjhAayno6/9pskg==kh3l4fb2')).toBe(
      'https://www.facebook.com/khela.games',
    );
  });

  it('round-trips with the server obfuscation, the key being the last 8 characters', () => {
    const url = 'https://t.me/khela_support?start=web';
    expect(revealCsPath(obfuscate(url, 'a1b2c3d4'))).toBe(url);
  });

  it('gives an empty string for paths that do not decode', () => {
    expect(revealCsPath('short')).toBe('');
    expect(revealCsPath('not-base64-at-all!!kh3l4cs1')).toBe('');
  });

  it('lets only web addresses open', () => {
    expect(safeServiceUrl('/helpmc')).toBe(`${window.location.origin}/helpmc`);
    expect(safeServiceUrl('https://t.me/khela')).toBe('https://t.me/khela');
    expect(safeServiceUrl('javascript:alert(1)')).toBeNull();
    expect(safeServiceUrl('')).toBeNull();
  });
});
