import type { Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';

/*
 * Game catalogue journeys on the slot lobby and the header navigation (issue 5). The lobby keeps
 * its state in the URL query, so each step is checked there as well as on screen.
 */

const query = (page: Page) => new URL(page.url()).searchParams;
const cards = (page: Page) => page.getByTestId('game-grid').getByTestId('game-card');

/** The catalogue answers from memory once loaded; a busy machine can make the first page slow. */
const SLOW = { timeout: 30_000 };

/** Waits until the grid shows a settled page (not the previous one kept while loading). */
const settled = async (page: Page) => {
  await expect(page.getByTestId('game-grid').locator('xpath=..')).toHaveAttribute('aria-busy', 'false', SLOW);
  await expect(cards(page).first()).toBeVisible();
};

/** Opens a lobby and waits for its page body (its chunk and texts load lazily). */
const openLobby = async (page: Page, path: string, pageKey: string) => {
  await openPage(page, path, pageKey);
  await expect(page.getByTestId(`page-${pageKey}`)).toBeVisible(SLOW);
};

/** Signs demo01 in through the API and puts the token where the app keeps it (session storage). */
const logIn = async (page: Page) => {
  const response = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const body = (await response.json()) as { value: { token: string; userName: string; id: number } };
  await page.addInitScript((value) => {
    window.sessionStorage.setItem('token', value.token);
    window.sessionStorage.setItem('account', value.userName);
    window.sessionStorage.setItem('nickname', value.userName);
    window.sessionStorage.setItem('customerId', String(value.id));
    window.sessionStorage.setItem('isAgent', '0');
    window.sessionStorage.setItem('USER_POPUP', 'closed');
  }, body.value);
};

test.describe('slot lobby', () => {
  test.describe.configure({ timeout: 90_000 });
  test('browses by vendor, and back returns to every vendor', async ({ page }) => {
    await openLobby(page, '/rng', 'rng');
    await settled(page);
    const swiper = page.getByTestId('vendor-swiper');
    await expect(swiper).toHaveAttribute('data-arrows', 'true');
    await expect(swiper.locator('[data-vendor=""]')).toHaveAttribute('aria-pressed', 'true');

    await swiper.locator('[data-vendor="JILI"]').click();
    await expect.poll(() => query(page).get('vassalage')).toBe('JILI');
    await expect(swiper.locator('[data-vendor="JILI"]')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('JILI');
    await settled(page);
    const ids = await cards(page).evaluateAll((nodes) =>
      nodes.map((n) => n.getAttribute('data-node-id') ?? ''),
    );
    expect(ids.length).toBe(15);
    for (const id of ids) expect(id).toMatch(/^jili-/);

    await page.goBack();
    await expect.poll(() => query(page).get('vassalage')).toBeNull();
    await expect(swiper.locator('[data-vendor=""]')).toHaveAttribute('aria-pressed', 'true');
  });

  test('a name search resets to page 1 of all games and survives a reload', async ({ page }) => {
    await openLobby(page, '/rng?page=hot', 'rng');
    await expect(page.getByTestId('rng-tab-hot')).toHaveAttribute('aria-selected', 'true', SLOW);
    await page.goto('/rng?pageNo=3');
    await settled(page);
    await expect(page.getByTestId('pager').locator('[aria-current="page"]')).toHaveText('3');
    const before = await page.getByTestId('games-count').textContent();

    await page.getByTestId('game-search').fill('dragon');
    await expect.poll(() => query(page).get('name')).toBe('dragon');
    expect(query(page).get('pageNo')).toBeNull();
    await settled(page);
    await expect(page.getByTestId('games-count')).not.toHaveText(before ?? '');
    await expect(page.getByTestId('rng-tab-all')).toHaveAttribute('aria-selected', 'true');

    await page.reload();
    await expect(page.getByTestId('game-search')).toHaveValue('dragon');
    await settled(page);
  });

  test('filters by classify and minimum bet, then pages to the last page', async ({ page }) => {
    await openLobby(page, '/rng', 'rng');
    await settled(page);
    await page.getByTestId('classify-filter').selectOption('jackpot');
    await expect.poll(() => query(page).get('classify')).toBe('jackpot');
    await page.getByTestId('minbet-filter').selectOption('0.05');
    await expect.poll(() => query(page).get('minBet')).toBe('0.05');
    await expect(page.getByTestId('classify-filter')).toHaveValue('jackpot');
    await settled(page);
    const bets = await cards(page).evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
    for (const text of bets) expect(text).toContain('0.05');

    const pager = page.getByTestId('pager');
    await expect(pager.getByTestId('pager-first')).toBeDisabled();
    await pager.getByTestId('pager-next').click();
    await expect.poll(() => query(page).get('pageNo')).toBe('2');
    await pager.getByTestId('pager-last').click();
    await settled(page);
    const last = Number(await pager.locator('[aria-current="page"]').textContent());
    expect(last).toBeGreaterThan(2);
    expect(query(page).get('pageNo')).toBe(String(last));
    await expect(pager.getByTestId('pager-next')).toBeDisabled();
    await expect(pager.getByTestId('pager-last')).toBeDisabled();
    // A page past the end is clamped to the last one.
    await page.goto(`/rng?classify=jackpot&minBet=0.05&pageNo=${last + 40}`);
    await expect.poll(() => query(page).get('pageNo')).toBe(String(last));
    await expect(page.getByTestId('pager').locator('[aria-current="page"]')).toHaveText(String(last));
  });

  test('a game icon that fails to load shows the default icon', async ({ page }) => {
    let failed = '';
    await page.route('**/media/gameicon-*', async (route) => {
      if (!failed) {
        failed = route.request().url();
        await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: 'not an image' });
        return;
      }
      await route.continue();
    });
    await openLobby(page, '/rng', 'rng');
    await settled(page);
    const icons = cards(page).getByTestId('game-icon');
    await expect(icons.locator('xpath=self::*[@data-fallback="true"]').first()).toBeVisible();
    expect(failed).not.toBe('');
    const shown = await icons.evaluateAll((nodes) =>
      nodes.map((n) => ({
        fallback: n.getAttribute('data-fallback') === 'true',
        src: (n as HTMLImageElement).currentSrc,
        ok: (n as HTMLImageElement).complete && (n as HTMLImageElement).naturalWidth > 0,
      })),
    );
    const fallbacks = shown.filter((icon) => icon.fallback);
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(fallbacks.length).toBeLessThan(shown.length);
    for (const icon of fallbacks) expect(icon.src.startsWith('data:image/svg+xml')).toBe(true);
    await expect
      .poll(() =>
        icons.evaluateAll((nodes) =>
          nodes.every((n) => (n as HTMLImageElement).naturalWidth > 0 || !(n as HTMLImageElement).src),
        ),
      )
      .toBe(true);
  });

  test('the favourite star asks a visitor to log in', async ({ page }) => {
    await openLobby(page, '/rng', 'rng');
    await settled(page);
    await expect(page.getByTestId('rng-tab-fav')).toHaveCount(0);
    await cards(page).first().getByTestId('favourite-toggle').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
  });

  test('a member saves a game, finds it under saved, and removes it', async ({ page }) => {
    await logIn(page);
    await openLobby(page, '/rng?vassalage=PG', 'rng');
    await settled(page);
    await expect(page.getByTestId('recent-panel')).toBeVisible();
    const card = cards(page).nth(2);
    const nodeId = await card.getAttribute('data-node-id');
    const star = card.getByTestId('favourite-toggle');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('lobby-toast')).toBeVisible();

    await page.getByTestId('rng-tab-fav').click();
    await expect.poll(() => query(page).get('page')).toBe('fav');
    const saved = page.locator(`[data-testid="game-grid"] [data-node-id="${nodeId}"]`);
    await expect(saved).toBeVisible();
    await expect(cards(page)).toHaveCount(1);

    await saved.getByTestId('favourite-toggle').click();
    await expect(page.getByTestId('games-empty')).toBeVisible();

    // A launch while signed in is routed but the game window belongs to the play work: a notice.
    await page.getByTestId('rng-tab-all').click();
    await settled(page);
    await cards(page).first().getByTestId('game-launch').click();
    await expect(page.getByTestId('lobby-toast')).toBeVisible();
  });
});

test.describe('header navigation', () => {
  test.describe.configure({ timeout: 90_000 });
  test('the slots drop-down lists 11 vendors then more, with hot badges', async ({ page }) => {
    await openPage(page, '/', 'home');
    const nav = page.getByTestId('main-nav');
    await nav.locator('a[href="/rng"]').hover();
    const dropdown = page.getByTestId('nav-dropdown');
    await expect(dropdown).toBeVisible(SLOW);
    await expect(dropdown).toHaveAttribute('data-category', 'RNG');
    await expect(dropdown.getByTestId('nav-vendor')).toHaveCount(11);
    await expect(dropdown.getByTestId('nav-more')).toBeVisible();
    expect(await dropdown.getByTestId('hot-badge').count()).toBeGreaterThan(0);
    // The vendor list is kept for the session with the catalogue version.
    const cached = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('gameVendor') ?? '{}'));
    expect(typeof cached.version).toBe('number');

    await dropdown.getByTestId('nav-vendor').nth(1).click();
    await expect(page).toHaveURL(/\/rng\?vassalage=[A-Z0-9_]+$/);
    await expect(page.getByTestId('nav-dropdown')).toHaveCount(0);

    // A category with few vendors has no 'more' entry.
    await nav.locator('a[href="/fish"]').hover();
    await expect(page.getByTestId('nav-dropdown')).toHaveAttribute('data-category', 'FISH');
    await expect(page.getByTestId('nav-more')).toHaveCount(0);
  });

  test('a live-casino vendor card opens the popup list of its games', async ({ page }) => {
    await openLobby(page, '/live', 'live');
    const card = page.getByTestId('vendor-card').first();
    await expect(card).toHaveAttribute('data-kind', 'VASSALAGE');
    await card.click();
    const modal = page.getByTestId('vendor-games-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('game-card').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('footer-vendors').getByTestId('footer-vendor').first()).toBeVisible();
  });
});
