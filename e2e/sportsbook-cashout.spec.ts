import type { Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { fundMember, registerByMobile } from './members';
import { saveShot } from './shots';

/*
 * Sportsbook cash-out (ADR 050, 055): a single placed from the slip on /sports, its live offer on
 * "Cash out" in my bets, confirmed, the bet settled as cashed out and the offer credited to the
 * balance. The odds-format choice shows the same prices as fractions, and is kept with the account:
 * another browser of the member opens the book in it. A partial cash-out: part of the stake taken
 * out with the amount picker, the bet open on the rest with the part in its history. Offer maths:
 * server tests.
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
  return member;
};

const balance = async (page: Page) =>
  digitsOf((await page.getByTestId('balance-amount').textContent()) ?? '');

test('a single cashed out from my bets at its live offer, the offer in the balance', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const member = await logIn(page, '103.4.146.93');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openPage(page, '/sports', 'sports');
  await expect(page.getByTestId('balance-amount')).toContainText('10,000', { timeout: 45_000 });
  const before = await balance(page);

  const soon = page.getByTestId('book-soon').getByTestId('book-event');
  await expect(soon.first()).toBeVisible({ timeout: 30_000 });
  const home = soon.first().getByTestId('book-market').first().getByTestId('book-selection').first();

  // Odds in fractions: every price reads n/d; back to decimal.
  await page.getByTestId('odds-format').selectOption('fractional');
  await expect(home).toContainText(/\d+\/\d+/);
  await page.getByTestId('odds-format').selectOption('decimal');
  await expect(home).toContainText(/\d+\.\d{2}/);

  // Kept with the account: a new browser of the member (nothing in its storage) shows American odds.
  const kept = page.waitForResponse(
    (r) => r.url().endsWith('/wps/sportsbook/preferences') && r.request().method() === 'PUT',
  );
  await page.getByTestId('odds-format').selectOption('american');
  expect((await kept).status()).toBe(200);
  const other = await browser.newContext({ baseURL, viewport: { width: 1440, height: 1000 } });
  const second = await other.newPage();
  await second.addInitScript((value) => {
    window.sessionStorage.setItem('token', value.token);
    window.sessionStorage.setItem('account', value.userName);
    window.sessionStorage.setItem('USER_POPUP', 'closed');
    window.localStorage.setItem('hisLang', 'en');
  }, member);
  await openPage(second, '/sports', 'sports');
  await expect(second.getByTestId('odds-format')).toHaveValue('american', { timeout: 30_000 });
  await expect(
    second.getByTestId('book-soon').getByTestId('book-event').first().getByTestId('book-selection').first(),
  ).toContainText(/[+-]\d{3}/, { timeout: 30_000 });
  await other.close();
  await page.getByTestId('odds-format').selectOption('decimal');
  await expect(home).toContainText(/\d+\.\d{2}/);

  await home.click();
  await page.getByTestId('slip-stake').fill('10');
  await page.getByTestId('slip-place').click();
  await expect(page.getByTestId('slip-message')).toContainText('Bet placed');
  await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(before - 1000);

  const bet = page.getByTestId('book-bet').first();
  const button = bet.getByTestId('cash-out-button');
  await expect(button).toBeVisible({ timeout: 15_000 });
  await expect(button).toContainText('Cash out');
  await saveShot(page, 'sportsbook', 'cash-out-offer-1440-en');

  // The price may move between seeing the offer and confirming: a lower offer is refused (409,
  // translated) and the list shows the new one; ask again until accepted.
  const message = bet.getByTestId('cash-out-message');
  const done = page.getByTestId('cash-out-done');
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await bet.getByTestId('cash-out-button').click();
    await bet.getByTestId('cash-out-confirm').click();
    await expect(done.or(message)).toBeVisible({ timeout: 20_000 });
    if (await done.isVisible()) break;
    await expect(message).toContainText('cash-out offer has changed');
  }
  await expect(done).toContainText('Cashed out', { timeout: 15_000 });
  await saveShot(page, 'sportsbook', 'cash-out-done-1440-en');

  const bets = (await (
    await page.request.get('/wps/sportsbook/bets', {
      headers: { Authorization: member.token, Merchant: 'khelabd' },
    })
  ).json()) as { value: { status: string; result: string; payoutMinor: string }[] };
  expect(bets.value).toHaveLength(1);
  expect(bets.value[0]).toMatchObject({ status: 'settled', result: 'cashed_out' });
  const paid = Number(bets.value[0]?.payoutMinor);
  expect(paid).toBeGreaterThan(0);
  await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(before - 1000 + paid);
  await page.getByTestId('my-bets-settled').click();
  await expect(page.getByTestId('book-bet').first()).toHaveAttribute('data-result', 'cashed_out');
  await expect(page.getByTestId('book-bet').first().getByTestId('book-bet-result')).toContainText(
    'Cashed out',
  );

  // The phone: the settled bet and the odds-format choice fit at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await saveShot(page, 'sportsbook', 'cash-out-settled-390-en');
});

test('part of a single cashed out with the amount picker, the rest still running, the part in history', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const member = await logIn(page, '103.4.146.94');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openPage(page, '/sports', 'sports');
  await expect(page.getByTestId('balance-amount')).toContainText('10,000', { timeout: 45_000 });
  const before = await balance(page);

  const soon = page.getByTestId('book-soon').getByTestId('book-event');
  await expect(soon.first()).toBeVisible({ timeout: 30_000 });
  await soon.first().getByTestId('book-market').first().getByTestId('book-selection').first().click();
  await page.getByTestId('slip-stake').fill('100');
  await page.getByTestId('slip-place').click();
  await expect(page.getByTestId('slip-message')).toContainText('Bet placed');
  await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(before - 10_000);

  // Stake 100.00, minimum stake 10.00: the picker goes from 10.00 to 90.00; type 40 and the
  // slider follows; what the part pays is shown before confirming.
  const bet = page.getByTestId('book-bet').first();
  const message = bet.getByTestId('partial-cash-out-message');
  const done = page.getByTestId('cash-out-done');
  await expect(bet.getByTestId('partial-cash-out-open')).toBeVisible({ timeout: 15_000 });
  await bet.getByTestId('partial-cash-out-open').click();
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await bet.getByTestId('partial-cash-out-amount').fill('40');
    await expect(bet.getByTestId('partial-cash-out-range')).toHaveValue('4000');
    await expect(bet.getByTestId('partial-cash-out-value')).toContainText('60.00 stays on the bet');
    if (attempt === 0) await saveShot(page, 'sportsbook', 'partial-cash-out-picker-1440-en');
    await bet.getByTestId('partial-cash-out-confirm').click();
    await expect(done.or(message)).toBeVisible({ timeout: 20_000 });
    if (await done.isVisible()) break;
    // The price moved between seeing the offer and confirming (409, translated): try again.
    await expect(message).toContainText('cash-out offer has changed');
  }
  await expect(done).toContainText('Part cashed out', { timeout: 15_000 });

  const bets = (await (
    await page.request.get('/wps/sportsbook/bets', {
      headers: { Authorization: member.token, Merchant: 'khelabd' },
    })
  ).json()) as {
    value: {
      status: string;
      stakeMinor: string;
      cashedOutStakeMinor: string;
      cashedOutMinor: string;
      partialCashOuts: { stakePartMinor: string; valueMinor: string }[];
    }[];
  };
  expect(bets.value).toHaveLength(1);
  expect(bets.value[0]).toMatchObject({ status: 'open', stakeMinor: '6000', cashedOutStakeMinor: '4000' });
  const paid = Number(bets.value[0]?.cashedOutMinor);
  expect(paid).toBeGreaterThan(0);
  expect(bets.value[0]?.partialCashOuts).toEqual([
    { stakePartMinor: '4000', valueMinor: String(paid), at: expect.any(Number) },
  ]);
  await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(before - 10_000 + paid);
  // Still open, on the stake left, with the part in its history and a full cash-out still offered.
  await expect(bet).toHaveAttribute('data-result', '');
  await expect(bet.getByTestId('book-bet-partial')).toHaveCount(1);
  await expect(bet.getByTestId('book-bet-partial')).toContainText('Cashed out');
  await expect(bet.getByTestId('cash-out-button')).toBeVisible({ timeout: 15_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await bet.scrollIntoViewIfNeeded();
  await saveShot(page, 'sportsbook', 'partial-cash-out-open-390-en');
});
