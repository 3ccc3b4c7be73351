import { expect, openPage, test } from './fixtures';

test.describe('promotions', () => {
  test('the header link lists the promotions by category; a card opens its details and back', async ({
    page,
  }) => {
    test.slow(); // two lists, a detail page and a reload
    await openPage(page, '/', 'home');
    await page.locator('a[href="/promotions"]:visible').first().click();
    await expect(page.locator('[data-page="promotions"]')).toBeVisible();
    await expect(page.getByTestId('banner-carousel')).toHaveAttribute('data-group', 'w_promotion');
    const cards = page.getByTestId('promo-card');
    await expect(cards).toHaveCount(5);
    // Bangla page: categories and dates in Bangla, each card with its cover image.
    await expect(page.getByTestId('promo-tab-rebate_promo')).toHaveText('রিবেট');
    for (const cover of await page.getByTestId('promo-cover').all())
      await expect(cover).toHaveJSProperty('complete', true);

    await page.getByTestId('promo-tab-rebate_promo').click();
    await expect(page).toHaveURL(/\/promotions\?category=rebate_promo$/);
    await expect(cards).toHaveCount(1);
    await cards.first().click();

    await expect(page).toHaveURL(/\/promoDetail\?id=\d+$/);
    const detail = page.getByTestId('promo-detail');
    await expect(detail.getByRole('heading', { level: 1 })).toHaveText('স্লটে প্রতিদিন ১% রিবেট');
    await expect(detail.getByTestId('promo-content').locator('li')).toHaveCount(2);
    await expect(detail.getByTestId('promo-dates')).toContainText('২০৩০');
    // Taking part is a later issue: no claim button.
    await expect(detail.getByRole('button')).toHaveCount(0);

    await page.reload();
    await expect(detail.getByRole('heading', { level: 1 })).toHaveText('স্লটে প্রতিদিন ১% রিবেট');
    await page.getByTestId('promo-back').click();
    await expect(page.locator('[data-page="promotions"]')).toBeVisible();
    await expect(cards).toHaveCount(5);
  });

  test('the floating promotion button opens the promotions, and an unknown promotion says so', async ({
    page,
  }) => {
    await openPage(page, '/rng', 'rng');
    // The button pulses (an endless animation), so it never counts as 'stable' for a normal click.
    await page.getByTestId('promo-float').click({ force: true });
    await expect(page.locator('[data-page="promotions"]')).toBeVisible();
    await openPage(page, '/promoDetail?id=999999', 'promoDetail');
    await expect(page.getByTestId('promo-missing')).toBeVisible();
  });
});
