import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, setModule, type TestApp } from '../../test/helpers';
import { FIRST_DATA_MARK } from './spa';

/** ADR 016: index.html carries the first data of the page (status; /rng's first games). */
const INDEX_HTML = `<!doctype html><html lang="bn"><head><meta charset="UTF-8"><title>Khela</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
<body><div id="root"></div>
${FIRST_DATA_MARK}
</body></html>`;

const BD_IP = '103.4.145.1';
const US_IP = '8.8.8.8';
/** The first page the slot lobby asks for (apps/web lobby list-query.ts, /rng without filters). */
const RNG_FIRST_PAGE =
  '/wps/relay/GCSGAME_gameList?clientType=3&platform=flash%2Chtml5-desktop&gameType=RNG&pageNo=1&pageSize=15&language=bn';

type FirstData = {
  lang: string;
  merchant: string;
  status: { status: number };
  rng?: unknown;
  vendors?: unknown;
};
const VENDORS = '/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop&language=bn';

let webDist: string;
let t: TestApp;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'khela-spa-'));
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ webDist, config: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

const page = async (url: string, ip = BD_IP) => {
  const res = await t.app.inject({ url, headers: { 'X-Forwarded-For': ip } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.body;
};

const firstData = (html: string): FirstData | undefined => {
  const match = html.match(/<script id="khela-first-data" type="application\/json">([^<]*)<\/script>/);
  return match ? (JSON.parse(match[1] as string) as FirstData) : undefined;
};

/** What the page's own calls would answer, as a first visit (no Merchant header) in Bangla. */
const call = async (url: string, ip = BD_IP) => {
  const res = await t.app.inject({ url, headers: { 'X-Forwarded-For': ip, Language: 'bn', Device: 'web' } });
  return { status: res.statusCode, value: json<{ value: unknown }>(res).value };
};

describe('index.html with the first data', () => {
  it('carries, for /rng, the status, first-games and vendor answers the calls give', async () => {
    const html = await page('/rng');
    expect(html).not.toContain(FIRST_DATA_MARK);
    const data = firstData(html);
    expect(data).toMatchObject({ lang: 'bn', merchant: 'khelabd' });
    expect(data?.status).toEqual((await call('/wps/system/status?url=localhost')).value);
    expect(data?.rng).toEqual((await call(RNG_FIRST_PAGE)).value);
    expect(data?.vendors).toEqual((await call(VENDORS)).value);
    // The caller's own IP (and country) are in it, as in the call's answer.
    expect(firstData(await page('/rng', US_IP))?.status).toEqual(
      (await call('/wps/system/status', US_IP)).value,
    );
  });

  it('carries the status only on other pages and on /rng with filters', async () => {
    for (const url of ['/', '/promotions', '/rng?page=hot', '/rng?vassalage=PG', '/rngx']) {
      const data = firstData(await page(url));
      expect(data?.status, url).toEqual((await call('/wps/system/status')).value);
      expect(data?.rng, url).toBeUndefined();
      expect(data?.vendors, url).toBeUndefined();
    }
  });

  it('is sent compressed, and a page without the mark as it is', async () => {
    const res = await t.app.inject({
      url: '/rng',
      headers: { 'X-Forwarded-For': BD_IP, 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(await page('/rng'));
  });

  it('leaves the games out, and says so in the status, in maintenance', async () => {
    const site = t.app.services.site;
    const maintenance = site.settingsOf('khelabd').maintenance;
    await site.updateSetting('khelabd', 'maintenance', { ...maintenance, enabled: true, endTime: null });
    try {
      const data = firstData(await page('/rng'));
      expect(data?.status).toMatchObject({ status: 1 });
      expect(data?.status).toEqual((await call('/wps/system/status')).value);
      expect(data?.rng).toBeUndefined();
      expect(data?.vendors).toBeUndefined();
    } finally {
      await site.updateSetting('khelabd', 'maintenance', maintenance);
    }
    expect(firstData(await page('/rng'))?.rng).toBeDefined();
  });

  it('leaves the games out, and says so in the status, for a blocked region', async () => {
    const site = t.app.services.site;
    const region = site.settingsOf('khelabd').region;
    await site.updateSetting('khelabd', 'region', { ...region, blockedCountries: ['BD'] });
    try {
      const data = firstData(await page('/rng'));
      expect(data?.status).toMatchObject({ status: 2 });
      expect(data?.rng).toBeUndefined();
      expect(data?.vendors).toBeUndefined();
      // Another country is not blocked: its page has the games.
      expect(firstData(await page('/rng', US_IP))?.rng).toBeDefined();
    } finally {
      await site.updateSetting('khelabd', 'region', region);
    }
  });

  it('leaves the games out while the games module is off', async () => {
    await setModule(t.app, 'khelabd', 'GAMELO3', false);
    try {
      expect((await call(RNG_FIRST_PAGE)).status).toBe(403);
      const data = firstData(await page('/rng'));
      expect(data?.rng).toBeUndefined();
      // The vendor call is another module's (COMM3): still answered, still written.
      expect(data?.vendors).toEqual((await call(VENDORS)).value);
    } finally {
      await setModule(t.app, 'khelabd', 'GAMELO3', true);
    }
  });

  it('follows the catalogue and settings: a changed answer is written into the next page', async () => {
    const site = t.app.services.site;
    const brand = site.settingsOf('khelabd').brand;
    await site.updateSetting('khelabd', 'brand', { ...brand, name: 'Khela Changed' });
    try {
      const data = firstData(await page('/rng'));
      expect(data?.status).toMatchObject({ info: { brand: { name: 'Khela Changed' } } });
    } finally {
      await site.updateSetting('khelabd', 'brand', brand);
    }
  });
});
