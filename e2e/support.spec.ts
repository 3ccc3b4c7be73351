import type { Page } from '@playwright/test';
import { BD_IP, expect, test } from './fixtures';
import { registerByMobile } from './members';
import { staffLogin } from './staff-api';

/**
 * Support chat and the installable site (issue 24, ADR 044): a registered member and a support
 * agent exchange messages live (each side's socket refetches on the other's message, no reload);
 * the manifest is served and valid, the service worker registers, and a page load without the
 * network shows the precached offline page.
 */

// Two browser contexts (member and agent) and the back office's first load: more than the default
// 45 s on a busy machine (measured 1.6–1.9 min at load average 24–36 on 2 cores).
test.describe.configure({ timeout: 150_000 });

const asMember = (page: Page, token: string) =>
  page.addInitScript((value) => {
    window.localStorage.setItem('hisLang', 'en');
    window.sessionStorage.setItem('token', value);
    window.sessionStorage.setItem('merchant', 'khelabd');
  }, token);

test('a member and a support agent exchange messages live', async ({ page, browser, baseURL }) => {
  const member = await registerByMobile(page.request, BD_IP);
  await asMember(page, member.token);
  await page.goto('/support');
  await expect(page.getByTestId('page-support')).toBeVisible();
  await page.getByTestId('support-text').fill('Hello, my deposit is late');
  await page.getByTestId('support-send').click();
  await expect(page.getByTestId('support-message')).toHaveCount(1);

  // The agent: the back office's support inbox in a browser context of its own.
  const staffToken = await staffLogin(page.request, 'support');
  const agent = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  await agent.addInitScript((value) => {
    window.sessionStorage.setItem('bo.token', value);
    window.localStorage.setItem('bo.lang', 'en');
  }, staffToken);
  const bo = await agent.newPage();
  await bo.goto('/bo/support/chat');
  // The back office's first load (its own bundle) on a busy machine.
  await expect(bo.getByTestId('page-support-chat')).toBeVisible({ timeout: 30_000 });
  const row = bo.getByTestId('support-chat-row').filter({ hasText: member.userName });
  await expect(row.getByTestId('support-chat-unread')).toHaveText('1');
  await row.click();
  await expect(bo.getByTestId('support-chat-message')).toHaveText([/Hello, my deposit is late/]);

  // The agent's reply reaches the member's open page through the socket.
  await bo.getByTestId('support-chat-reply').fill('We are checking it now');
  await bo.getByTestId('support-chat-send').click();
  await expect(page.locator('[data-testid="support-message"][data-sender="staff"]')).toHaveText(
    /We are checking it now/,
  );
  // …and the member's next message reaches the agent's open conversation the same way.
  await page.getByTestId('support-text').fill('Thank you');
  await page.getByTestId('support-send').click();
  await expect(bo.locator('[data-testid="support-chat-message"][data-sender="member"]')).toHaveCount(2);
  await agent.close();
});

test.describe('installable site', () => {
  test.use({ serviceWorkers: 'allow' });

  test('serves a valid manifest, registers the service worker and shows the offline page offline', async ({
    page,
    context,
    pageErrors,
  }) => {
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    const body = await manifest.json();
    expect(body).toMatchObject({ start_url: '/', display: 'standalone', theme_color: '#f59e0b' });
    const pngs = (body.icons as { src: string; sizes: string; type: string }[]).filter(
      (i) => i.type === 'image/png',
    );
    expect(pngs.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of pngs) {
      const res = await page.request.get(icon.src);
      expect(res.headers()['content-type']).toBe('image/png');
    }

    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    // Controlled once the worker has claimed the page (clientsClaim): then the network goes.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The home page's own lazy loads are done before the network goes (they would fail offline).
    await page.waitForLoadState('networkidle');
    // Loads the home page still had under way fail once the network is gone: expected here.
    const push = pageErrors.push.bind(pageErrors);
    Object.defineProperty(pageErrors, 'push', {
      enumerable: false,
      configurable: true,
      value: (...lines: string[]) =>
        push(...lines.filter((line) => !/net::ERR_(INTERNET_DISCONNECTED|FAILED)/.test(line))),
    });
    await context.setOffline(true);
    await page.goto('/rng');
    await expect(page.getByTestId('page-offline')).toBeVisible();
  });
});
