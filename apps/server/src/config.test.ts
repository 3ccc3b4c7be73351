import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    });
    expect(config).toMatchObject({ isDemo: false, PORT: 9000, MERCHANT: 'khelabd' });
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
