import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBadBytes, MAX_DEPTH } from '../src/http/bad-bytes';
import { staffLogin } from '../src/modules/staff/test-support';
import { createClock, createTestApp, type TestApp } from './helpers';

/** ADR 029: a caller's bad bytes are a 400 envelope, never a 500, and write nothing. */
let t: TestApp;
const clock = createClock('2026-03-01T10:00:00Z');
let ip = 0;
const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
const envelope = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  ...(res.json() as { success: boolean; errorCode: string }),
});

describe('bad bytes', () => {
  it('finds NUL, lone surrogates (not pairs), bad keys and deep nesting', () => {
    expect(findBadBytes({ a: 'ok 😀 টাকা' })).toBeNull();
    expect(findBadBytes({ a: ['x', 'a\u0000b'] })).toBe('a.1');
    expect(findBadBytes({ a: { b: 'x\uD800' } })).toBe('a.b');
    expect(findBadBytes({ a: '\uDC00x' })).toBe('a');
    expect(findBadBytes({ 'k\u0000': 1 })).toBe('(key)');
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_DEPTH + 1; i += 1) deep = [deep];
    expect(findBadBytes({ deep })).not.toBeNull();
  });

  it('answers 400 validation.failed for NUL or a lone surrogate in the login (no login needed)', async () => {
    const nul = await post('/wps/session/login', JSON.stringify({ username: 'a\u0000b', password: 'x' }));
    expect(envelope(nul)).toMatchObject({ status: 400, success: false, errorCode: 'validation.failed' });
    // The raw JSON text carries the escape: JSON.stringify would write the lone surrogate as \\ud800 too.
    const lone = await post('/wps/session/login', '{"username":"ab\\ud800","password":"x"}');
    expect(envelope(lone)).toMatchObject({ status: 400, errorCode: 'validation.failed' });
    const staff = await post(
      '/bo/api/session/login',
      JSON.stringify({ username: 'own\u0000er', password: 'x' }),
    );
    expect(envelope(staff)).toMatchObject({ status: 400, errorCode: 'validation.failed' });
  });

  it('answers 400 for NUL in a query string and for the affiliate check', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/affiliate?code=a%00b',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('validation.failed');
  });

  it('answers 4xx envelopes for malformed JSON, bad UTF-8, deep nesting, a huge body and a wrong content type', async () => {
    const malformed = await post('/wps/session/login', '{"username": "a", ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
    const badUtf8 = await post(
      '/wps/session/login',
      Buffer.concat([
        Buffer.from('{"username":"a'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from('","password":"x"}'),
      ]),
    );
    expect(badUtf8.statusCode).toBeGreaterThanOrEqual(400);
    expect(badUtf8.statusCode).toBeLessThan(500);
    const deep = await post(
      '/wps/session/login',
      `{"username":${'['.repeat(5000)}${']'.repeat(5000)},"password":"x"}`,
    );
    expect(envelope(deep)).toMatchObject({ status: 400, success: false });
    const huge = await post(
      '/wps/session/login',
      JSON.stringify({ username: 'a'.repeat(2 * 1024 * 1024), password: 'x' }),
    );
    expect(envelope(huge)).toMatchObject({ status: 413, success: false });
    const text = await post('/wps/session/login', 'username=a', { 'content-type': 'text/plain' });
    expect(envelope(text)).toMatchObject({ success: false });
    expect([400, 415]).toContain(text.statusCode);
    const xml = await post('/wps/session/login', '<a/>', { 'content-type': 'application/xml' });
    expect(envelope(xml)).toMatchObject({ status: 415, success: false });
  });

  it('answers 400 for multipart without a boundary on the upload routes, and writes nothing', async () => {
    const token = await staffLogin(t.app, clock, 'owner', nextIp());
    const before = await t.db
      .selectFrom('bo_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const url of ['/bo/api/media', '/bo/api/cashier/upload']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: nextIp(),
        headers: { authorization: token, 'content-type': 'multipart/form-data' },
        payload: 'not really multipart',
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
    const after = await t.db
      .selectFrom('bo_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
