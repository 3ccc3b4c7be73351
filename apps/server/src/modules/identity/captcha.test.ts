import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  hashCaptchaAnswer,
  hashCaptchaId,
  isWellFormedCaptchaId,
  newCaptchaId,
  newCaptchaText,
  renderCaptcha,
  sameHash,
} from './captcha';
import { newSmsCode } from './codes';
import { decodePayload } from './human';

describe('captcha', () => {
  it('makes 4 random digits and 256-bit ids', () => {
    const texts = new Set(Array.from({ length: 200 }, newCaptchaText));
    expect([...texts].every((t) => /^[0-9]{4}$/.test(t))).toBe(true);
    expect(texts.size).toBeGreaterThan(150);
    const id = newCaptchaId();
    expect(isWellFormedCaptchaId(id)).toBe(true);
    expect(isWellFormedCaptchaId(`${id}x`)).toBe(false);
    expect(newCaptchaId()).not.toBe(id);
  });

  it('draws every digit into a PNG of the fixed size', async () => {
    for (const text of ['0123', '4567', '8901']) {
      const png = await renderCaptcha(text);
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    }
    await expect(renderCaptcha('12a4')).rejects.toThrow(/glyph/);
  });

  it('binds the stored answer to its captcha id', () => {
    const a = newCaptchaId();
    const b = newCaptchaId();
    expect(hashCaptchaAnswer(a, '1234')).not.toBe(hashCaptchaAnswer(b, '1234'));
    expect(sameHash(hashCaptchaAnswer(a, '1234'), hashCaptchaAnswer(a, '1234'))).toBe(true);
    expect(sameHash(hashCaptchaAnswer(a, '1234'), hashCaptchaAnswer(a, '1235'))).toBe(false);
    expect(hashCaptchaId(a)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('SMS codes and proof-of-work payloads', () => {
  it('makes 6-digit codes, leading zeros kept', () => {
    const codes = Array.from({ length: 500 }, newSmsCode);
    expect(codes.every((c) => /^[0-9]{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(490);
  });

  it('decodes ALTCHA payloads and refuses malformed ones', () => {
    const payload = {
      challenge: { parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: 'abc' },
      solution: { counter: 3, derivedKey: 'ff' },
    };
    expect(decodePayload(Buffer.from(JSON.stringify(payload)).toString('base64'))).toEqual(payload);
    expect(decodePayload(JSON.stringify(payload))).toEqual(payload);
    expect(decodePayload('not base64 json')).toBeNull();
    expect(decodePayload(Buffer.from('{"challenge":{}}').toString('base64'))).toBeNull();
    expect(
      decodePayload(JSON.stringify({ ...payload, solution: { counter: '3', derivedKey: 'ff' } })),
    ).toBeNull();
  });
});
