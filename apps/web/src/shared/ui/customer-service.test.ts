import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToHex, utf8ToBytes } from '@noble/ciphers/utils.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { revealCsPath } from './cs-decode';
import { safeServiceUrl } from './customer-service';

/** The server's side of the obfuscation (apps/server/src/modules/site/cs-path.ts), written out again. */
const obfuscate = (url: string, key: string) => {
  const material = hkdf(
    sha256,
    utf8ToBytes(key),
    undefined,
    utf8ToBytes('khela customer-service path v1'),
    44,
  );
  const cipher = chacha20poly1305(material.subarray(0, 32), material.subarray(32));
  return `${bytesToHex(cipher.encrypt(utf8ToBytes(url)))}${key}`;
};

describe('customer-service path', () => {
  it('decodes the demo entries the server sends (same vectors as the server test)', () => {
    expect(revealCsPath('1ea3703c95c53d200970158231f628f446c58d7555497bkh3l4cs1')).toBe('/helpmc');
    expect(
      revealCsPath(
        '40af0b68b56ba505c2f2811993fb6fb5da17475de16b2512c61edf652280331e3928d3c54b268279b6479f98bcdf8b1893a0e809kh3l4fb2',
      ),
    ).toBe('https://www.facebook.com/khela.games');
  });

  it('round-trips with the server obfuscation, the key being the last 8 characters', () => {
    const url = 'https://t.me/khela_support?start=web&lang=বাংলা';
    const path = obfuscate(url, 'a1b2c3d4');
    expect(path.endsWith('a1b2c3d4')).toBe(true);
    expect(path).not.toContain('t.me');
    expect(revealCsPath(path)).toBe(url);
  });

  it('gives an empty string for paths that do not decode', () => {
    expect(revealCsPath('short')).toBe('');
    expect(revealCsPath('not-hex-at-all!!kh3l4cs1')).toBe('');
    // The right ciphertext under another key fails its authentication tag instead of giving garbage.
    expect(revealCsPath('1ea3703c95c53d200970158231f628f446c58d7555497bkh3l4cs2')).toBe('');
    // One flipped byte likewise.
    expect(revealCsPath('0ea3703c95c53d200970158231f628f446c58d7555497bkh3l4cs1')).toBe('');
  });

  it('lets only web addresses open', () => {
    expect(safeServiceUrl('/helpmc')).toBe(`${window.location.origin}/helpmc`);
    expect(safeServiceUrl('https://t.me/khela')).toBe('https://t.me/khela');
    expect(safeServiceUrl('javascript:alert(1)')).toBeNull();
    expect(safeServiceUrl('')).toBeNull();
  });
});
