import { access, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

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
type Fixtures = { pageErrors: string[]; exclusiveGate: undefined };

/**
 * Journeys tagged `@exclusive` switch something merchant-wide that other journeys would trip over
 * (maintenance, the proof-of-work flag, new-IP verification): while one runs, no other journey does. A readers-writer
 * lock in the run's folder, shared by the workers: every other journey registers itself as a
 * reader, then backs off while an exclusive one holds the lock; an exclusive journey takes the
 * lock, then waits for the readers to finish. (Registering before looking, on both sides, means
 * one of the two always sees the other.)
 */
const GATE_DIR = join(tmpdir(), `khela-e2e-${process.env.E2E_PORT ?? 8199}`, 'gate');
const WRITER = join(GATE_DIR, 'exclusive');
const READERS = join(GATE_DIR, 'readers');
const pause = () => new Promise((resolve) => setTimeout(resolve, 200));
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const enterAsReader = async (id: string) => {
  await mkdir(READERS, { recursive: true });
  const marker = join(READERS, id);
  for (;;) {
    await writeFile(marker, '');
    if (!(await exists(WRITER))) return async () => rm(marker, { force: true });
    await rm(marker, { force: true });
    while (await exists(WRITER)) await pause();
  }
};

const enterAsWriter = async () => {
  await mkdir(GATE_DIR, { recursive: true });
  for (;;) {
    try {
      await mkdir(WRITER);
      break;
    } catch {
      await pause();
    }
  }
  await mkdir(READERS, { recursive: true });
  while ((await readdir(READERS)).length > 0) await pause();
  return async () => rm(WRITER, { recursive: true, force: true });
};

/**
 * Every journey fails when the page logs a console error or throws: an automatic fixture collects
 * both and asserts there were none once the test body is done.
 */
export const test = base.extend<Fixtures & Options>({
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
  exclusiveGate: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      const leave = testInfo.tags.includes('@exclusive')
        ? await enterAsWriter()
        : await enterAsReader(`${testInfo.workerIndex}-${testInfo.testId}`);
      try {
        await use(undefined);
      } finally {
        await leave();
      }
    },
    // Waiting for an exclusive journey is not the waiting test's own time.
    { auto: true, timeout: 600_000 },
  ],
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
