import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, expectedError, json, type TestApp } from './helpers';

/** Spec §4: status 1 (maintenance) wins over 2 (region restriction); region from the caller's IP. */
const BD_IP = '103.4.145.1';
const US_IP = '8.8.8.8';

type Status = {
  value: {
    status: 0 | 1 | 2;
    location: { ip: string; country: string | null };
    maintenance: { enabled: boolean; title: string; endTime: number | null; info: string };
    regionRestriction: { restricted: boolean; country: string | null; info: string };
  };
};

const MAINTENANCE_INFO = 'Upgrading the wallet service.';

describe('behind a trusted proxy, region from the merchant setting', () => {
  const clock = createClock('2026-03-01T10:00:00Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { TRUST_PROXY: 'true' }, now: clock.now });
  });

  afterAll(async () => {
    await t?.close();
  });

  const status = async (ip: string) => {
    const res = await t.app.inject({ url: '/wps/system/status', headers: { 'X-Forwarded-For': ip } });
    expect(res.statusCode).toBe(200);
    return json<Status>(res).value;
  };
  const notices = (ip: string) =>
    t.app.inject({ url: '/wps/relay/MCSFE_getListAnnouncements', headers: { 'X-Forwarded-For': ip } });
  const whitelabel = (ip: string) =>
    t.app.inject({ url: '/wps/system/whitelabel', headers: { 'X-Forwarded-For': ip } });

  it('reports the caller IP and country, status 0 when nothing applies', async () => {
    expect(await status(BD_IP)).toMatchObject({
      status: 0,
      location: { ip: BD_IP, country: 'BD' },
      regionRestriction: { restricted: false, country: 'BD' },
    });
    expect((await status(US_IP)).location).toEqual({ ip: US_IP, country: 'US' });
  });

  it('restricts a blocked country with status 2 and refuses its non-system calls', async () => {
    await t.app.services.site.updateSetting('khelabd', 'region', {
      blockedCountries: ['BD'],
      info: 'Not available in your region.',
    });
    expect(await status(BD_IP)).toMatchObject({
      status: 2,
      location: { ip: BD_IP, country: 'BD' },
      regionRestriction: { restricted: true, country: 'BD', info: 'Not available in your region.' },
    });
    expect((await status(US_IP)).status).toBe(0);

    const refused = await notices(BD_IP);
    expect(refused.statusCode).toBe(451);
    expect(json(refused)).toMatchObject({
      ...expectedError('access.restricted'),
      value: { ip: BD_IP, country: 'BD' },
    });
    expect((await notices(US_IP)).statusCode).toBe(200);
    // System calls stay open so the client can draw the region page.
    expect((await whitelabel(BD_IP)).statusCode).toBe(200);
  });

  it('answers maintenance (status 1) even to a blocked country, until its end time', async () => {
    const endTime = clock.now().getTime() + 60 * 60 * 1000;
    await t.app.services.site.updateSetting('khelabd', 'maintenance', {
      enabled: true,
      title: 'Scheduled maintenance',
      endTime,
      info: MAINTENANCE_INFO,
    });
    expect(await status(BD_IP)).toMatchObject({
      status: 1,
      maintenance: { enabled: true, title: 'Scheduled maintenance', endTime, info: MAINTENANCE_INFO },
      regionRestriction: { restricted: true },
    });
    expect((await status(US_IP)).status).toBe(1);

    // Every non-system call answers 503 system.maintenance with the maintenance payload, and
    // `value.content.data.{maintainTime,endTime}` in epoch ms (API-FACTS §1.3): maintainTime is
    // when it was turned on.
    for (const ip of [US_IP, BD_IP]) {
      const res = await notices(ip);
      expect(res.statusCode).toBe(503);
      expect(json(res)).toMatchObject({
        ...expectedError('system.maintenance'),
        value: {
          enabled: true,
          endTime,
          info: MAINTENANCE_INFO,
          content: { data: { maintainTime: clock.now().getTime(), endTime } },
        },
      });
    }
    expect((await whitelabel(US_IP)).statusCode).toBe(200);
    // The other merchant is not in maintenance.
    const india = await t.app.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements',
      headers: { 'X-Forwarded-For': US_IP, Merchant: 'khelain' },
    });
    expect(india.statusCode).toBe(200);

    clock.advance(60 * 60 * 1000 + 1);
    expect(await status(BD_IP)).toMatchObject({ status: 2, maintenance: { enabled: false } });
    expect((await status(US_IP)).status).toBe(0);
    expect((await notices(US_IP)).statusCode).toBe(200);
    expect((await notices(BD_IP)).statusCode).toBe(451);
  });

  it("compresses each caller's own answer, and follows setting changes", async () => {
    const raw = async (ip: string, encoding?: string) => {
      const res = await t.app.inject({
        url: '/wps/system/status',
        headers: { 'X-Forwarded-For': ip, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res;
    };
    const decoded = async (ip: string, encoding: 'br' | 'gzip') => {
      const res = await raw(ip, encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      const bytes = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      return bytes.toString('utf8');
    };
    for (const ip of [BD_IP, US_IP]) {
      const identity = await raw(ip);
      expect(identity.headers['content-encoding']).toBeUndefined();
      // Twice each: the second answer comes from the cache and must be the same bytes.
      for (const encoding of ['br', 'gzip', 'br', 'gzip'] as const)
        expect(await decoded(ip, encoding)).toBe(identity.payload);
    }
    expect(await decoded(BD_IP, 'br')).not.toBe(await decoded(US_IP, 'br'));

    await t.app.services.site.updateSetting('khelabd', 'maintenance', {
      enabled: true,
      title: 'Compressed',
      endTime: null,
      info: MAINTENANCE_INFO,
    });
    expect(JSON.parse(await decoded(BD_IP, 'br'))).toMatchObject({
      value: { status: 1, maintenance: { enabled: true, title: 'Compressed' } },
    });
    await t.app.services.site.updateSetting('khelabd', 'maintenance', {
      enabled: false,
      title: '',
      endTime: null,
      info: '',
    });
    expect(JSON.parse(await decoded(BD_IP, 'gzip')).value.status).toBe(2);
  });

  it('keeps maintenance on without an end time', async () => {
    await t.app.services.site.updateSetting('khelabd', 'maintenance', {
      enabled: true,
      title: 'Maintenance',
      endTime: null,
      info: MAINTENANCE_INFO,
    });
    clock.advance(365 * 24 * 60 * 60 * 1000);
    expect(await status(US_IP)).toMatchObject({ status: 1, maintenance: { enabled: true, endTime: null } });
    expect((await notices(US_IP)).statusCode).toBe(503);
    await t.app.services.site.updateSetting('khelabd', 'maintenance', {
      enabled: false,
      title: '',
      endTime: null,
      info: '',
    });
    expect((await status(US_IP)).status).toBe(0);
  });
});

describe('BLOCKED_COUNTRIES configuration', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { TRUST_PROXY: '127.0.0.1', BLOCKED_COUNTRIES: ['US'] } });
    // The configuration overrides the merchant's own list.
    await t.app.services.site.updateSetting('khelabd', 'region', { blockedCountries: ['BD'], info: '' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('blocks the configured countries for every merchant', async () => {
    for (const merchant of ['khelabd', 'khelain']) {
      const us = json<Status>(
        await t.app.inject({
          url: '/wps/system/status',
          headers: { 'X-Forwarded-For': US_IP, Merchant: merchant },
        }),
      );
      expect(us.value).toMatchObject({ status: 2, regionRestriction: { restricted: true, country: 'US' } });
      const bd = json<Status>(
        await t.app.inject({
          url: '/wps/system/status',
          headers: { 'X-Forwarded-For': BD_IP, Merchant: merchant },
        }),
      );
      expect(bd.value.status).toBe(0);
    }
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.site.updateSetting('khelabd', 'region', { blockedCountries: ['BD'], info: '' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('ignores X-Forwarded-For and uses the socket address', async () => {
    const res = await t.app.inject({ url: '/wps/system/status', headers: { 'X-Forwarded-For': BD_IP } });
    expect(json<Status>(res).value).toMatchObject({
      status: 0,
      location: { ip: '127.0.0.1', country: null },
    });
  });

  it('uses the socket address for the region', async () => {
    const res = await t.app.inject({ url: '/wps/system/status', remoteAddress: BD_IP });
    expect(json<Status>(res).value).toMatchObject({ status: 2, location: { ip: BD_IP, country: 'BD' } });
  });
});

describe('maintenance and region texts per language', () => {
  const clock = createClock('2026-03-01T10:00:00Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { TRUST_PROXY: 'true' }, now: clock.now });
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = async (url: string, language: string, merchant = 'khelabd', ip = BD_IP) =>
    t.app.inject({ url, headers: { 'X-Forwarded-For': ip, Language: language, Merchant: merchant } });
  const statusIn = async (language: string, merchant = 'khelabd', ip = BD_IP) =>
    json<Status>(await call('/wps/system/status', language, merchant, ip)).value;

  it('answers the title and info in the caller language, else the plain text, and keeps the start time', async () => {
    await t.app.services.site.updateSetting('khelabd', 'maintenance', {
      enabled: true,
      title: 'Maintenance',
      endTime: null,
      info: 'Back soon.',
      translations: {
        bn: { title: 'রক্ষণাবেক্ষণ', info: 'শীঘ্রই ফিরছি।' },
        en: { title: 'Planned upgrade', info: '' },
      },
    });
    const startedAt = clock.now().getTime();
    expect((await statusIn('bn')).maintenance).toEqual({
      enabled: true,
      title: 'রক্ষণাবেক্ষণ',
      endTime: null,
      info: 'শীঘ্রই ফিরছি।',
    });
    // An empty translation falls back to the plain text.
    expect((await statusIn('en')).maintenance).toMatchObject({
      title: 'Planned upgrade',
      info: 'Back soon.',
    });
    const refused = await call('/wps/relay/MCSFE_getListAnnouncements?types=B&platform=W&execution=B', 'bn');
    expect(json(refused)).toMatchObject({
      errorCode: 'system.maintenance',
      value: { title: 'রক্ষণাবেক্ষণ', content: { data: { maintainTime: startedAt, endTime: null } } },
    });
    // Saving again while on keeps the moment it was turned on; turning it off forgets it.
    clock.advance(60_000);
    const saved = t.app.services.site.settingsOf('khelabd').maintenance;
    await t.app.services.site.updateSetting('khelabd', 'maintenance', { ...saved, info: 'Nearly done.' });
    expect(t.app.services.site.settingsOf('khelabd').maintenance.startTime).toBe(startedAt);
    await t.app.services.site.updateSetting('khelabd', 'maintenance', { ...saved, enabled: false });
    expect(t.app.services.site.settingsOf('khelabd').maintenance.startTime).toBeNull();
    expect((await statusIn('bn')).status).toBe(0);
  });

  it('answers the region-block info in the caller language (India: en, hi), else the plain info', async () => {
    await t.app.services.site.updateSetting('khelain', 'region', {
      blockedCountries: ['US'],
      info: 'Not available in your region.',
      translations: { hi: { info: 'आपके क्षेत्र में उपलब्ध नहीं है।' } },
    });
    const hindi = await statusIn('hi', 'khelain', US_IP);
    expect(hindi.status).toBe(2);
    expect(hindi.regionRestriction.info).toBe('आपके क्षेत्र में उपलब्ध नहीं है।');
    expect((await statusIn('en', 'khelain', US_IP)).regionRestriction.info).toBe(
      'Not available in your region.',
    );
  });
});

describe('image and launch hosts from the configuration', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        IMAGE_CDNS: ['https://img1.example.com', 'https://img2.example.com'],
        LAUNCH_GAME_CDNS: ['https://play.example.com'],
      },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers IMAGE_CDNS and LAUNCH_GAME_CDNS over the seeded lists (empty: this server), for every merchant', async () => {
    for (const merchant of ['khelabd', 'khelain']) {
      const info = json<{ value: { info: { imageCDNs: string[]; launchGameCDNs: string[] } } }>(
        await t.app.inject({ url: '/wps/system/status', headers: { Merchant: merchant } }),
      ).value.info;
      expect(info.imageCDNs).toEqual(['https://img1.example.com', 'https://img2.example.com']);
      expect(info.launchGameCDNs).toEqual(['https://play.example.com']);
      // Game launches pick their host from the same list.
      expect(t.app.services.site.settingsOf(merchant).cdn.launchGameCDNs).toEqual([
        'https://play.example.com',
      ]);
    }
  });
});
