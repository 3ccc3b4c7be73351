import { expect, headerBottom, openPage, test } from './fixtures';

test.describe('help centre', () => {
  test('/help lists every article as a section, in Bangla by default, and starts at the top', async ({
    page,
  }) => {
    await openPage(page, '/help', 'help');
    const help = page.getByTestId('help-page');
    await expect(help.getByRole('heading', { level: 1 })).toHaveText('সহায়তা কেন্দ্র');
    for (const tag of ['aboutus', 'deposit', 'withdraw', 'game', 'faqs', 'terms']) {
      await expect(help.locator(`section#${tag}`)).toBeVisible();
    }
    // Sub-articles are sections inside their parent.
    await expect(help.locator('section#faqs section#faq-password')).toHaveCount(1);
    await expect(help.locator('section#aboutus h2')).toHaveText('আমাদের সম্পর্কে');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('/help#terms scrolls the terms section into view below the header', async ({ page }) => {
    await page.goto('/help#terms');
    const terms = page.locator('section#terms');
    await expect(terms).toBeVisible();
    const viewport = page.viewportSize();
    if (!viewport) throw new Error('no viewport');
    await expect
      .poll(async () => {
        const box = await terms.locator('h2').boundingBox();
        const top = await headerBottom(page);
        return Boolean(box && box.y >= top - 1 && box.y + box.height <= viewport.height);
      })
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the footer link to the terms opens the help centre at the terms', { tag: '@desktop' }, async ({
    page,
  }) => {
    await openPage(page, '/', 'home');
    await page.getByTestId('site-footer').locator('a[href="/help#terms"]').click();
    await expect(page).toHaveURL(/\/help#terms$/);
    await expect(page.locator('[data-page="help"]')).toBeVisible();
    await expect(page.locator('section#terms h2')).toBeInViewport();
    const top = await headerBottom(page);
    await expect
      .poll(async () => ((await page.locator('section#terms h2').boundingBox())?.y ?? -1) >= top - 1)
      .toBe(true);
  });

  test('a topic link moves to its section and puts its tag in the address', async ({ page }) => {
    await openPage(page, '/help', 'help');
    const nav = page.getByRole('navigation', { name: 'বিষয়সমূহ' });
    await nav.getByRole('link', { name: 'উত্তোলন', exact: true }).click();
    await expect(page).toHaveURL(/\/help#withdraw$/);
    await expect(page.locator('section#withdraw')).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'উত্তোলন', exact: true })).toHaveAttribute(
      'aria-current',
      'location',
    );
  });

  test('the help centre follows a switch to English', { tag: '@desktop' }, async ({ page }) => {
    await openPage(page, '/help', 'help');
    await expect(page.locator('section#terms h2')).toHaveText('ব্যবহারের শর্তাবলী');
    const refetch = page.waitForRequest(
      (r) => r.url().includes('/wps/system/helpCenter') && r.url().includes('lang=en'),
    );
    await page.getByTestId('language-select').selectOption('en');
    await refetch;
    await expect(page.locator('section#terms h2')).toHaveText('Terms of use');
    await expect(page.getByTestId('help-page').getByRole('heading', { level: 1 })).toHaveText('Help centre');
  });
});

test.describe('help centre in the customer-service window', { tag: '@desktop' }, () => {
  test.use({ viewport: { width: 440, height: 750 } });

  test('/helpmc shows the articles without the site header and fits 440x750', async ({ page }) => {
    await openPage(page, '/helpmc', 'helpmc');
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
    const help = page.getByTestId('help-page');
    await expect(help.locator('section#aboutus')).toBeVisible();
    await expect(help.locator('section[id]')).toHaveCount(8);
    await expect(help.getByRole('navigation')).toBeVisible();
    // Nothing wider than the window: no sideways scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('/helpmc#terms lands on the terms below the sticky topics', async ({ page }) => {
    await page.goto('/helpmc#terms');
    const heading = page.locator('section#terms h2');
    await expect(heading).toBeInViewport();
    const topics = await page.getByTestId('help-page').getByRole('navigation').boundingBox();
    const box = await heading.boundingBox();
    expect(box && topics && box.y >= topics.y + topics.height - 1).toBe(true);
  });
});
