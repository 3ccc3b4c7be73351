import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the BUILT server (`npm run build` first; `npm test` does it), driving
 * Debian's Chromium (`scripts/ensure-chromium.mjs` installs it with apt-get when missing).
 *
 * Each worker runs its own server on a database of its own, on port `E2E_PORT + worker`
 * (e2e/servers.ts, started by the `server` fixture of e2e/fixtures.ts): nothing is shared, so
 * nothing is locked between workers. `E2E_WORKERS` sets how many (default: the cores, at least 2).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? Math.max(2, availableParallelism()));

export default defineConfig({
  testDir: 'e2e',
  // Empties the run's folder and copies the built apps aside.
  globalSetup: './e2e/global-setup.ts',
  // Stops every worker's server, then runs ledger:verify and audit:verify on each database (issues 4, 6).
  globalTeardown: './e2e/global-teardown.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: WORKERS,
  retries: 0,
  timeout: 45_000,
  // 15 s per expectation: on the 2-core CI machine a busy moment (two browsers and two servers)
  // has made a 10 s wait for a modal or a text run out; a passing journey does not wait longer.
  expect: { timeout: 15_000 },
  // .ci/run adds the JSON reporter, whose file names every failing journey at the end of the log.
  reporter: 'list',
  use: {
    // baseURL: the worker's own server (the `baseURL` fixture of e2e/fixtures.ts).
    // Every visitor but the region-blocked one comes from Bangladesh (the server trusts
    // X-Forwarded-For from loopback in this run, see e2e/servers.ts).
    extraHTTPHeaders: { 'X-Forwarded-For': '103.4.145.1' },
    locale: 'bn-BD',
    // The site honours prefers-reduced-motion (no marquee, no pulsing buttons, the jackpot counter
    // jumps): journeys that look at motion ask for it themselves. Idle animation otherwise keeps
    // Chromium's software rasteriser busy on the machine's two cores.
    reducedMotion: 'reduce',
    timezoneId: 'Asia/Dhaka',
    // The site's service worker (ADR 044) would fetch pages and assets itself, out of reach of
    // page.route: journeys run without it; e2e/support.spec.ts allows it for itself.
    serviceWorkers: 'block',
    // DOM snapshots of a failing journey, without the screencast (its frames cost the software
    // rasteriser on the machine's two cores in every passing journey too).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
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
});
