import type { Page } from '@playwright/test';
import { expect, test, US_IP } from './fixtures';

/** Clicks the service button of a status screen and returns the window it opens, once it shows /helpmc. */
const openServiceWindow = async (page: Page) => {
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('system-service-button').click();
  const popup = await popupOpened;
  // The window opens at once (inside the click) and is pointed at the decoded link when known.
  await popup.waitForURL('**/helpmc');
  return popup;
};

/** The help centre without header: the live-chat entry the demo seeds (spec §2, /helpmc). */
const expectHelpCentre = async (popup: Page) => {
  await expect(popup.getByTestId('page-helpmc')).toBeVisible();
  await expect(popup.getByTestId('site-header')).toHaveCount(0);
  await expect(popup.getByTestId('maintenance-page')).toHaveCount(0);
  await expect(popup.getByTestId('region-blocked-page')).toHaveCount(0);
  await expect(popup.locator('#terms')).toBeAttached();
};

test.describe('visitor from a blocked country', () => {
  // The test server blocks US and trusts X-Forwarded-For from loopback; the service window opened
  // from the page is in the same browser context, so it comes from the US too.
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': US_IP } });

  test('sees the region-blocked page with their IP and the block info, and reaches customer service', async ({
    page,
  }) => {
    await page.goto('/');
    const blocked = page.getByTestId('region-blocked-page');
    await expect(blocked).toBeVisible();
    await expect(blocked.getByTestId('visitor-ip')).toHaveText(US_IP);
    // The operator's block info in the page language (Bangla; seeded per language).
    await expect(blocked).toContainText('খেলা আপনার দেশে উপলব্ধ নয়।');
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.locator('[data-page]')).toHaveCount(0);

    const popup = await openServiceWindow(page);
    await expectHelpCentre(popup);
  });
});

test.describe('site in maintenance', () => {
  /*
   * Turning maintenance on for real switches the whole merchant off, under every journey running
   * beside this one; the back-office journey does that on the India merchant
   * (e2e/backoffice.spec.ts), and the server tests cover the status answer and the refusals. Here
   * the real permission answer is turned into a maintenance answer on its way to this browser
   * context (the service window included), to follow the visitor's side of it.
   */
  const END_TIME = Date.UTC(2030, 0, 1, 3, 0);
  const TITLE = 'নির্ধারিত রক্ষণাবেক্ষণ';
  const INFO = 'আমরা ওয়ালেট পরিষেবা উন্নত করছি।';

  test('shows title, end time and info, and the service button opens the help centre', async ({
    page,
    context,
  }) => {
    await context.route(/\/wps\/system\/status/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { value: Record<string, unknown> };
      body.value.status = 1;
      body.value.maintenance = { enabled: true, title: TITLE, endTime: END_TIME, info: INFO };
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await page.goto('/rng');
    const screen = page.getByTestId('maintenance-page');
    await expect(screen).toBeVisible();
    await expect(screen.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await expect(screen).toContainText(INFO);
    const end = screen.getByTestId('maintenance-end');
    await expect(end).toHaveAttribute('datetime', new Date(END_TIME).toISOString());
    // In the page language and the visitor's time zone (Asia/Dhaka: 09:00 on 1 January 2030).
    await expect(end).toContainText('২০৩০');
    await expect(page.getByTestId('site-header')).toHaveCount(0);

    const popup = await openServiceWindow(page);
    await expectHelpCentre(popup);
  });
});

// Maintenance on and off, switched by an operator in the back office: e2e/backoffice.spec.ts.
