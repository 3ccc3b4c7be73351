import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { routes } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, json, type TestApp } from './helpers';

/** Everything around the API: media, health, OpenAPI, the SPA fallback and compression. */
const INDEX_HTML = `<!doctype html><html lang="bn"><head><meta charset="UTF-8"><title>Khela</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-def456.css"></head>
<body><div id="root"></div>
<!-- ${'Padding so that the page is above the compression threshold. '.repeat(30)} -->
</body></html>`;
const APP_JS = `export const hello = 'khela';\n${'console.log(hello);\n'.repeat(200)}`;

let webDist: string;
let t: TestApp;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'khela-web-dist-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), APP_JS);
  await writeFile(join(webDist, 'assets', 'index-def456.css'), 'body{margin:0}');
  await writeFile(join(webDist, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist });
});

afterAll(async () => {
  await t?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

describe('media', () => {
  const firstBanner = async () => {
    const res = await t.app.inject({ url: '/wps/relay/MCSFE_getListAnnouncements?types=B' });
    const url = json<{ value: { banners: { url: string }[] } }>(res).value.banners[0]?.url;
    if (!url) throw new Error('no banner');
    return url;
  };

  it('serves a generated banner with its type and a long immutable cache', async () => {
    const url = await firstBanner();
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body.startsWith('<svg')).toBe(true);
  });

  it('answers 404 with the error envelope for unknown and malformed ids', async () => {
    for (const url of [
      '/media/banner-0000000000000000.svg',
      '/media/bad%20id!',
      `/media/${'a'.repeat(81)}`,
      '/media/',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(json(res)).toEqual(expectedError('not.found'));
    }
  });
});

describe('/healthz', () => {
  it('checks the database', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'ok', database: t.database.kind, redis: 'off' });
  });

  it('fails when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const res = await broken.app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(500);
      expect(json(res)).toEqual(expectedError('system.error'));
    } finally {
      await broken.app.close();
    }
  });
});

describe('/docs', () => {
  it('serves the OpenAPI document of every contract call', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, unknown>>;
    }>(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Khela API');
    for (const [name, route] of Object.entries(routes)) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]) as string[];
      for (const method of methods) {
        expect(doc.paths[route.path], `${name} ${route.path}`).toHaveProperty(method.toLowerCase());
      }
    }
    // Hidden routes stay out of the document.
    expect(Object.keys(doc.paths)).not.toContain('/healthz');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/media'))).toBe(false);
  });

  it('documents the query parameters of a call', async () => {
    const doc = json<{ paths: Record<string, { get: { parameters: { name: string; in: string }[] } }> }>(
      await t.app.inject({ url: '/docs/json' }),
    );
    const params = doc.paths['/wps/system/domainRoute']?.get.parameters ?? [];
    expect(params).toContainEqual(expect.objectContaining({ name: 'device', in: 'query' }));
  });

  it('serves the documentation page', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('the web app', () => {
  it('answers index.html, not cached, for any client route', async () => {
    for (const url of ['/', '/promotions', '/games/RNG', '/help?x=1', '/no/such/page']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/register' });
    expect(head.statusCode).toBe(200);
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const js = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toBe(APP_JS);
    const css = await t.app.inject({ url: '/assets/index-def456.css' });
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ url: '/icon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers API misses with the 404 envelope, not the page', async () => {
    // '/assets/gone-123.js': an old tab asking for a chunk of a previous build must not get HTML.
    for (const url of [
      '/wps/unknown',
      '/wps/system/nothing',
      '/lgw/x',
      '/media/nothing.png',
      '/assets/gone-123.js',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(json(res)).toEqual(expectedError('not.found'));
    }
    const post = await t.app.inject({ method: 'POST', url: '/promotions', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(json(post)).toEqual(expectedError('not.found'));
  });

  it('answers a known API path called with the wrong verb 405 http_method_not_support (API-FACTS §1.3)', async () => {
    for (const [method, url] of [
      ['POST', '/wps/relay/MCSFE_getListAnnouncements?types=B&platform=W&execution=B'],
      ['DELETE', '/wps/system/status'],
      ['PUT', '/wps/relay/GCSGAME_gameList'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(json(res)).toEqual(expectedError('http_method_not_support'));
      expect(res.headers.allow).toContain('GET');
    }
    // The right verb still answers, and an unknown path stays 404.
    expect((await t.app.inject({ url: '/wps/system/status' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/wps/relay/NOPE_unknown' })).statusCode).toBe(404);
  });

  it('answers the 404 envelope for every path when no web build is present', async () => {
    const bare = await createTestApp({ webDist: join(webDist, 'missing') });
    try {
      const res = await bare.app.inject({ url: '/promotions' });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual(expectedError('not.found'));
    } finally {
      await bare.close();
    }
  });
});

describe('compression', () => {
  it('negotiates brotli and gzip on API answers', async () => {
    const plain = await t.app.inject({
      url: '/wps/system/status',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = json(plain);

    const br = await t.app.inject({ url: '/wps/system/status', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);

    const gzip = await t.app.inject({ url: '/wps/system/status', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(expected);

    // Brotli is preferred when the client takes both.
    const both = await t.app.inject({
      url: '/wps/system/status',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(both.headers['content-encoding']).toBe('br');
    expect(both.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses the page and the assets', async () => {
    const page = await t.app.inject({ url: '/promotions', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString('utf8')).toBe(INDEX_HTML);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(INDEX_HTML);
    const refused = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(INDEX_HTML);
    const js = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(js.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(js.rawPayload).toString('utf8')).toBe(APP_JS);
  });

  it('leaves small answers alone', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
