import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { registerByMobile } from './members';
import { saveShot } from './shots';
import { staffCall, staffLogin } from './staff-api';

/*
 * A deposit bonus from claim to cash (issue 19, ADR 036): a deposit approved by finance, the bonus
 * claimed on the promotions page, its progress in the member centre's bonus details, dice rounds
 * (the in-house original, through the API) wager it to completion, the bonus converts to cash and
 * the member withdraws. Screens at 390 and 1440 px, BN and EN.
 */

const SLOW = { timeout: 30_000 };
const IP = '103.4.147.31';

const member = (token: string) => ({ Authorization: token, Merchant: 'khelabd' });

const post = async (request: APIRequestContext, token: string, path: string, data: unknown) => {
  const res = await request.post(path, {
    headers: { ...member(token), 'Idempotency-Key': randomUUID() },
    data,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).value;
};

/** The dice game's session: the first in-house arcade game that launches the dice engine. */
const diceSession = async (request: APIRequestContext, token: string) => {
  const list = await request.get(
    '/wps/relay/GCSGAME_gameList?gameType=RNG&gameClassify=arcade&gameName=Dice&pageNo=1&pageSize=40&clientType=3&platform=html5-desktop',
    { headers: { Merchant: 'khelabd' } },
  );
  for (const game of ((await list.json()) as { value: { games: { nodeId: string }[] } }).value.games) {
    const launched = await request.get(
      `/wps/game/launchGame?nodeId=${game.nodeId}&launchMode=GLS&accountType=1`,
      {
        headers: member(token),
      },
    );
    if (launched.status() !== 200) continue;
    const url = new URL((await launched.json()).value.content.game_url, 'http://x');
    if (url.searchParams.get('engine') !== 'dice') continue;
    const session = await request.post('/wps/game/session', { data: { token: url.searchParams.get('t') } });
    return (await session.json()).value.sessionToken as string;
  }
  throw new Error('no dice game');
};

test('@desktop claim a deposit bonus, wager it with dice to completion, withdraw', async ({ page }) => {
  test.setTimeout(180_000);
  const code = `e2e-${Date.now().toString(36)}`;
  const owner = await staffLogin(page.request, 'owner');
  await staffCall(page.request, owner, 'POST', '/bo/api/promotions/rules', {
    merchant: 'khelabd',
    code,
    kind: 'deposit_match',
    active: true,
    frequency: 'unlimited',
    percentBp: 5000,
    fixedMinor: 0,
    capMinor: 500000,
    minDepositMinor: 50000,
    wageringBase: 'bonus',
    multiplier: 1,
    weights: { RNG: 100, LIVE: 10 },
    maxBetMinor: 10000,
    expiryHours: 72,
    spendingOrder: 'cash_first',
    withdrawPolicy: 'forfeit',
    texts: {
      en: { title: `Journey bonus ${code}`, body: '50% of your deposit' },
      bn: { title: `জার্নি বোনাস ${code}`, body: 'ডিপোজিটের ৫০%' },
    },
  });

  // A member's deposit of ৳1,000, approved by finance.
  const m = await registerByMobile(page.request, IP);
  const channels = (
    await (await page.request.get('/wps/cashier/channels', { headers: member(m.token) })).json()
  ).value.channels as { id: number; code: string }[];
  const bkash = channels.find((c) => c.code === 'BKASH');
  if (!bkash) throw new Error('no BKASH channel');
  const deposit = await post(page.request, m.token, '/wps/cashier/deposits', {
    channelId: bkash.id,
    amount: 100000,
    reference: `E2E${Date.now().toString(36).toUpperCase()}`,
  });
  const finance = await staffLogin(page.request, 'finance');
  await staffCall(page.request, finance, 'POST', '/bo/api/cashier/deposits/approve', { id: deposit.id });

  // Claim on the promotions page (English, 1440 px).
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.addInitScript((value) => {
    window.sessionStorage.setItem('token', value.token);
    window.sessionStorage.setItem('account', value.userName);
    window.sessionStorage.setItem('nickname', value.userName);
    window.sessionStorage.setItem('customerId', String(value.id));
    window.sessionStorage.setItem('isAgent', '0');
    window.sessionStorage.setItem('USER_POPUP', 'closed');
    if (!window.localStorage.getItem('hisLang')) window.localStorage.setItem('hisLang', 'en');
  }, m);
  await openPage(page, '/promotions', 'promotions');
  const card = page.locator(`[data-testid="offer-card"][data-code="${code}"]`);
  await expect(card.getByTestId('offer-claim')).toContainText('500.00', SLOW);
  await saveShot(page, 'bonus', 'offers-1440-en');
  await card.getByTestId('offer-claim').click();
  await expect(card.getByTestId('offer-claimed')).toContainText('500.00', SLOW);

  // Bonus details: active, nothing wagered yet; 500.00 to wager.
  await openPage(page, '/?member=bonusDetails', 'home');
  const bonus = page.getByTestId('bonus-card').first();
  await expect(bonus).toHaveAttribute('data-status', 'active', SLOW);
  await expect(bonus.getByTestId('bonus-remaining')).toContainText('500.00');
  await expect(page.getByTestId('bonus-withdraw-policy')).toBeVisible();
  await saveShot(page, 'bonus', 'details-active-1440-en');

  // Dice: one bet over the max bet is refused; five rounds of ৳100 meet the requirement.
  const session = await diceSession(page.request, m.token);
  const play = (betMinor: string) =>
    page.request.post('/wps/game/engine/play', {
      headers: { 'x-game-session': session },
      data: { requestId: crypto.randomUUID(), betMinor, params: { direction: 'over', target: 4999 } },
    });
  const over = await play('20000');
  expect(over.status()).toBe(409);
  expect((await over.json()).errorCode).toBe('promotions.max.bet');
  for (let i = 0; i < 5; i += 1) expect((await play('10000')).status()).toBe(200);

  await page.reload();
  await expect(bonus).toHaveAttribute('data-status', 'completed', SLOW);
  await expect(bonus.getByTestId('bonus-remaining')).toContainText('0.00');
  await saveShot(page, 'bonus', 'details-completed-1440-en');
  const view = (
    await (await page.request.get('/wps/promotions/bonuses', { headers: member(m.token) })).json()
  ).value as { withdrawableMinor: string; bonuses: { balanceMinor: string }[] };
  expect(BigInt(view.withdrawableMinor)).toBeGreaterThan(0n);
  expect(view.bonuses[0]?.balanceMinor).toBe('50000');

  // Withdraw: payment password, payout account, then the withdrawal of what is withdrawable.
  await post(page.request, m.token, '/wps/cashier/payment-password', {
    newPassword: 'pay12345',
    confirmPassword: 'pay12345',
  });
  await post(page.request, m.token, '/wps/cashier/payout-account', {
    payeeName: 'Journey Payee',
    channel: 'BKASH',
    number: '01711112222',
    paymentPassword: 'pay12345',
  });
  const amount = Math.min(Number(view.withdrawableMinor), 2_500_000);
  // Cash after the rounds: 1,000 − 500 staked + wins + 500 converted ≥ the ৳500 minimum.
  expect(amount).toBeGreaterThanOrEqual(50_000);
  const w = await post(page.request, m.token, '/wps/cashier/withdrawals', {
    amount,
    paymentPassword: 'pay12345',
  });
  expect(w.status).toBe('in_process');

  // Bangla at 390 px: the reward centre (nothing left to claim) and the bonus details.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.localStorage.setItem('hisLang', 'bn'));
  await openPage(page, '/?member=bonusDetails', 'home');
  await expect(bonus).toHaveAttribute('data-status', 'completed', SLOW);
  await saveShot(page, 'bonus', 'details-390-bn');
  await openPage(page, '/?member=rewardCenter', 'home');
  await expect(page.getByTestId('page-rewardCenter')).toBeVisible(SLOW);
  await saveShot(page, 'bonus', 'rewards-390-bn');
});
