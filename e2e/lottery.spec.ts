import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { fundMember, registerByMobile } from './members';
import { saveShot } from './shots';
import { staffLogin } from './staff-api';

/*
 * The in-house lottery (issue 17): place a Keno bet on the betting view, watch the 1-minute draw
 * settle and the header balance rise, and verify the draw in the browser. Eighty pick-1 bets (one
 * per number, through the API) make the win certain: 20 of them hit and pay 3.8× each.
 */

const digitsOf = (text: string) => Number(text.replace(/[^0-9]/g, ''));

const logIn = async (page: Page, ip: string) => {
  const member = await registerByMobile(page.request, ip);
  await fundMember(page.request, member.id, 1_000_000);
  await page.addInitScript((value) => {
    window.sessionStorage.setItem('token', value.token);
    window.sessionStorage.setItem('account', value.userName);
    window.sessionStorage.setItem('nickname', value.userName);
    window.sessionStorage.setItem('customerId', String(value.id));
    window.sessionStorage.setItem('isAgent', '0');
    window.sessionStorage.setItem('USER_POPUP', 'closed');
    window.localStorage.setItem('hisLang', 'en');
  }, member);
  return member.token;
};

type Issue = { issueNo: string; locksAt: number };

/** The open Keno 1 issue with at least 8 s left to bet (the next one when this one closes too soon). */
const openKeno = async (request: APIRequestContext): Promise<Issue> => {
  for (;;) {
    const res = await request.get('/wps/lottery/games', { headers: { Merchant: 'khelabd' } });
    const value = (await res.json()).value as {
      serverTime: number;
      games: { code: string; current: Issue | null }[];
    };
    const current = value.games.find((g) => g.code === 'KENO1')?.current;
    if (current && current.locksAt - value.serverTime > 8_000) return current;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
};

test('a Keno bet: placed, drawn within the minute, settled into the balance, verified', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await logIn(page, '103.4.146.71');
  await page.setViewportSize({ width: 1440, height: 1000 });
  const issue = await openKeno(page.request);

  await openPage(page, '/lottery?gameCode=KENO1', 'lottery');
  const view = page.getByTestId('lotto-view');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('lotto-issue')).toHaveAttribute('data-issue', issue.issueNo, {
    timeout: 15_000,
  });
  await expect(page.getByTestId('balance-amount')).toContainText('10,000');
  const before = digitsOf((await page.getByTestId('balance-amount').textContent()) ?? '');

  // On the page: quick pick 5, a 10 chip, into the slip, placed.
  await page.getByTestId('quick-pick-5').click();
  await page.getByTestId('chip-10').click();
  await page.getByTestId('slip-add').click();
  await expect(page.getByTestId('slip-line')).toHaveCount(1);
  await expect(page.getByTestId('slip-cost')).toContainText('10.00');
  await saveShot(page, 'lottery', 'keno-slip-1440');
  await page.getByTestId('slip-place').click();
  await expect(page.getByTestId('slip-message')).toContainText('1 bets placed');
  await expect
    .poll(async () => digitsOf((await page.getByTestId('balance-amount').textContent()) ?? ''))
    .toBe(before - 1000);

  // Through the API: every number once, 1.00 each (80.00), 20 of them certain to win 3.80.
  for (let slip = 0; slip < 4; slip++) {
    const res = await page.request.post('/wps/lottery/bets', {
      headers: { Authorization: token, Merchant: 'khelabd' },
      data: {
        gameCode: 'KENO1',
        issueNo: issue.issueNo,
        requestKey: `cover-${slip}`,
        bets: Array.from({ length: 20 }, (_, i) => ({
          betType: 'pick',
          selection: { numbers: [slip * 20 + i + 1] },
          stakeMinor: 100,
        })),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const placed = before - 1000 - 8000;
  await expect
    .poll(async () => digitsOf((await page.getByTestId('balance-amount').textContent()) ?? ''))
    .toBe(placed);

  // The draw: its result appears, the bets settle, the balance rises by at least 76.00.
  const result = page.locator(`[data-testid="lottery-result"][data-issue="${issue.issueNo}"]`);
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(page.locator('[data-testid="lottery-my-bet"][data-status="open"]')).toHaveCount(0, {
    timeout: 20_000,
  });
  await expect
    .poll(async () => digitsOf((await page.getByTestId('balance-amount').textContent()) ?? ''), {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(placed + 7600);
  await saveShot(page, 'lottery', 'keno-settled-1440');
  await page.setViewportSize({ width: 390, height: 900 });
  await saveShot(page, 'lottery', 'keno-settled-390', { fullPage: true });

  // The proof, recomputed in the browser.
  await result.getByTestId('lottery-verify-link').click();
  await expect(page.getByTestId('lottery-verify-result')).toHaveAttribute('data-ok', 'true', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('verify-commitment')).toHaveAttribute('data-ok', 'true');
  await saveShot(page, 'lottery', 'verify-390', { fullPage: true });

  // The back office: the member's bets in the search, the rule in force with its RTP.
  const staff = await staffLogin(page.request, 'risk');
  await page.addInitScript((value) => {
    window.sessionStorage.setItem('bo.token', value);
    window.localStorage.setItem('bo.merchant', 'khelabd');
  }, staff);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/bo/lottery?issueNo=${issue.issueNo}`);
  await expect(page.getByTestId('bo-lottery-bets')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('bo-lottery-bets-table').locator('tbody tr').first()).toBeVisible();
  await saveShot(page, 'lottery', 'bo-bets-1440');
  await page.goto('/bo/lottery/rules');
  await expect(page.getByTestId('bo-lottery-rtp')).toContainText('95.00 %');
  await saveShot(page, 'lottery', 'bo-rules-1440');
  await page.setViewportSize({ width: 390, height: 900 });
  await saveShot(page, 'lottery', 'bo-rules-390', { fullPage: true });
});
