import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveShot } from './shots';
import { staffLogin } from './staff-api';

/*
 * The sportsbook's back office (issue 21): trading suspends and reopens a market with a reason
 * (the member's book then refuses bets on it: proven in sportsbook.test.ts), and the cash-out
 * setting is saved as a new rule version.
 */

const asStaff = async (page: Page) => {
  const token = await staffLogin(page.request, 'owner');
  await page.addInitScript(
    ([value]) => {
      window.sessionStorage.setItem('bo.token', value);
      window.localStorage.setItem('bo.merchant', 'khelabd');
      window.localStorage.setItem('bo.lang', 'en');
    },
    [token] as const,
  );
};

test('@desktop trading suspends and reopens a market with a reason; the cash-out margin is saved as a new version', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await asStaff(page);
  await page.goto('/bo/sportsbook');
  await expect(page.getByTestId('page-bo-sportsbook-trading')).toBeVisible({ timeout: 20_000 });
  // A scheduled event: a live one's markets are closed (no in-play betting yet).
  const event = page.getByTestId('bo-sb-event').filter({ hasText: 'Scheduled' }).first();
  await expect(event).toBeVisible({ timeout: 20_000 });
  await event.click();
  const market = page.locator('[data-testid^="bo-sb-market-"]').filter({ hasText: 'Open' }).first();
  await expect(market).toBeVisible();
  // Without a reason nothing can change.
  await expect(market.getByTestId('bo-sb-market-toggle')).toBeDisabled();
  await page.getByTestId('bo-sb-reason').fill('feed delay, checking the price');
  await market.getByTestId('bo-sb-market-toggle').click();
  await expect(page.getByTestId('toast-ok')).toContainText('Market changed.');
  const suspended = page.locator('[data-testid^="bo-sb-market-"]').filter({ hasText: 'Suspended' }).first();
  await expect(suspended.getByTestId('bo-sb-market-status')).toHaveText('Suspended');
  await saveShot(page, 'backoffice-sportsbook', 'trading');
  await suspended.getByTestId('bo-sb-market-toggle').click();
  await expect(page.locator('[data-testid^="bo-sb-market-"]').filter({ hasText: 'Suspended' })).toHaveCount(
    0,
  );

  await page.goto('/bo/sportsbook/bets');
  await expect(page.getByTestId('page-bo-sportsbook-bets')).toBeVisible({ timeout: 20_000 });
  const version = page.getByTestId('bo-sb-cashout-version');
  await expect(version).toContainText('Rule version');
  const before = Number((await version.textContent())?.replace(/[^0-9]/g, ''));
  await page.getByTestId('bo-sb-cashout-margin').fill('6.5');
  await page.getByTestId('bo-sb-cashout-reason').fill('margin review');
  await page.getByTestId('bo-sb-cashout-save').click();
  await expect(page.getByTestId('toast-ok')).toContainText(`Saved as version ${before + 1}.`);
  await expect(version).toContainText(String(before + 1));
  await expect(page.getByTestId('bo-sb-cashout-margin')).toHaveValue('6.50');
  await saveShot(page, 'backoffice-sportsbook', 'bets');
});
