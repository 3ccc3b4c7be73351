import { test as base, expect, type Page } from '@playwright/test';
import { type E2eServer, startServer } from './servers';

/** A Bangladeshi address (the default visitor of every journey, see playwright.config.ts). */
export const BD_IP = '103.4.145.1';
/** A United States address; the test server blocks US (BLOCKED_COUNTRIES=US). */
export const US_IP = '8.8.8.8';

type Options = {
  /**
   * The notice popups (before and after login) count as closed earlier in this browser session
   * (the sessionStorage marks of API-FACTS §4), so they do not cover the page under test.
   * Journeys about the popups turn this off.
   */
  popupsAlreadyClosed: boolean;
};
type Fixtures = { pageErrors: string[] };
type WorkerFixtures = { server: E2eServer };

/**
 * Every journey fails when the page logs a console error or throws: an automatic fixture collects
 * both and asserts there were none once the test body is done.
 */
export const test = base.extend<Fixtures & Options, WorkerFixtures>({
  /**
   * The worker's own server and database (e2e/servers.ts): journeys of other workers cannot
   * disturb it, so merchant-wide switches (maintenance, flags) need no lock.
   */
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => use(await startServer(workerInfo.parallelIndex)),
    // Started by the global set-up; started again here only if it is gone (migrate and seed).
    { scope: 'worker', timeout: 320_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  popupsAlreadyClosed: [true, { option: true }],
  page: async ({ page, popupsAlreadyClosed }, use) => {
    if (popupsAlreadyClosed) {
      // Before-login and after-login popups alike (an operator may publish either during a run).
      await page.addInitScript(() => {
        window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
        window.sessionStorage.setItem('USER_POPUP', 'closed');
      });
    }
    await use(page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error')
          errors.push(`console.error: ${message.text()} @ ${message.location().url}`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a path and waits until the app frame of that page is on screen. */
export const openPage = async (page: Page, path: string, pageKey: string) => {
  await page.goto(path);
  await expect(page.locator(`[data-page="${pageKey}"]`)).toBeVisible();
};

/** The bottom edge of the sticky site header, or 0 when the page has none. */
export const headerBottom = async (page: Page) => {
  const header = page.getByTestId('site-header');
  if ((await header.count()) === 0) return 0;
  const box = await header.boundingBox();
  return box ? box.y + box.height : 0;
};

/** The notice popup greets the first visit of a session: wait for it and close it. */
export const closeNoticePopup = async (page: Page) => {
  const popup = page.getByTestId('notice-popup');
  await expect(popup).toBeVisible();
  await page.getByTestId('popup-close').click();
  await expect(popup).toBeHidden();
};

/**
 * An `extraHTTPHeaders` option with a caller address per Playwright project: journeys that
 * register accounts run at both widths, and registrations are limited per IP (5 an hour).
 */
export const addressPerProject =
  (desktop: string, phone: string) =>
  async (
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    {}: object,
    use: (headers: Record<string, string>) => Promise<void>,
    testInfo: { project: { name: string } },
  ) =>
    use({ 'X-Forwarded-For': testInfo.project.name === 'phone' ? phone : desktop });

/**
 * The refusals a journey provokes on purpose (wrong password, taken username, unknown code, a
 * revoked token) show up as Chromium's "Failed to load resource" console lines: from the call on,
 * exactly those are kept out of the fixture's error list; every other error still fails the test.
 */
export const allowRefusals = (errors: string[], status: number, path: string) => {
  const expected = (line: string) =>
    line.includes('Failed to load resource') && line.includes(`status of ${status} `) && line.includes(path);
  const push = errors.push.bind(errors);
  Object.defineProperty(errors, 'push', {
    enumerable: false,
    configurable: true,
    value: (...lines: string[]) => push(...lines.filter((line) => !expected(line))),
  });
};
