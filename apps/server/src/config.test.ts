import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, productionMerchant } from './config';

describe('loadConfig', () => {
  it('has a default for everything in demo mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      KHELA_MODE: 'demo',
      isDemo: true,
      PORT: 8080,
      DATA_DIR: './data',
      SERVE_WEB: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TRUST_PROXY).toBeUndefined();
  });

  it('names every setting production mode is missing', () => {
    const run = () => loadConfig({ KHELA_MODE: 'production' });
    expect(run).toThrow(ConfigError);
    let message = '';
    try {
      run();
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['DATABASE_URL', 'MERCHANT', 'PUBLIC_URL'])
      expect(message).toContain(`${name} is missing`);
  });

  it('names only what is still missing', () => {
    expect(() =>
      loadConfig({
        KHELA_MODE: 'production',
        DATABASE_URL: 'postgres://db.internal/khela',
        MERCHANT: 'khelabd',
      }),
    ).toThrow(/PUBLIC_URL is missing/);
    try {
      loadConfig({
        KHELA_MODE: 'production',
        DATABASE_URL: 'postgres://db.internal/khela',
        MERCHANT: 'khelabd',
      });
    } catch (error) {
      expect((error as Error).message).not.toMatch(/DATABASE_URL|MERCHANT /);
    }
  });

  it('starts in production mode when everything is given', () => {
    const config = loadConfig({
      KHELA_MODE: 'production',
      DATABASE_URL: 'postgres://db.internal/khela',
      MERCHANT: 'khelabd',
      PUBLIC_URL: 'https://khela.example',
      PORT: '9000',
      SMS_GATEWAY_URL: 'https://sms.example/send',
      SMS_GATEWAY_TOKEN: 'token',
      SMTP_URL: 'smtp://mail.example:587',
    });
    expect(config).toMatchObject({ isDemo: false, PORT: 9000, MERCHANT: 'khelabd' });
  });

  it('refuses production without an SMS gateway or mail server unless their flows are switched off', () => {
    const base = {
      KHELA_MODE: 'production',
      DATABASE_URL: 'postgres://db.internal/khela',
      MERCHANT: 'khelabd',
      PUBLIC_URL: 'https://khela.example',
    };
    let message = '';
    try {
      loadConfig(base);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SMS_GATEWAY_URL (or SMS_FLOWS=off) is missing');
    expect(message).toContain('SMTP_URL (or MAIL_FLOWS=off) is missing');
    expect(() => loadConfig({ ...base, SMS_FLOWS: 'off' })).toThrow(/SMTP_URL \(or MAIL_FLOWS=off\)/);
    expect(loadConfig({ ...base, SMS_FLOWS: 'off', MAIL_FLOWS: 'off' })).toMatchObject({
      SMS_FLOWS: 'off',
      MAIL_FLOWS: 'off',
    });
    // Demo mode keeps the outbox for both.
    expect(loadConfig({})).toMatchObject({ SMS_FLOWS: 'on', MAIL_FLOWS: 'on' });
  });

  it('listens on this machine only in the demo unless HOST is set; production keeps its setting', () => {
    const production = {
      KHELA_MODE: 'production',
      DATABASE_URL: 'postgres://db.internal/khela',
      MERCHANT: 'khelabd',
      PUBLIC_URL: 'https://khela.example',
      SMS_FLOWS: 'off',
      MAIL_FLOWS: 'off',
    };
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig(production).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it('names each malformed setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SERVE_WEB: 'maybe' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SERVE_WEB: 'maybe' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SERVE_WEB']) expect(message).toContain(name);
    }
  });

  it('reads the blocked-country list as upper-case ISO codes', () => {
    expect(loadConfig({ BLOCKED_COUNTRIES: 'bd, us,,IN ' }).BLOCKED_COUNTRIES).toEqual(['BD', 'US', 'IN']);
    expect(loadConfig({ SERVE_WEB: 'false' }).SERVE_WEB).toBe(false);
  });
});

describe('the production merchant of the configuration', () => {
  const base = {
    KHELA_MODE: 'production',
    DATABASE_URL: 'postgres://db.internal/khela',
    PUBLIC_URL: 'https://play.example.com',
    SMS_FLOWS: 'off',
    MAIL_FLOWS: 'off',
    MERCHANT: 'luckyin',
  };

  it('reads brand, country, currency, symbol, languages (first = default) and dialling code', () => {
    const config = loadConfig({
      ...base,
      BRAND_NAME: 'Lucky Bazi',
      MERCHANT_COUNTRY: 'IN',
      MERCHANT_CURRENCY: 'INR',
      MERCHANT_CURRENCY_SYMBOL: '₹',
      MERCHANT_LANGUAGES: 'hi, en',
      MERCHANT_DIAL_CODE: '+91',
      IMAGE_CDNS: 'https://img1.example.com, https://img2.example.com',
    });
    expect(productionMerchant(config)).toEqual({
      missing: [],
      brandName: 'Lucky Bazi',
      merchant: {
        code: 'luckyin',
        name: 'Lucky Bazi',
        country: 'IN',
        currency: 'INR',
        currencySymbol: '₹',
        languages: ['hi', 'en'],
        defaultLanguage: 'hi',
        dialCode: '+91',
      },
    });
    expect(config.IMAGE_CDNS).toEqual(['https://img1.example.com', 'https://img2.example.com']);
    expect(config.LAUNCH_GAME_CDNS).toBeUndefined();
  });

  it('names the missing merchant settings, and refuses malformed ones', () => {
    const result = productionMerchant(loadConfig({ ...base, MERCHANT_CURRENCY: 'INR' }));
    expect(result.merchant).toBeUndefined();
    expect(result.missing).toEqual([
      'BRAND_NAME',
      'MERCHANT_COUNTRY',
      'MERCHANT_CURRENCY_SYMBOL',
      'MERCHANT_LANGUAGES',
      'MERCHANT_DIAL_CODE',
    ]);
    for (const [key, value] of [
      ['MERCHANT_COUNTRY', 'India'],
      ['MERCHANT_CURRENCY', 'rupees'],
      ['MERCHANT_LANGUAGES', 'hi,fr'],
      ['MERCHANT_DIAL_CODE', '91'],
      ['MERCHANT', 'Lucky IN'],
      ['IMAGE_CDNS', 'not a url'],
    ] as const)
      expect(() => loadConfig({ ...base, [key]: value }), key).toThrow(new RegExp(key));
  });
});
