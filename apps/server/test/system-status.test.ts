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

    // Every non-system call answers 503 system.maintenance with the maintenance payload.
    for (const ip of [US_IP, BD_IP]) {
      const res = await notices(ip);
      expect(res.statusCode).toBe(503);
      expect(json(res)).toMatchObject({
        ...expectedError('system.maintenance'),
        value: { enabled: true, endTime, info: MAINTENANCE_INFO },
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
