import type { Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { fundMember, registerByMobile } from './members';
import { saveShot } from './shots';
import { staffCall, staffLogin } from './staff-api';

/*
 * The in-house sportsbook (issue 21): a single and a multiple placed from the bet slip on /sports,
 * the events resulted in the trading back office (home wins 2-0), the bets settled and paid into
 * the balance, seen under "Settled" in my bets. Settlement maths is proven by the server tests.
 */

const digitsOf = (text: string) => Number(text.replace(/[^0-9]/g, ''));

const logIn = async (page: Page, ip: string, lang: 'en' | 'bn') => {
  const member = await registerByMobile(page.request, ip);
  await fundMember(page.request, member.id, 1_000_000);
  await page.addInitScript(
    (value) => {
      window.sessionStorage.setItem('token', value.member.token);
      window.sessionStorage.setItem('account', value.member.userName);
      window.sessionStorage.setItem('nickname', value.member.userName);
      window.sessionStorage.setItem('customerId', String(value.member.id));
      window.sessionStorage.setItem('isAgent', '0');
      window.sessionStorage.setItem('USER_POPUP', 'closed');
      window.localStorage.setItem('hisLang', value.lang);
    },
    { member, lang },
  );
  return member;
};

const balance = async (page: Page) =>
  digitsOf((await page.getByTestId('balance-amount').textContent()) ?? '');

test('a single and a multiple: placed on the slip, resulted by trading, paid into the balance', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await logIn(page, '103.4.146.81', 'en');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openPage(page, '/sports', 'sports');
  await expect(page.getByTestId('balance-amount')).toContainText('10,000');
  const before = await balance(page);

  const soon = page.getByTestId('book-soon').getByTestId('book-event');
  await expect(soon.nth(2)).toBeVisible({ timeout: 20_000 });
  const events = [
    await soon.nth(0).getAttribute('data-event'),
    await soon.nth(1).getAttribute('data-event'),
  ] as string[];
  const homeOf = (i: number) =>
    soon.nth(i).getByTestId('book-market').first().getByTestId('book-selection').first();

  // A single: the home side of the first event, 10.00.
  await homeOf(0).click();
  await expect(page.getByTestId('slip-leg')).toHaveCount(1);
  await page.getByTestId('slip-stake').fill('10');
  await saveShot(page, 'sportsbook', 'single-slip-1440-en');
  await page.getByTestId('slip-place').click();
  await expect(page.getByTestId('slip-message')).toContainText('Bet placed');

  // A multiple: the home sides of the first two events.
  await homeOf(0).click();
  await homeOf(1).click();
  await expect(page.getByTestId('slip-leg')).toHaveCount(2);
  await page.getByTestId('slip-mode-multiple').click();
  await page.getByTestId('slip-stake').fill('10');
  await expect(page.getByTestId('slip-return')).not.toBeEmpty();
  await saveShot(page, 'sportsbook', 'multiple-slip-1440-en');
  await page.getByTestId('slip-place').click();
  await expect(page.getByTestId('slip-message')).toContainText('Bet placed');
  await expect.poll(() => balance(page)).toBe(before - 2000);
  await expect(page.getByTestId('book-bet')).toHaveCount(2);

  // Trading enters the results: home wins 2-0 in both.
  const owner = await staffLogin(page.request, 'owner');
  for (const eventId of events)
    await staffCall(page.request, owner, 'POST', '/bo/api/sportsbook/events/result', {
      merchant: 'khelabd',
      eventId,
      result: { kind: 'score', home: 2, away: 0 },
      reason: 'journey',
    });

  const bets = (await (
    await page.request.get('/wps/sportsbook/bets', {
      headers: { Authorization: member.token, Merchant: 'khelabd' },
    })
  ).json()) as {
    value: {
      kind: string;
      result: string;
      payoutMinor: string;
      stakeMinor: string;
      legs: { odds: string }[];
    }[];
  };
  expect(bets.value.map((b) => b.result).sort()).toEqual(['won', 'won']);
  // Each payout is stake × the odds taken, the multiple's the product (floored once).
  for (const b of bets.value) {
    const product = b.legs.reduce((p, l) => p * BigInt(l.odds), BigInt(b.stakeMinor));
    expect(BigInt(b.payoutMinor)).toBe(product / 10_000n ** BigInt(b.legs.length));
  }
  const paid = bets.value.reduce((sum, b) => sum + Number(b.payoutMinor), 0);
  await page.getByTestId('my-bets-settled').click();
  await expect(page.getByTestId('book-bet')).toHaveCount(2, { timeout: 10_000 });
  await expect(page.getByTestId('book-bet').first()).toHaveAttribute('data-result', 'won');
  await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(before - 2000 + paid);
  await saveShot(page, 'sportsbook', 'settled-1440-en');

  // The phone: the slip is a bottom sheet.
  await page.setViewportSize({ width: 390, height: 844 });
  await homeOf(0).click();
  await page.getByTestId('slip-toggle').click();
  await expect(page.getByTestId('slip-place')).toBeVisible();
  await saveShot(page, 'sportsbook', 'slip-sheet-390-en');
});

test('the cockfight arena and the book in Bangla', async ({ page }) => {
  await logIn(page, '103.4.146.82', 'bn');
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/cockfight', 'cockfight');
  const fight = page.getByTestId('book-event').first();
  await expect(fight).toHaveAttribute('data-sport', 'cockfight', { timeout: 20_000 });
  await expect(fight.getByTestId('book-selection')).toHaveCount(3);
  await expect(fight.getByTestId('book-market')).toContainText('মেরন');
  await saveShot(page, 'sportsbook', 'cockfight-390-bn');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openPage(page, '/esports', 'esports');
  await expect(page.getByTestId('book-event').first()).toBeVisible({ timeout: 20_000 });
  await saveShot(page, 'sportsbook', 'esports-1440-bn');
});
