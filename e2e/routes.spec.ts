import type { Page } from '@playwright/test';
import { PAGE_ROUTES, type PageRoute } from '../apps/web/src/app/route-table';
import { expect, openPage, test } from './fixtures';

/** A concrete address for each route pattern of the route table. */
const concrete = (path: string) => path.replace(':games', 'live');

const expectFrame = async (page: Page, route: PageRoute) => {
  const { header, footer, banner } = route.frame;
  await expect(page.getByTestId(`page-${route.page}`)).toBeVisible();
  const siteHeader = page.getByTestId('site-header');
  if (header === 'none') {
    await expect(siteHeader).toHaveCount(0);
  } else {
    await expect(siteHeader).toBeVisible();
    await expect(page.getByTestId('main-nav')).toHaveCount(header === 'full' ? 1 : 0);
  }
  if (footer) await expect(page.getByTestId('site-footer')).toBeVisible();
  else await expect(page.getByTestId('site-footer')).toHaveCount(0);
  if (banner) await expect(page.getByTestId('banner-carousel')).toBeVisible();
  else await expect(page.getByTestId('banner-carousel')).toHaveCount(0);
};

/*
 * Every path and alias loads from scratch (page.goto) and must show its page in its frame without
 * a console error. Paths run in a few batches that share a browser (warm HTTP cache) to keep the
 * suite quick; each path is its own step in the report.
 */
const BATCHES = 6;
const batches = Array.from({ length: BATCHES }, (_, n) => PAGE_ROUTES.filter((_, i) => i % BATCHES === n));

test.describe('every route of the route table', () => {
  for (const [n, routes] of batches.entries()) {
    const paths = routes.flatMap((r) => r.paths.map(concrete));
    test(`batch ${n + 1}: ${paths.join(' ')}`, async ({ page }) => {
      // Several cold page loads in one test: room for a busy machine.
      test.setTimeout(120_000);
      for (const route of routes) {
        for (const path of route.paths) {
          const { header, footer, banner } = route.frame;
          await test.step(`${concrete(path)} → page ${route.page} (header ${header}, footer ${footer}, banner ${banner})`, async () => {
            await openPage(page, concrete(path), route.page);
            await expectFrame(page, route);
          });
        }
      }
    });
  }

  test('/games/:games upper-cases its category: /games/live is the live-casino lobby @desktop', async ({
    page,
  }) => {
    await openPage(page, '/live', 'live');
    const heading = page.locator('main h1').first();
    const liveTitle = (await heading.textContent()) ?? '';
    expect(liveTitle).not.toBe('');
    await expect(page.getByTestId('vendor-cards').locator('li').first()).toBeVisible();
    const vendors = await page.getByTestId('vendor-cards').locator('li').count();
    expect(vendors).toBeGreaterThan(0);
    for (const path of ['/games/live', '/games/LIVE']) {
      await openPage(page, path, 'games');
      await expect(page.locator('main h1').first()).toHaveText(liveTitle);
      await expect(page.getByTestId('vendor-cards').locator('li')).toHaveCount(vendors);
    }
  });

  test('opening the page already open, twice, is harmless @desktop', async ({ page }) => {
    await openPage(page, '/promotions', 'promotions');
    const entries = await page.evaluate(() => window.history.length);
    const link = page.getByTestId('main-nav').locator('a[href="/promotions"]');
    await link.click();
    await link.click();
    await expect(page.locator('[data-page="promotions"]')).toBeVisible();
    await expect(page.getByTestId('promo-card').first()).toBeVisible();
    // The same address again replaces the history entry instead of stacking copies.
    expect(await page.evaluate(() => window.history.length)).toBe(entries);
    await page.getByTestId('main-nav').locator('a[href="/"]').click();
    await expect(page.locator('[data-page="home"]')).toBeVisible();
    await page.goBack();
    await expect(page.locator('[data-page="promotions"]')).toBeVisible();
  });

  test('an unknown path shows the translated not-found page inside the frame', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    const notFound = page.getByTestId('not-found-page');
    await expect(notFound).toBeVisible();
    await expect(notFound.getByRole('heading')).not.toHaveText('');
    await expect(notFound.getByRole('link')).toHaveAttribute('href', '/');
  });
});
