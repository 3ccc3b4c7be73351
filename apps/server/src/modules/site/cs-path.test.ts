import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { obfuscateCsPath, revealCsPath } from './cs-path';

describe('customer-service path obfuscation', () => {
  it('gives the vectors the browser test decodes (apps/web/src/shared/ui/customer-service.test.ts)', () => {
    expect(obfuscateCsPath('/helpmc', 'kh3l4cs1')).toBe(
      '1ea3703c95c53d200970158231f628f446c58d7555497bkh3l4cs1',
    );
    expect(obfuscateCsPath('https://www.facebook.com/khela.games', 'kh3l4fb2')).toBe(
      '40af0b68b56ba505c2f2811993fb6fb5da17475de16b2512c61edf652280331e3928d3c54b268279b6479f98bcdf8b1893a0e809kh3l4fb2',
    );
  });

  it('round-trips any link with any 8-character key, the key ending the path', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 0, maxLength: 200 }),
        fc.string({ minLength: 8, maxLength: 8 }),
        (url, key) => {
          fc.pre([...key].length === 8 && key.length === 8);
          const path = obfuscateCsPath(url, key);
          expect(path.endsWith(key)).toBe(true);
          expect(revealCsPath(path)).toBe(url);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses keys that are not 8 characters and reveals nothing from a tampered path', () => {
    expect(() => obfuscateCsPath('/helpmc', 'short')).toThrow(/8 characters/);
    const path = obfuscateCsPath('/helpmc', 'kh3l4cs1');
    expect(revealCsPath(`${path.slice(0, -8)}kh3l4cs2`)).toBe('');
    expect(revealCsPath(`ff${path.slice(2)}`)).toBe('');
    expect(revealCsPath('kh3l4cs1')).toBe('');
  });
});
