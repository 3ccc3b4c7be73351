import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from './precompressed';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
  });

  it('honours q=0 and ignores what it cannot make', () => {
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('deflate, identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
  });
});
