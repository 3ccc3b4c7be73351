import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { precompressAssets } from './precompress-assets';

let web: string;
let t: TestApp;
const script = `export const value = ${JSON.stringify('lobby '.repeat(800))};\n`;

beforeAll(async () => {
  web = await mkdtemp(join(tmpdir(), 'khela-web-'));
  await mkdir(join(web, 'assets'));
  await writeFile(join(web, 'index.html'), '<!doctype html><title>Khela</title>');
  await writeFile(join(web, 'assets', 'lobby-abc123.js'), script);
  t = await createTestApp({ webDist: web });
});

afterAll(async () => {
  await t?.close();
  await rm(web, { recursive: true, force: true });
});

describe('precompressed static assets', () => {
  it('writes brotli and gzip copies of compressible files once, leaving small files and maps alone', async () => {
    // A folder of its own: the app compresses its web folder in the background when it starts.
    const assets = await mkdtemp(join(tmpdir(), 'khela-assets-'));
    await writeFile(join(assets, 'lobby-abc123.js'), script);
    await writeFile(join(assets, 'tiny-abc123.js'), 'export {};\n');
    await writeFile(join(assets, 'lobby-abc123.js.map'), `${'{"x":"'.padEnd(4000, 'y')}"}`);
    expect(await precompressAssets(assets)).toBe(1);
    const file = join(assets, 'lobby-abc123.js');
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(script);
    await expect(stat(join(assets, 'tiny-abc123.js.br'))).rejects.toThrow();
    await expect(stat(join(assets, 'lobby-abc123.js.map.br'))).rejects.toThrow();
    // Written aside and renamed: nothing half-written is ever left under a served name.
    expect((await readdir(assets)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // Nothing left to do the second time.
    expect(await precompressAssets(assets)).toBe(0);
    expect(await precompressAssets(join(web, 'missing'))).toBe(0);
    await rm(assets, { recursive: true, force: true });
  });

  it('serves the brotli or gzip copy as it is, cached for ever, and the plain file to others', async () => {
    await precompressAssets(join(web, 'assets'));
    const brotli = await t.app.inject({
      url: '/assets/lobby-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers['content-type'])).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.equals(await readFile(join(web, 'assets', 'lobby-abc123.js.br')))).toBe(true);

    const gzipped = await t.app.inject({
      url: '/assets/lobby-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({
      url: '/assets/lobby-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });
});
