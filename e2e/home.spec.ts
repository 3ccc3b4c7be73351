import { closeNoticePopup, expect, openPage, test } from './fixtures';

test.describe('home page', () => {
  test.use({ popupsAlreadyClosed: false });

  test('greets in Bangla with the banner carousel, every banner image loading, and the notice bar', async ({
    page,
  }) => {
    await openPage(page, '/', 'home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await closeNoticePopup(page);

    const carousel = page.getByTestId('banner-carousel');
    await expect(carousel).toBeVisible();
    const slides = carousel.getByTestId('banner-slide');
    await expect.poll(() => slides.count()).toBeGreaterThanOrEqual(2);
    const count = await slides.count();
    const dots = carousel.getByTestId('banner-dot');
    await expect(dots).toHaveCount(count);
    // Later slides load their image lazily: bring each one in with its dot and see the image decode.
    for (let index = 0; index < count; index++) {
      await dots.nth(index).click();
      await expect(dots.nth(index)).toHaveAttribute('aria-current', 'true');
      await expect
        .poll(() =>
          slides.nth(index).evaluate((slide) => {
            const img = slide.querySelector('img');
            return Boolean(img?.complete && img.naturalWidth > 0);
          }),
        )
        .toBe(true);
    }

    const bar = page.getByTestId('notice-bar');
    await expect(bar).toBeVisible();
    await expect(bar.getByTestId('notice-item').first()).toContainText('খেলা-তে স্বাগতম!');
  });

  test('runs under the Content-Security-Policy: no violation on the home page and the back office (ADR 029)', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    await openPage(page, '/', 'home');
    await closeNoticePopup(page);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await page.goto('/bo/');
    await expect(page.locator('#root')).not.toBeEmpty();
    expect(violations).toEqual([]);
  });

  test('clicking a notice in the bar opens the notice modal at that notice', async ({ page }) => {
    await openPage(page, '/', 'home');
    await closeNoticePopup(page);
    const bar = page.getByTestId('notice-bar');
    const second = bar.getByTestId('notice-item').nth(1);
    await expect(second).toBeVisible();
    const title = ((await second.textContent()) ?? '').trim();
    const index = await second.getAttribute('data-index');
    // The bar stops scrolling under the pointer, so the item holds still for the click.
    await bar.hover();
    await second.click();
    const modal = page.getByTestId('notice-modal');
    await expect(modal).toBeVisible();
    const shown = modal.getByTestId('notice-modal-item');
    await expect(shown).toHaveAttribute('data-index', index ?? '1');
    await expect(shown).toContainText(title);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });

  test('the notice popup shows once per session and stays closed after a reload', {
    tag: '@desktop',
  }, async ({ page }) => {
    await openPage(page, '/', 'home');
    await closeNoticePopup(page);
    await page.reload();
    await expect(page.getByTestId('notice-bar').getByTestId('notice-item').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('notice-popup')).toHaveCount(0);
  });
});
