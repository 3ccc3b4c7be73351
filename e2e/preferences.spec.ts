import { expect, openPage, test } from './fixtures';

test.describe('visitor preferences', () => {
  test('switching to English translates the site and refetches notices; a reload keeps English', async ({
    page,
  }) => {
    await openPage(page, '/', 'home');
    const login = page.getByTestId('btn-login');
    const bangla = ((await login.textContent()) ?? '').trim();
    expect(bangla).toMatch(/[\u0980-\u09FF]/);

    await page.getByTestId('language-select').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(login).toHaveText(/log ?in|sign ?in/i);
    await expect(page.getByTestId('notice-bar').getByTestId('notice-item').first()).toContainText(
      'Welcome to Khela!',
    );

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('language-select')).toHaveValue('en');
    await expect(page.getByTestId('btn-login')).toHaveText(/log ?in|sign ?in/i);
  });

  test('switching to the India merchant and Hindi shows the site in Hindi with rupees; a reload keeps both', async ({
    page,
  }) => {
    await openPage(page, '/', 'home');
    await page.getByTestId('merchant-select').selectOption('khelain');
    // India offers English and Hindi: Bangla gives way to its default, English.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('merchant-select')).toHaveValue('khelain');
    await expect(page.getByTestId('language-select').locator('option')).toHaveText([/English/, /हिन्दी|हिंदी/]);

    await page.getByTestId('language-select').selectOption('hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByTestId('btn-login')).toHaveText(/[\u0900-\u097F]/);
    await expect(page.getByTestId('notice-bar').getByTestId('notice-item').first()).toContainText(
      'खेला में आपका स्वागत है!',
    );
    await expect(page.getByTestId('merchant-select').locator('option:checked')).toContainText('₹');

    await page.reload();
    await expect(page.locator('[data-page="home"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByTestId('merchant-select')).toHaveValue('khelain');
    await expect(page.getByTestId('language-select')).toHaveValue('hi');
    await expect(page.getByTestId('btn-login')).toHaveText(/[\u0900-\u097F]/);
    await expect(page.getByTestId('notice-bar').getByTestId('notice-item').first()).toContainText(
      'खेला में आपका स्वागत है!',
    );
  });

  test('dark mode survives a reload, and so does going back to light', async ({ page }) => {
    await openPage(page, '/', 'home');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);

    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator('[data-page="home"]')).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/);

    await page.getByTestId('theme-toggle').click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator('[data-page="home"]')).toBeVisible();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });
});
