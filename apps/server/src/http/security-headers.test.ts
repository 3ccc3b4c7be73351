import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';

/** ADR 029: security headers and Secure cookies. */
const INLINE = "document.documentElement.classList.add('dark');";
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const webDist = () => {
  const dir = mkdtempSync(join(tmpdir(), 'khela-csp-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><script>${INLINE}</script><!-- first-page-loads --></head><body><div id="root"></div><!-- first-data --><script type="module" src="/assets/app.js"></script></body></html>`,
  );
  return dir;
};

describe('security headers', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('hashes only executable inline scripts', () => {
    expect(
      inlineScriptHashes(
        `<script>${INLINE}</script><script src="/a.js"></script><script type="application/json">{"a":1}</script>`,
      ),
    ).toEqual([sha(INLINE)]);
  });

  it('sends the CSP (page script by hash, games framed by name, no framing by others), nosniff and referrer policy; no HSTS on http', async () => {
    t = await createTestApp({
      webDist: webDist(),
      config: { LAUNCH_GAME_CDNS: ['https://games.example.com'], IMAGE_CDNS: ['https://img.example.com'] },
    });
    const page = await t.app.inject({ method: 'GET', url: '/some/client/route' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe(`script-src 'self' ${sha(INLINE)}`);
    expect(directive('frame-src')).toBe("frame-src 'self' https://games.example.com");
    expect(directive('img-src')).toContain('https://img.example.com');
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(directive('script-src')).not.toContain('unsafe');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const api = await t.app.inject({ method: 'GET', url: '/wps/captcha' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(String(api.headers['set-cookie'])).not.toContain('Secure');
  });

  it('adds HSTS and Secure cookies when the public address is https', async () => {
    t = await createTestApp({ config: { PUBLIC_URL: 'https://khela.example' } });
    const res = await t.app.inject({ method: 'GET', url: '/wps/captcha' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['set-cookie'])).toContain('; Secure');
  });

  it('marks cookies Secure when the trusted proxy says the call came over https', async () => {
    t = await createTestApp({ config: { TRUST_PROXY: 'true' } });
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(res.headers['set-cookie'])).toContain('; Secure');
    const plain = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: '10.3.3.3' });
    expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
  });

  it('lists no host twice and only origins', () => {
    const csp = contentSecurityPolicy({ frameOrigins: ['https://g.example/path', 'https://g.example'] }, []);
    expect(csp).toContain("frame-src 'self' https://g.example;");
  });
});
