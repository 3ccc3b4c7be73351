import type { Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { fundMember, registerByMobile } from './members';
import { saveShot } from './shots';
import { staffCall, staffLogin } from './staff-api';

/*
 * Vietnamese lotteries (issue 17, ADR 046): a đề bet placed on the page on the first open North
 * draw, then that day declared a holiday in the back office — the draw is voided and the bet
 * refunded: it shows as refunded and the balance comes back. (The demo drawer draws at the
 * official Vietnamese times only, so a journey cannot wait for a result; settlement of each bet
 * type against results is proven in vn-lottery.test.ts.)
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
};

test('a đề bet on the North draw, voided by a holiday and refunded @desktop', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, '103.4.146.95');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openPage(page, '/vnlottery', 'vnlottery');
  await expect(page.getByTestId('page-vnlottery')).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toContainText('10,000');
  const before = digitsOf((await page.getByTestId('balance-amount').textContent()) ?? '');

  await page.getByTestId('vn-region-north').click();
  const draw = page.getByTestId('vn-draw').first();
  await expect(draw).toHaveAttribute('aria-pressed', 'true');
  const issueNo = (await draw.getAttribute('data-issue')) ?? '';
  await page.getByTestId('vn-bet-type-de').click();
  await page.getByTestId('vn-number-07').click();
  await page.getByTestId('vn-chip-10').click();
  await page.getByTestId('vn-slip-add').click();
  await expect(page.getByTestId('vn-slip-line')).toHaveCount(1);
  await expect(page.getByTestId('vn-slip-cost')).toContainText('10.00');
  await saveShot(page, 'vnlottery', 'slip-1440');
  await page.getByTestId('vn-slip-place').click();
  await expect(page.getByTestId('vn-slip-message')).toContainText('1 bet(s) placed');
  await expect(page.getByTestId('vn-my-bet').first()).toHaveAttribute('data-status', 'open');
  await expect
    .poll(async () => digitsOf((await page.getByTestId('balance-amount').textContent()) ?? ''))
    .toBe(before - 1000);

  // The back office declares the draw's day a holiday: its draws are voided, the stake refunded.
  const owner = await staffLogin(page.request, 'owner');
  const day = `${issueNo.slice(0, 4)}-${issueNo.slice(4, 6)}-${issueNo.slice(6, 8)}`;
  const added = (await staffCall(page.request, owner, 'POST', '/bo/api/lottery/vn/holidays', {
    day,
    reason: 'journey holiday',
  })) as { voided: number };
  expect(added.voided).toBeGreaterThan(0);
  // The balance push brings the refund at once; the bets list asks again within 10 s.
  await expect(page.getByTestId('vn-my-bet').first()).toHaveAttribute('data-status', 'void', {
    timeout: 15_000,
  });
  await expect
    .poll(async () => digitsOf((await page.getByTestId('balance-amount').textContent()) ?? ''))
    .toBe(before);
  await saveShot(page, 'vnlottery', 'refunded-1440');
});
