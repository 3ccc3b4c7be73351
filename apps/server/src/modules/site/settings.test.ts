import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, databaseFingerprint, type TestApp } from '../../../test/helpers';
import { auditRows, bo, staffLogin } from '../staff/test-support';
import { revealCsPath } from './cs-path';

/**
 * Site settings as the operator saves them: what the server refuses (nothing written, no audit
 * row), and what a player sees after a save (the next status fetch, the wallet, the help centre).
 */
describe('site settings: validation and effect', () => {
  let t: TestApp;
  let owner = '';
  beforeAll(async () => {
    const clock = createClock('2026-03-04T09:00:00Z');
    t = await createTestApp({ now: clock.now });
    owner = await staffLogin(t.app, clock, 'owner');
  });
  afterAll(async () => {
    await t?.close();
  });

  type Settings = {
    brand: Record<string, unknown> & { supportLanguages: string[]; defaultLanguage: string };
    register: Record<string, Record<string, unknown>>;
    whitelabel: { modId: string; enabled: '1' | '0'; childrenNodes: unknown[] }[];
    customerService: Record<string, unknown>[];
    resources: Record<string, unknown>[];
  };
  const read = async (merchant = 'khelabd') =>
    (await bo(t.app, owner, { method: 'GET', url: `/bo/api/settings?merchant=${merchant}` })).json()
      .value as Settings;
  const put = (key: string, value: unknown, merchant = 'khelabd') =>
    bo(t.app, owner, {
      method: 'PUT',
      url: '/bo/api/settings',
      payload: { merchant, setting: { key, value } },
    });
  const status = async (headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url: '/wps/system/status', headers })).json().value;

  /** The call is refused with 400 validation.failed naming `field`, and nothing at all is written. */
  const refused = async (key: string, value: unknown, field: string) => {
    const before = await databaseFingerprint(t.db);
    const audit = (await auditRows(t.db)).length;
    const res = await put(key, value);
    expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'validation.failed' });
    expect(Object.keys(res.json().value.fields).join(' ')).toContain(field);
    expect(await databaseFingerprint(t.db)).toEqual(before);
    expect((await auditRows(t.db)).length).toBe(audit);
  };

  it('refuses register rules with min above max, a pattern that does not compile, silly bounds, unknown or missing fields', async () => {
    const { register } = await read();
    const withRule = (field: string, change: Record<string, unknown>) => ({
      ...register,
      [field]: { ...register[field], ...change },
    });
    await refused('register', withRule('username', { minLength: 13, maxLength: 12 }), 'username.maxLength');
    await refused('register', withRule('username', { acceptedPattern: '^[a-z' }), 'username.acceptedPattern');
    await refused('register', withRule('password', { acceptedPattern: '(?<=' }), 'password.acceptedPattern');
    await refused('register', withRule('email', { maxLength: 100_000 }), 'email.maxLength');
    await refused('register', withRule('email', { minLength: -1 }), 'email.minLength');
    await refused('register', withRule('qqNum', { patternId: 42 }), 'qqNum.patternId');
    await refused(
      'register',
      { ...register, favouriteColour: register.username },
      'register.favouriteColour',
    );
    const { captcha: _dropped, ...missing } = register;
    await refused('register', missing, 'register.captcha');
  });

  it('refuses a brand with a bad colour, an empty name, a default language it does not offer, or no language', async () => {
    const { brand } = await read();
    await refused('brand', { ...brand, primaryColor: 'red' }, 'primaryColor');
    await refused('brand', { ...brand, chatHeaderColor: '#12345' }, 'chatHeaderColor');
    await refused('brand', { ...brand, name: '   ' }, 'name');
    await refused('brand', { ...brand, supportLanguages: ['bn'], defaultLanguage: 'en' }, 'defaultLanguage');
    await refused('brand', { ...brand, supportLanguages: [], defaultLanguage: 'bn' }, 'supportLanguages');
    await refused('brand', { ...brand, supportLanguages: ['bn', 'bn'] }, 'supportLanguages');
    await refused('brand', { ...brand, supportLanguages: ['bn', 'xx'] }, 'supportLanguages');
    await refused('brand', { ...brand, defaultCurrencySymbol: '' }, 'defaultCurrencySymbol');
    await refused('brand', { ...brand, defaultCurrencySymbol: 'TAKA!' }, 'defaultCurrencySymbol');
  });

  it('refuses resource and customer-service links that are not http or https', async () => {
    const { resources, customerService } = await read();
    const resource = resources[0] as Record<string, unknown>;
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      '//evil.example/app',
      'ftp://x.example/a',
    ])
      await refused('resources', [{ ...resource, url }, ...resources.slice(1)], 'value.0.url');
    await refused('resources', [{ ...resource, qrCodeUrl: 'javascript:alert(1)' }], 'qrCodeUrl');
    const entry = {
      csType: 'TELEGRAM',
      url: 'https://t.me/khela',
      title: 'Telegram',
      csPosition: 'side',
      key: 'abcdefgh',
    };
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,x',
    ])
      await refused('customerService', [{ ...entry, url }], 'value.0.url');
    expect(customerService.length).toBeGreaterThan(0);
  });

  it('refuses a whitelabel tree that adds, drops or moves a module', async () => {
    const { whitelabel } = await read();
    await refused(
      'whitelabel',
      [...whitelabel, { modId: 'EVIL3', enabled: '1', childrenNodes: [] }],
      'whitelabel',
    );
    await refused('whitelabel', whitelabel.slice(1), 'whitelabel');
    const reg = whitelabel.find((n) => n.modId === 'REG3');
    expect(reg?.childrenNodes.length).toBeGreaterThan(0);
    const moved = [
      ...whitelabel.map((n) => (n.modId === 'REG3' ? { ...n, childrenNodes: [] } : n)),
      ...(reg?.childrenNodes ?? []),
    ];
    await refused('whitelabel', moved, 'whitelabel');
    // The same tree with switches flipped is accepted.
    const flipped = whitelabel.map((n) =>
      n.modId === 'PTSYS3' ? { ...n, enabled: n.enabled === '1' ? '0' : '1' } : n,
    );
    const ok = await put('whitelabel', flipped);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await put('whitelabel', whitelabel)).statusCode).toBe(200);
  });

  it('saves customer-service entries: the next status fetch carries the new link', async () => {
    const entries = [
      {
        csType: 'TELEGRAM',
        url: 'https://t.me/khela_help',
        title: 'Help desk',
        csPosition: 'side',
        key: 'k1k2k3k4',
      },
      {
        csType: 'WHATSAPP',
        url: 'http://wa.me/8801700000001',
        title: 'WhatsApp',
        csPosition: 'footer',
        key: 'z9y8x7w6',
      },
    ];
    const res = await put('customerService', entries);
    expect(res.statusCode, res.body).toBe(200);
    const cs = (await status()).info.customerService as { csType: string; path: string; title: string }[];
    expect(cs.map((c) => [c.csType, c.title, revealCsPath(c.path)])).toEqual([
      ['TELEGRAM', 'Help desk', 'https://t.me/khela_help'],
      ['WHATSAPP', 'WhatsApp', 'http://wa.me/8801700000001'],
    ]);
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'settings.customerService',
      after: entries,
    });
  });

  it('saves resources (app links, a site path allowed): the next status fetch carries them', async () => {
    const resources = [
      { resourceType: 'Android', url: '/download?os=android', qrCodeUrl: null, labelNameEn: 'Android app' },
      {
        resourceType: 'TELEGRAM',
        url: 'https://t.me/khela_news',
        qrCodeUrl: 'https://cdn.example/qr.png',
        labelNameEn: 'News',
      },
    ];
    const res = await put('resources', resources);
    expect(res.statusCode, res.body).toBe(200);
    expect((await status()).info.resources).toEqual(resources);
  });

  it("writes the brand's currency symbol and languages to the merchant: players get that symbol, those languages, that default", async () => {
    const { brand } = await read();
    // The brand screen shows the merchant's own values.
    expect(brand).toMatchObject({
      defaultCurrencySymbol: '৳',
      defaultLanguage: 'bn',
      supportLanguages: ['bn', 'en'],
    });
    const res = await put('brand', {
      ...brand,
      defaultCurrencySymbol: 'Tk',
      supportLanguages: ['en'],
      defaultLanguage: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);

    const answer = await status({ merchant: 'khelabd', language: 'bn' });
    expect(answer.info.merchant).toMatchObject({
      currencySymbol: 'Tk',
      languages: ['en'],
      defaultLanguage: 'en',
    });
    expect(answer.info.brand).toMatchObject({
      defaultCurrencySymbol: 'Tk',
      supportLanguages: ['en'],
      defaultLanguage: 'en',
    });
    expect(answer.info.merchants.find((m: { code: string }) => m.code === 'khelabd')).toMatchObject({
      currencySymbol: 'Tk',
    });
    // A Bangla visitor now gets English: the help centre answers in the merchant's default.
    const help = (
      await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter', headers: { language: 'bn' } })
    ).json().value as { lang: string }[];
    expect(help.length).toBeGreaterThan(0);
    expect(help.every((a) => a.lang === 'en')).toBe(true);
    // A member's wallet shows the new symbol.
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demo01', password: 'Demo1234' },
    });
    const token = login.json().value.token as string;
    const balance = await t.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: { authorization: token },
    });
    expect(balance.json().value.currencySymbol).toBe('Tk');
    // The other merchant is untouched.
    expect((await status({ merchant: 'khelain' })).info.merchant).toMatchObject({ currencySymbol: '₹' });
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'settings.brand',
      before: { defaultCurrencySymbol: '৳', supportLanguages: ['bn', 'en'] },
      after: { defaultCurrencySymbol: 'Tk', supportLanguages: ['en'] },
    });

    expect((await put('brand', brand)).statusCode).toBe(200);
    expect((await status()).info.merchant).toMatchObject({ currencySymbol: '৳', languages: ['bn', 'en'] });
  });

  it("audits a flag's stored switch as before, not its effective state under a parent that is off", async () => {
    const flag = (modId: string, enabled: boolean) =>
      bo(t.app, owner, {
        method: 'PUT',
        url: '/bo/api/settings/flag',
        payload: { merchant: 'khelabd', modId, enabled },
      });
    expect((await flag('REG3', false)).statusCode).toBe(200);
    // DIRECTREG3 is still switched on under REG3 (off in effect): switching it off records true → false.
    expect((await flag('DIRECTREG3', false)).statusCode).toBe(200);
    expect((await auditRows(t.db)).at(-1)).toMatchObject({
      action: 'settings.flag',
      before: { modId: 'DIRECTREG3', enabled: true },
      after: { modId: 'DIRECTREG3', enabled: false },
    });
    const stored = (await read()).whitelabel.find((n) => n.modId === 'REG3');
    expect(stored).toMatchObject({ enabled: '0' });
    expect(stored?.childrenNodes).toContainEqual(
      expect.objectContaining({ modId: 'DIRECTREG3', enabled: '0' }),
    );
    await flag('DIRECTREG3', true);
    await flag('REG3', true);
  });
});
