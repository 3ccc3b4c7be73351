import { createHash, createHmac } from 'node:crypto';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  commitmentOf,
  createByteStream,
  FairError,
  hmacBlock,
  isClientSeed,
  isServerSeed,
  mapDraw,
} from './index';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('commitment and byte stream', () => {
  it('matches vectors computed with openssl and sha256sum', () => {
    // printf %s SEED | sha256sum
    expect(commitmentOf(SEED)).toBe('6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b');
    // printf %s "player-seed:0:0" | openssl dgst -sha256 -hmac SEED
    expect(bytesToHex(hmacBlock(SEED, 'player-seed', 0, 0))).toBe(
      '933eb902603a887856d60733a7dfc63a50602426c0942cea0c538cc5de31a920',
    );
    expect(bytesToHex(hmacBlock(SEED, 'player-seed', 0, 1))).toBe(
      'ed0ad6fbc5a5f47a387e59ef300c9a1bd3245b8d6f241800d7da28a30d742985',
    );
    expect(bytesToHex(hmacBlock(SEED, 'player-seed', 7, 0))).toBe(
      '1e70c909c7d9f467c4d1f5cafa084b830f05fb23176aa533620a23d2cd64b7aa',
    );
  });

  it('agrees with node:crypto for many seeds, nonces and cursors', () => {
    for (let i = 0; i < 50; i++) {
      const serverSeed = createHash('sha256').update(`seed ${i}`).digest('hex');
      const clientSeed = `c${i}~!x`.slice(0, 1 + (i % 6));
      expect(commitmentOf(serverSeed)).toBe(createHash('sha256').update(serverSeed).digest('hex'));
      for (const [nonce, cursor] of [
        [i, 0],
        [i * 1000, 3],
      ] as const) {
        const expected = createHmac('sha256', serverSeed)
          .update(`${clientSeed}:${nonce}:${cursor}`)
          .digest('hex');
        expect(bytesToHex(hmacBlock(serverSeed, clientSeed, nonce, cursor))).toBe(expected);
      }
    }
  });

  it('streams block 0, then block 1, … as big-endian 32-bit draws', () => {
    const stream = createByteStream({ serverSeed: SEED, clientSeed: 'player-seed', nonce: 0 });
    const bytes = [...hmacBlock(SEED, 'player-seed', 0, 0), ...hmacBlock(SEED, 'player-seed', 0, 1)];
    const draws = Array.from({ length: 16 }, () => stream.nextUint32());
    const expected = Array.from(
      { length: 16 },
      (_, i) =>
        (((bytes[4 * i] as number) << 24) |
          ((bytes[4 * i + 1] as number) << 16) |
          ((bytes[4 * i + 2] as number) << 8) |
          (bytes[4 * i + 3] as number)) >>>
        0,
    );
    expect(draws).toEqual(expected);
    expect(stream.position).toBe(64);
    // A draw that straddles a block boundary: 31 single bytes, then 4 bytes across blocks 0 and 1.
    const s2 = createByteStream({ serverSeed: SEED, clientSeed: 'player-seed', nonce: 0 });
    for (let i = 0; i < 31; i++) expect(s2.nextByte()).toBe(bytes[i]);
    expect(s2.nextUint32()).toBe(
      (((bytes[31] as number) << 24) |
        ((bytes[32] as number) << 16) |
        ((bytes[33] as number) << 8) |
        (bytes[34] as number)) >>>
        0,
    );
  });

  it('is deterministic and changes with every input', () => {
    const draw = (serverSeed: string, clientSeed: string, nonce: number) =>
      Array.from(
        { length: 8 },
        (
          (s) => () =>
            s.uniformInt(1000)
        )(createByteStream({ serverSeed, clientSeed, nonce })),
      );
    const a = draw(SEED, 'abc', 1);
    expect(draw(SEED, 'abc', 1)).toEqual(a);
    expect(draw(SEED, 'abd', 1)).not.toEqual(a);
    expect(draw(SEED, 'abc', 2)).not.toEqual(a);
    expect(draw(`${SEED.slice(0, 63)}0`, 'abc', 1)).not.toEqual(a);
  });

  it('refuses malformed seeds, nonces and ranges', () => {
    expect(isServerSeed(SEED)).toBe(true);
    expect(isServerSeed(SEED.toUpperCase())).toBe(false);
    expect(isServerSeed(SEED.slice(1))).toBe(false);
    expect(isClientSeed('a')).toBe(true);
    expect(isClientSeed('x'.repeat(64))).toBe(true);
    expect(isClientSeed('x'.repeat(65))).toBe(false);
    expect(isClientSeed('')).toBe(false);
    expect(isClientSeed('has space')).toBe(false);
    expect(isClientSeed('ünïcode')).toBe(false);
    expect(() => createByteStream({ serverSeed: 'zz', clientSeed: 'a', nonce: 0 })).toThrow(FairError);
    expect(() => createByteStream({ serverSeed: SEED, clientSeed: '', nonce: 0 })).toThrow(FairError);
    expect(() => createByteStream({ serverSeed: SEED, clientSeed: 'a', nonce: -1 })).toThrow(FairError);
    expect(() => createByteStream({ serverSeed: SEED, clientSeed: 'a', nonce: 1.5 })).toThrow(FairError);
    const stream = createByteStream({ serverSeed: SEED, clientSeed: 'a', nonce: 0 });
    expect(() => stream.uniformInt(0)).toThrow(FairError);
    expect(() => stream.uniformInt(2 ** 32 + 1)).toThrow(FairError);
    expect(() => commitmentOf('nope')).toThrow(FairError);
  });
});

describe('rejection sampling', () => {
  it('maps an exhaustive 16-bit source to every outcome exactly equally often', () => {
    for (const n of [1, 2, 3, 5, 6, 7, 10, 35, 36, 37, 100, 1000, 4099, 65_535, 65_536]) {
      const counts = new Array<number>(n).fill(0);
      let rejected = 0;
      for (let draw = 0; draw < 65_536; draw++) {
        const value = mapDraw(draw, 16, n);
        if (value === null) rejected += 1;
        else counts[value] = (counts[value] ?? 0) + 1;
      }
      const each = Math.floor(65_536 / n);
      expect(counts.every((c) => c === each)).toBe(true);
      expect(rejected).toBe(65_536 - each * n);
    }
  });

  it('would fail for a plain modulo mapping (the test can tell)', () => {
    const n = 37;
    const counts = new Array<number>(n).fill(0);
    for (let draw = 0; draw < 65_536; draw++) counts[draw % n] = (counts[draw % n] ?? 0) + 1;
    expect(new Set(counts).size).toBeGreaterThan(1);
  });

  it('uniformInt applies the same rule to 32-bit draws, rejecting and drawing again', () => {
    // n = 2^31 + 1 rejects draws ≥ 2^31 + 1 (almost half): compare with the raw draws.
    const n = 2 ** 31 + 1;
    const raw = createByteStream({ serverSeed: SEED, clientSeed: 'rej', nonce: 5 });
    const mapped = createByteStream({ serverSeed: SEED, clientSeed: 'rej', nonce: 5 });
    let rejections = 0;
    for (let i = 0; i < 200; i++) {
      let expected: number | null = null;
      while (expected === null) {
        expected = mapDraw(raw.nextUint32(), 32, n);
        if (expected === null) rejections += 1;
      }
      expect(mapped.uniformInt(n)).toBe(expected);
    }
    expect(rejections).toBeGreaterThan(0);
    expect(mapped.position).toBe(raw.position);
  });
});
