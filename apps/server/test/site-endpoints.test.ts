import { BANNER_GROUPS, envelope, flattenWhitelabel, MOD_IDS, siteRoutes } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revealCsPath } from '../src/modules/site';
import { createTestApp, databaseFingerprint, expectedError, json, setModule, type TestApp } from './helpers';

/**
 * Every call of `siteRoutes` through the whole server: the answer on the demo brand, bad input
 * (400 envelope, nothing written) and the call's module turned off (`function.not.available`).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** A bad call answers 400 with the error envelope and changes nothing in the database. */
const expectRejected = async (url: string, errorCode: string, headers: Record<string, string> = {}) => {
  const before = await databaseFingerprint(t.db);
  const res = await get(url, headers);
  expect(res.statusCode).toBe(400);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = json(res);
  expect(body).toMatchObject(expectedError(errorCode));
  expect(body).not.toHaveProperty('value.success');
  expect(await databaseFingerprint(t.db)).toEqual(before);
  return body;
};

/** With the call's module off, the call answers `function.not.available` and nothing else. */
const expectGatedBy = async (modId: string, url: string) => {
  await setModule(t.app, 'khelabd', modId, false);
  try {
    const res = await get(url);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual(expectedError('function.not.available'));
    // The other merchant keeps its own flags.
    const other = await get(url, { Merchant: 'khelain' });
    expect(other.statusCode).toBe(200);
  } finally {
    await setModule(t.app, 'khelabd', modId, true);
  }
  expect((await get(url)).statusCode).toBe(200);
};

describe('GET /wps/system/status', () => {
  it('answers the permission payload of the default merchant', async () => {
    const res = await get('/wps/system/status');
    expect(res.statusCode).toBe(200);
    const body = envelope(siteRoutes.systemStatus.value).parse(json(res));
    expect(body.success).toBe(true);
    const { value } = body;
    expect(value.status).toBe(0);
    expect(value.info.brand).toMatchObject({
      name: 'Khela',
      platform: 'WEB',
      merchant: 'khelabd',
      lotteryType: 'SEA',
      device: 'WEB',
      esportGames: [],
      cockfightGames: [],
      defaultLanguage: 'bn',
    });
    expect(value.info.merchant).toMatchObject({ code: 'khelabd', currency: 'BDT', languages: ['bn', 'en'] });
    expect(value.info.merchants.map((m) => m.code)).toEqual(['khelabd', 'khelain']);
    const flags = flattenWhitelabel(value.info.whitelabel as Parameters<typeof flattenWhitelabel>[0]);
    for (const modId of MOD_IDS) expect(flags).toHaveProperty(modId);
    expect(flags.COMM3).toBe(true);
    expect(value.info.register.username).toMatchObject({ enabled: true, required: true });
    expect(value.info.resources.map((r) => r.resourceType)).toEqual(
      expect.arrayContaining(['Android', 'iOS', 'TELEGRAM', 'FACEBOOK']),
    );
    // Service links travel obfuscated; the key is the last 8 characters.
    const links = value.info.customerService.map((cs) => revealCsPath(cs.path));
    expect(links).toContain('/helpmc');
    expect(links).toContain('https://t.me/khela_support');
    expect(value.info.customerService.every((cs) => !cs.path.startsWith('http'))).toBe(true);
    expect(value.info.domainRoute.length).toBeGreaterThan(0);
    expect(value.info.mainDomain).toMatch(/^https?:\/\//);
    expect(value.info.analytics).toEqual({ gtagId: null });
    // No CDN in the demo: this server serves images and launches (IMAGE_CDNS / LAUNCH_GAME_CDNS name hosts).
    expect(value.info.imageCDNs).toEqual([]);
    expect(value.info.launchGameCDNs).toEqual([]);
    expect(value.location).toEqual({ ip: '127.0.0.1', country: null });
    expect(value.maintenance.enabled).toBe(false);
    expect(value.regionRestriction).toMatchObject({ restricted: false, country: null });
  });

  it('answers exactly what the contract serializer would, for each merchant and caller', async () => {
    const site = t.app.services.site;
    for (const [merchant, ip] of [
      ['khelabd', '103.4.145.1'],
      ['khelain', '8.8.8.8'],
      ['khelabd', '127.0.0.1'],
    ] as const) {
      const res = await t.app.inject({
        url: '/wps/system/status',
        headers: { Merchant: merchant },
        remoteAddress: ip,
      });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const m = site.findMerchant(merchant);
      if (!m) throw new Error(merchant);
      const expected = envelope(siteRoutes.systemStatus.value).parse({
        success: true,
        value: await site.getStatus(m, ip),
      });
      expect(res.body).toBe(JSON.stringify(expected));
    }
  });

  it('follows a settings change at once', async () => {
    const site = t.app.services.site;
    const saved = site.settingsOf('khelabd').analytics;
    await site.updateSetting('khelabd', 'analytics', { gtagId: 'G-KHELA123' });
    try {
      const body = json<{ value: { settingsVersion: number; info: { analytics: unknown } } }>(
        await get('/wps/system/status'),
      );
      expect(body.value.info.analytics).toEqual({ gtagId: 'G-KHELA123' });
      expect(body.value.settingsVersion).toBeGreaterThan(1);
      const india = json<{ value: { info: { analytics: unknown } } }>(
        await get('/wps/system/status', { Merchant: 'khelain' }),
      );
      expect(india.value.info.analytics).toEqual({ gtagId: null });
    } finally {
      await site.updateSetting('khelabd', 'analytics', saved);
    }
  });

  it('accepts the optional url parameter', async () => {
    const res = await get('/wps/system/status?url=https%3A%2F%2Fkhela.example%2F');
    expect(res.statusCode).toBe(200);
  });

  it('refuses a url longer than 255 characters', async () => {
    const body = await expectRejected(`/wps/system/status?url=${'a'.repeat(300)}`, 'validation.failed');
    expect(body.value).toMatchObject({ fields: { url: expect.any(String) } });
  });

  it('is gated by COMM3', async () => {
    await expectGatedBy('COMM3', '/wps/system/status');
  });
});

describe('GET /wps/system/whitelabel', () => {
  it('answers the module tree of the merchant', async () => {
    const res = await get('/wps/system/whitelabel');
    expect(res.statusCode).toBe(200);
    const body = envelope(siteRoutes.whitelabel.value).parse(json(res));
    expect(body.value).toEqual(t.app.services.site.settingsOf('khelabd').whitelabel);
    const reg = body.value.find((n) => n.modId === 'REG3');
    expect(reg?.childrenNodes.map((c) => (c as { modId: string }).modId)).toContain('DIRECTREG3');
  });

  it('reflects a flag change at once', async () => {
    await setModule(t.app, 'khelabd', 'FREEPLAY3', false);
    try {
      const body = json<{ value: Parameters<typeof flattenWhitelabel>[0] }>(
        await get('/wps/system/whitelabel'),
      );
      expect(flattenWhitelabel(body.value).FREEPLAY3).toBe(false);
    } finally {
      await setModule(t.app, 'khelabd', 'FREEPLAY3', true);
    }
  });

  it('refuses an unknown merchant', async () => {
    const body = await expectRejected('/wps/system/whitelabel', 'request_param_err', {
      Merchant: 'nosuchbrand',
    });
    expect(body.value).toEqual({ field: 'Merchant' });
  });

  it('is gated by COMM3', async () => {
    await expectGatedBy('COMM3', '/wps/system/whitelabel');
  });
});

describe('GET /wps/system/setting/register', () => {
  it('answers the field rules', async () => {
    const res = await get('/wps/system/setting/register');
    expect(res.statusCode).toBe(200);
    const body = envelope(siteRoutes.registerSettings.value).parse(json(res));
    expect(Object.keys(body.value)).toEqual(
      expect.arrayContaining(['username', 'password', 'mobileNum', 'email', 'affiliateCode', 'captcha']),
    );
    expect(body.value.password).toMatchObject({ enabled: true, required: true, minLength: 6, maxLength: 12 });
    expect(new RegExp(body.value.username?.acceptedPattern ?? '$^').test('player01')).toBe(true);
  });

  it('refuses an unknown merchant', async () => {
    await expectRejected('/wps/system/setting/register', 'request_param_err', { Merchant: 'x' });
  });

  it('is gated by REG3', async () => {
    await expectGatedBy('REG3', '/wps/system/setting/register');
  });
});

describe('GET /wps/system/domainRoute', () => {
  it('answers the domain list of devices 0 and 3', async () => {
    for (const device of ['0', '3']) {
      const res = await get(`/wps/system/domainRoute?device=${device}`);
      expect(res.statusCode).toBe(200);
      const body = envelope(siteRoutes.domainRoute.value).parse(json(res));
      expect(body.value.domainList[0]?.domainName).toBe('http://localhost:8080');
    }
  });

  it('answers each device its own list', async () => {
    const site = t.app.services.site;
    const saved = site.settingsOf('khelabd').domainRoute;
    await site.updateSetting('khelabd', 'domainRoute', {
      '0': [{ domainName: 'https://www.khela.example', speed: 1 }],
      '3': [{ domainName: 'https://m.khela.example', speed: 2 }],
    });
    try {
      const desktop = json<{ value: { domainList: { domainName: string }[] } }>(
        await get('/wps/system/domainRoute?device=0'),
      );
      const mobile = json<{ value: { domainList: { domainName: string }[] } }>(
        await get('/wps/system/domainRoute?device=3'),
      );
      expect(desktop.value.domainList.map((d) => d.domainName)).toEqual(['https://www.khela.example']);
      expect(mobile.value.domainList.map((d) => d.domainName)).toEqual(['https://m.khela.example']);
    } finally {
      await site.updateSetting('khelabd', 'domainRoute', saved);
    }
  });

  it('refuses a missing or unknown device with request_param_err (API-FACTS §1.3)', async () => {
    await expectRejected('/wps/system/domainRoute', 'request_param_err');
    const body = await expectRejected('/wps/system/domainRoute?device=7', 'request_param_err');
    expect(body.value).toMatchObject({ fields: { device: expect.any(String) } });
  });

  it('is gated by COMM3', async () => {
    await expectGatedBy('COMM3', '/wps/system/domainRoute?device=0');
  });
});

describe('GET /wps/system/helpCenter', () => {
  type Article = {
    id: number;
    title: string;
    content: string;
    tag: string;
    lang: string;
    children: Article[];
  };

  it('answers the article tree in the merchant default language', async () => {
    const res = await get('/wps/system/helpCenter?device=WEB');
    expect(res.statusCode).toBe(200);
    const body = envelope(siteRoutes.helpCenter.value).parse(json(res));
    const articles = body.value as Article[];
    expect(articles.map((a) => a.tag)).toEqual(['aboutus', 'deposit', 'withdraw', 'game', 'faqs', 'terms']);
    expect(articles.every((a) => a.lang === 'bn')).toBe(true);
    expect(articles[0]?.title).toBe('আমাদের সম্পর্কে');
    const faqs = articles.find((a) => a.tag === 'faqs');
    expect(faqs?.children.map((c) => c.tag)).toEqual(['faq-password', 'faq-withdraw-time']);
    expect(faqs?.children.every((c) => c.content.length > 0 && c.lang === 'bn')).toBe(true);
    expect(articles.find((a) => a.tag === 'terms')?.content).toMatch(/<p>|<ol>/);
  });

  it('answers the language asked for by `lang`', async () => {
    const body = json<{ value: Article[] }>(await get('/wps/system/helpCenter?lang=en&device=WEB'));
    expect(body.value[0]).toMatchObject({ tag: 'aboutus', title: 'About us', lang: 'en' });
  });

  it('hides articles that are switched off', async () => {
    await t.db.updateTable('help_article').set({ display: false }).where('tag', '=', 'game').execute();
    try {
      const body = json<{ value: Article[] }>(await get('/wps/system/helpCenter'));
      expect(body.value.map((a) => a.tag)).not.toContain('game');
    } finally {
      await t.db.updateTable('help_article').set({ display: true }).where('tag', '=', 'game').execute();
    }
  });

  it('refuses an unknown language or device', async () => {
    await expectRejected('/wps/system/helpCenter?lang=fr', 'validation.failed');
    await expectRejected('/wps/system/helpCenter?device=APP', 'validation.failed');
  });

  it('is gated by COMM3', async () => {
    await expectGatedBy('COMM3', '/wps/system/helpCenter');
  });
});

describe('GET /wps/relay/MCSFE_getListAnnouncements', () => {
  const url = '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&execution=B';

  it('answers banners, notices, popups and promotions', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const { value } = envelope(siteRoutes.announcements.value).parse(json(res));
    expect(new Set(value.banners.map((b) => b.groupName))).toEqual(new Set(BANNER_GROUPS));
    expect(value.banners.filter((b) => b.groupName === 'w_home')).toHaveLength(3);
    expect(value.banners.every((b) => b.url.startsWith('/media/'))).toBe(true);
    expect(value.banners.some((b) => b.linkageType === 'ROUTE' && b.link === '/promotions')).toBe(true);
    expect(value.player).toHaveLength(3);
    expect(value.popup.map((p) => p.execution)).toEqual(['B', 'B']);
    expect(value.promotion.map((p) => p.category)).toEqual([
      'new_player',
      'rebate_promo',
      'rng_promo',
      'live_promo',
      'app_download',
    ]);
    // Rich text, dates (an open end where none is set) and a cover for each.
    expect(value.promotion[0]?.content).toMatch(/<p>.+<\/p><ul><li>/);
    expect(value.promotion[0]?.endDate).toBeNull();
    expect(value.promotion[1]?.startDate).toBe(Date.UTC(2026, 0, 1));
    expect(value.promotion.every((p) => p.announcementImages.length === 1)).toBe(true);
    expect(value.promotion[0]?.announcementImages[0]?.url).toMatch(/^\/media\//);
  });

  it('defaults to every type, platform W and execution B', async () => {
    const all = json<{ value: unknown }>(await get(url));
    const defaulted = json<{ value: unknown }>(await get('/wps/relay/MCSFE_getListAnnouncements'));
    expect(defaulted.value).toEqual(all.value);
  });

  it('refuses unknown types, platform or execution', async () => {
    await expectRejected('/wps/relay/MCSFE_getListAnnouncements?types=B,XX', 'validation.failed');
    await expectRejected('/wps/relay/MCSFE_getListAnnouncements?types=', 'validation.failed');
    await expectRejected('/wps/relay/MCSFE_getListAnnouncements?platform=Q', 'validation.failed');
    await expectRejected('/wps/relay/MCSFE_getListAnnouncements?execution=Z', 'validation.failed');
  });

  it('is gated by COMM3', async () => {
    await expectGatedBy('COMM3', url);
  });
});
