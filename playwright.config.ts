import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the BUILT server (`npm run build` first; `npm test` does it), driving
 * Debian's Chromium (`scripts/ensure-chromium.mjs` installs it with apt-get when missing).
 */
const PORT = Number(process.env.E2E_PORT ?? 8199);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** A fresh database for every run: the server seeds the demo brand on its first start. */
const RUN_DIR = join(tmpdir(), `khela-e2e-${PORT}`);
const DATA_DIR = join(RUN_DIR, 'data');
const WEB_DIST = join(RUN_DIR, 'web');
const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    baseURL: BASE_URL,
    // Every visitor but the region-blocked one comes from Bangladesh (the server trusts
    // X-Forwarded-For from loopback in this run, see webServer.env).
    extraHTTPHeaders: { 'X-Forwarded-For': '103.4.145.1' },
    locale: 'bn-BD',
    timezoneId: 'Asia/Dhaka',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
      // Layout-sensitive journeys run at both sizes; the rest (tagged @desktop) once, on desktop.
      testMatch: /(home|help|download)\.spec\.ts/,
      grepInvert: /@desktop/,
    },
    {
      name: 'desktop',
      use: { viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    // The database, Redis and brand settings of the caller's shell must not leak into this run.
    // The built web app is copied aside first, so a rebuild during the run cannot swap assets under it.
    command: [
      `rm -rf ${quote(RUN_DIR)}`,
      `mkdir -p ${quote(RUN_DIR)}`,
      `cp -R apps/web/dist ${quote(WEB_DIST)}`,
      `exec env -u DATABASE_URL -u REDIS_URL -u PUBLIC_URL -u MERCHANT ${quote(process.execPath)} apps/server/dist/main.js`,
    ].join(' && '),
    url: `${BASE_URL}/healthz`,
    timeout: 90_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      KHELA_MODE: 'demo',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      WEB_DIST,
      TRUST_PROXY: 'loopback',
      BLOCKED_COUNTRIES: 'US',
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'true',
    },
  },
});
