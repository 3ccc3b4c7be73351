import type { Browser, Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { fundMember, registerByMobile } from './members';
import { saveShot } from './shots';

/*
 * PvP Teen Patti rooms (issue 22): two players in two browsers join the boot-1 tier from the PvP
 * lobby, are seated at the same table and play a hand against each other: the one to act bets
 * blind, the other looks at their cards and asks a show. Pot: boots 1 + 1, blind 1, a seen show
 * 2 = 5.00; the winner is paid 4.75 (5 % rake). Both leave; their main balances together are
 * the 20,000.00 they had less the rake of every hand dealt — no chip lost. Each opens the hand's
 * verify link from the fairness box: /verify recomputes the deal (ADR 060) and finds it fair.
 */

const player = async (browser: Browser, ip: string, language: 'en' | 'bn', width: number) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': ip },
    viewport: { width, height: width < 500 ? 844 : 900 },
  });
  const page = await context.newPage();
  const member = await registerByMobile(page.request, ip);
  await fundMember(page.request, member.id, 1_000_000);
  await page.addInitScript(
    ({ value, language }) => {
      window.sessionStorage.setItem('token', value.token);
      window.sessionStorage.setItem('account', value.userName);
      window.sessionStorage.setItem('nickname', value.userName);
      window.sessionStorage.setItem('customerId', String(value.id));
      window.sessionStorage.setItem('isAgent', '0');
      window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
      window.sessionStorage.setItem('USER_POPUP', 'closed');
      window.localStorage.setItem('hisLang', language);
    },
    { value: member, language },
  );
  return { page, member, context };
};

const mainOf = async (page: Page, token: string) => {
  const res = await page.request.get('/wps/v2/wallets/balance', {
    headers: { Authorization: token, Merchant: 'khelabd' },
  });
  return BigInt(((await res.json()).value as { sumBalanceMinor: string }).sumBalanceMinor);
};

const joinTier = async (page: Page) => {
  await openPage(page, '/pvp', 'pvp');
  const tier = page.getByTestId('pvp-tier-boot-1');
  await expect(tier).toBeVisible();
  await tier.getByTestId('pvp-buyin').fill('100');
  await tier.getByTestId('pvp-join').click();
  await expect(page.getByTestId('pvp-table')).toBeVisible();
};

test('two players play a Teen Patti hand against each other', async ({ browser }) => {
  test.setTimeout(60_000);
  const a = await player(browser, '103.4.146.91', 'en', 1440);
  const b = await player(browser, '103.4.146.92', 'bn', 390);

  await joinTier(a.page);
  await saveShot(a.page, 'pvp', 'waiting-1440-en');
  await joinTier(b.page);
  // One table: the hand is dealt as the second player sits down.
  await expect(a.page.getByTestId('pvp-table')).toHaveAttribute('data-hand', '1');
  await expect(b.page.getByTestId('pvp-table')).toHaveAttribute('data-hand', '1');
  await expect(a.page.getByTestId('pvp-pot')).toContainText('2.00');

  // Whoever has the turn bets blind (the least, 1.00); the other sees and asks a show (2.00).
  const aFirst = await a.page
    .getByTestId('pvp-move-bet')
    .isVisible()
    .catch(() => false);
  const [first, second] = aFirst ? [a, b] : [b, a];
  await expect(first.page.getByTestId('pvp-move-bet')).toBeVisible();
  await saveShot(first.page, 'pvp', 'turn');
  await first.page.getByTestId('pvp-move-bet').click();
  await expect(second.page.getByTestId('pvp-move-see')).toBeVisible();
  await second.page.getByTestId('pvp-move-see').click();
  await expect(second.page.getByTestId('pvp-my-cards').getByTestId('pvp-card')).toHaveCount(3);
  await second.page.getByTestId('pvp-move-show').click();

  // The fairness box links the ended hand's deal to /verify (read now: the next hand is dealt
  // after the result pause).
  const verifyLinks: string[] = [];
  for (const p of [a.page, b.page]) {
    await expect(p.getByTestId('pvp-result')).toBeVisible();
    await expect(p.getByTestId('pvp-server-seed')).toHaveText(/^[0-9a-f]{64}$/);
    const link = p.getByTestId('pvp-verify');
    await expect(link).toHaveAttribute('href', /^\/verify\?engine=teen-patti&.*nonce=1&/);
    verifyLinks.push((await link.getAttribute('href')) ?? '');
  }
  await expect(a.page.getByTestId('pvp-pot')).toContainText('5.00');
  await saveShot(a.page, 'pvp', 'result-1440-en');
  await saveShot(b.page, 'pvp', 'result-390-bn', { fullPage: true });

  // Each player's link recomputes the deal in the browser: the commitment holds, both hands
  // shown at the show are the dealt ones, two seats of three cards each.
  for (const [i, p] of [a, b].entries()) {
    const verify = await p.context.newPage();
    await verify.addInitScript(() => {
      window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
      window.sessionStorage.setItem('USER_POPUP', 'closed');
    });
    await verify.goto(verifyLinks[i] ?? '');
    const result = verify.getByTestId('verify-result');
    await expect(result).toHaveAttribute('data-ok', 'true');
    await expect(result.getByTestId('verify-teen-patti-seat')).toHaveCount(2);
    await expect(result.getByTestId('pvp-card')).toHaveCount(6);
    await saveShot(verify, 'pvp', i === 0 ? 'verify-1440-en' : 'verify-390-bn');
    await verify.close();
  }

  for (const p of [a, b]) {
    await p.page.getByTestId('pvp-leave').click();
    await expect(p.page.getByTestId('pvp-rooms')).toBeVisible();
  }
  const total = (await mainOf(a.page, a.member.token)) + (await mainOf(b.page, b.member.token));
  // Hand 1's rake is 0.25; if hand 2 was dealt before the first player left, its pot of two
  // boots went to the other with a rake of 0.10.
  expect([2_000_000n - 25n, 2_000_000n - 35n]).toContain(total);
  await a.context.close();
  await b.context.close();
});
