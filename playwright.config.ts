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
/** Where the built web app and server come from (scripts/e2e-private.sh builds aside). */
const WEB_SOURCE = process.env.E2E_WEB_SOURCE ?? 'apps/web/dist';
const SERVER_MAIN = process.env.E2E_SERVER_MAIN ?? 'apps/server/dist/main.js';
/** The built back-office app (served at /bo/), copied aside like the web app. */
const BO_WEB_DIST = join(RUN_DIR, 'bo');
const BO_WEB_SOURCE = process.env.E2E_BO_WEB_SOURCE ?? 'apps/backoffice/dist';
/** The test SMTP server (`e2e/smtp-capture.ts`) keeps the mail it receives here (`e2e/auth-inbox.ts` reads it). */
const MAIL_DIR = join(RUN_DIR, 'mail');
const MAIL_PORT_FILE = join(MAIL_DIR, 'port');
const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

export default defineConfig({
  testDir: 'e2e',
  // Stops the server, then runs ledger:verify on the run's database (issue 6).
  globalTeardown: './e2e/global-teardown.ts',
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
    // The site honours prefers-reduced-motion (no marquee, no pulsing buttons, the jackpot counter
    // jumps): journeys that look at motion ask for it themselves. Idle animation otherwise keeps
    // Chromium's software rasteriser busy on the machine's two cores.
    reducedMotion: 'reduce',
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
      // The shell's pages run at both sizes (but journeys tagged @desktop); of the account and
      // cashier journeys, those tagged @phone: the screens checked at 390 px, while the flows
      // behind them run once, on desktop.
      testMatch: /(home|help|download|auth|auth-extras|cashier|routes|promotions)\.spec\.ts/,
      grep: [/(home|help|download|routes|promotions)\.spec\.ts/, /@phone/],
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
      `cp -R ${quote(WEB_SOURCE)} ${quote(WEB_DIST)}`,
      `cp -R ${quote(BO_WEB_SOURCE)} ${quote(BO_WEB_DIST)}`,
      // Mail goes out through real SMTP to the capture server, which picks a free port and writes it down.
      `{ ${quote(process.execPath)} --import tsx e2e/smtp-capture.ts ${quote(MAIL_DIR)} & }`,
      `{ i=0; while [ ! -s ${quote(MAIL_PORT_FILE)} ]; do i=$((i+1)); [ $i -lt 300 ] || exit 1; sleep 0.1; done; }`,
      // The pid stays the server's through exec: e2e/global-teardown.ts stops it before ledger:verify.
      `echo $$ > ${quote(join(RUN_DIR, 'server.pid'))}`,
      `exec env -u DATABASE_URL -u REDIS_URL -u PUBLIC_URL -u MERCHANT -u MAIL_FROM -u SMS_GATEWAY_URL SMTP_URL="smtp://127.0.0.1:$(cat ${quote(MAIL_PORT_FILE)})" ${quote(process.execPath)} ${quote(SERVER_MAIN)}`,
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
      BO_WEB_DIST,
      TRUST_PROXY: 'loopback',
      BLOCKED_COUNTRIES: 'US',
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'true',
    },
  },
});
