import type { SystemStatus } from '@khela/contract';
import { expect, test, US_IP } from './fixtures';

test.describe('visitor from a blocked country', () => {
  // The test server blocks US and trusts X-Forwarded-For from loopback.
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': US_IP } });

  test('sees the region-blocked page with their IP address instead of the site', async ({ page }) => {
    await page.goto('/');
    const blocked = page.getByTestId('region-blocked-page');
    await expect(blocked).toBeVisible();
    await expect(blocked.getByTestId('visitor-ip')).toHaveText(US_IP);
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.locator('[data-page]')).toHaveCount(0);
  });
});

test.describe('maintenance', () => {
  test('shows the maintenance page when the status answer says 1 (status call intercepted in the browser)', async ({
    page,
  }) => {
    const endTime = Date.UTC(2030, 0, 1, 3, 0);
    // No operator screen exists yet to switch maintenance on, so the real status answer is fetched
    // and only its status and maintenance block are changed on the way to the page.
    await page.route('**/wps/system/status**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { success: boolean; value: SystemStatus };
      body.value.status = 1;
      body.value.maintenance = {
        enabled: true,
        title: 'নির্ধারিত রক্ষণাবেক্ষণ',
        endTime,
        info: 'আমরা সার্ভার উন্নত করছি। শীঘ্রই ফিরে আসছি।',
      };
      await route.fulfill({ response, json: body });
    });
    await page.goto('/');
    const maintenance = page.getByTestId('maintenance-page');
    await expect(maintenance).toBeVisible();
    await expect(maintenance).toContainText('নির্ধারিত রক্ষণাবেক্ষণ');
    await expect(maintenance).toContainText('আমরা সার্ভার উন্নত করছি।');
    await expect(maintenance.getByTestId('maintenance-end')).toHaveAttribute(
      'datetime',
      new Date(endTime).toISOString(),
    );
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.locator('[data-page]')).toHaveCount(0);
  });
});
