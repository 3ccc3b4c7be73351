import type { Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { fundMember, registerByMobile, signInWithToken } from './members';
import { saveShot } from './shots';
import { staffLogin } from './staff-api';

/*
 * Cashier journeys (issue 6): the header balance, the member centre's wallet, deposit, withdrawal
 * and record pages, with finance's side done in the back office (`/bo/finance/...`, staff login
 * with the demo TOTP secret of the README) in a second tab. Each journey uses its own demo
 * account, so they run in parallel without touching each other's money.
 */

const SLOW = { timeout: 30_000 };

/** A valid 1×1 PNG (a receipt or proof image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Envelope<T> = { success: boolean; value: T; errorCode?: string };

/**
 * Finance's back office in a tab of its own, signed in with a finance session from the API (the
 * sign-in screen itself, password then TOTP, is proven by backoffice.spec.ts).
 */
const openBackOffice = async (page: Page) => {
  const token = await staffLogin(page.request, 'finance');
  const bo = await page.context().newPage();
  await bo.addInitScript((value) => {
    window.sessionStorage.setItem('bo.token', value);
    window.localStorage.setItem('bo.merchant', 'khelabd');
    window.localStorage.setItem('bo.lang', 'en');
  }, token);
  await bo.goto('/bo/');
  await expect(bo.getByTestId('bo-layout')).toBeVisible(SLOW);
  return bo;
};

/** Runs a queue action in the back office: the row's button, then the confirmation or the reason. */
const boAction = async (bo: Page, path: string, action: string, reason?: string) => {
  await bo.goto(path);
  const button = bo.locator(`[data-testid^="${action}-"]`).first();
  await expect(button).toBeVisible(SLOW);
  await button.click();
  if (reason) {
    await bo.getByTestId('reason-input').fill(reason);
    await bo.getByTestId('reason-confirm').click();
    await expect(bo.getByTestId('reason-dialog')).toBeHidden(SLOW);
  } else {
    await bo.getByTestId('confirm-ok').click();
  }
  await expect(bo.locator(`[data-testid^="${action}-"]`)).toHaveCount(0, SLOW);
};

/** Signs a member in through the login form (English; Bangladesh unless another merchant is named). */
const logIn = async (page: Page, username: string, merchant = 'khelabd') => {
  await page.addInitScript((code) => {
    if (!window.sessionStorage.getItem('e2e-started')) {
      window.sessionStorage.setItem('e2e-started', '1');
      window.localStorage.setItem('hisLang', 'en');
      window.sessionStorage.setItem('USER_POPUP', 'closed');
      window.sessionStorage.setItem('merchant', code);
      window.sessionStorage.setItem('merchantCode', code);
    }
  }, merchant);
  await openPage(page, '/', 'home');
  await page.getByTestId('btn-login').click();
  await page.getByTestId('input-username').fill(username);
  await page.getByTestId('input-password').fill('Demo1234');
  await page.getByTestId('btn-submit-login').click();
  await expect(page.getByTestId('account-name')).toHaveText(username);
};

const balance = (page: Page) => page.getByTestId('balance-amount');

const openCentre = async (page: Page, entry: string, pageKey: string) => {
  await page.getByTestId('account-menu-button').click();
  await page.getByTestId(`account-${entry}`).click();
  await expect(page.getByTestId('member-centre')).toBeVisible();
  await expect(page.getByTestId(`page-${pageKey}`)).toBeVisible(SLOW);
  await expect(page).toHaveURL(new RegExp(`[?&]member=${pageKey}`));
};

const goTo = async (page: Page, pageKey: string) => {
  await page.getByTestId(`member-menu-${pageKey}`).click();
  await expect(page.getByTestId(`page-${pageKey}`)).toBeVisible(SLOW);
};

test.describe('cashier', () => {
  // Long journeys on a shared two-core machine.
  test.describe.configure({ timeout: 180_000 });

  test('@desktop deposit → finance approves → the open tab updates; withdraw → approve → issued → received; reject → funds back; records', async ({
    page,
  }) => {
    // The longest journey: four withdrawals through the back office on a busy machine.
    test.setTimeout(360_000);
    await logIn(page, 'team01');
    await expect(balance(page)).toHaveText('৳0.00', SLOW);

    // Deposit request with a receipt.
    await openCentre(page, 'deposit', 'depositv2');
    await page.getByTestId('deposit-channel-BKASH').click();
    await expect(page.getByTestId('deposit-account-number')).toHaveText('01700000001');
    await page.getByTestId('input-amount').fill('1,500.50');
    await page.getByTestId('input-reference').fill('TRX9A8B7C6');
    await page
      .getByTestId('input-receipt')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('receipt-preview')).toBeVisible();
    // A double click posts once.
    await page.getByTestId('deposit-submit').dblclick();
    await expect(page.getByTestId('deposit-result')).toContainText('৳1,500.50');
    const depositRow = page.getByTestId('deposit-row');
    await expect(depositRow).toHaveCount(1);
    await expect(depositRow.getByTestId('status-badge')).toHaveAttribute('data-status', 'pending');

    // Finance approves in the back office (another tab); the player's tab hears the push, no reload.
    const bo = await openBackOffice(page);
    await boAction(bo, '/bo/finance/deposits?status=pending&username=team01', 'approve');
    await expect(balance(page)).toHaveText('৳1,500.50', SLOW);
    await expect(depositRow.getByTestId('status-badge')).toHaveAttribute('data-status', 'approved', SLOW);

    // Payment password and payout account.
    await goTo(page, 'securityCenter');
    await page.getByTestId('input-newPaymentPassword').fill('Pay12345');
    await page.getByTestId('input-confirmPaymentPassword').fill('Pay12345');
    await page.getByTestId('payment-password-submit').click();
    await expect(page.getByTestId('payment-password-result')).toBeVisible();
    await page.getByTestId('input-payeeName').fill('Team One');
    await page.getByTestId('input-number').fill('01712345678');
    // Once a payment password exists, binding the payout account asks for it.
    await page.getByTestId('input-payoutPaymentPassword').fill('Pay12345');
    await page.getByTestId('payout-submit').click();
    await expect(page.getByTestId('payout-current')).toContainText('*5678');

    // Withdrawal with the payment password: held at once.
    await goTo(page, 'withdraw');
    await expect(page.getByTestId('withdraw-withdrawable')).toHaveText('৳1,500.50');
    await page.getByTestId('input-amount').fill('2000');
    await page.getByTestId('input-paymentPassword').fill('Pay12345');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('error-amount')).toBeVisible();
    await page.getByTestId('input-amount').fill('500');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdraw-result')).toContainText('৳500.00');
    await expect(balance(page)).toHaveText('৳1,000.50', SLOW);
    const firstWithdrawal = page.getByTestId('withdrawal-row').first();
    await expect(firstWithdrawal).toHaveAttribute('data-status', 'in_process');

    // Finance approves and issues (payment distributed): the member confirms receipt.
    await boAction(bo, '/bo/finance/withdrawals?status=in_process&username=team01', 'approve');
    await boAction(bo, '/bo/finance/withdrawals?status=approved&username=team01', 'issue');
    await expect(firstWithdrawal).toHaveAttribute('data-status', 'issued', SLOW);
    await expect(firstWithdrawal).toHaveAttribute('data-confirmation', 'distributed');
    await firstWithdrawal.getByTestId('withdrawal-received').click();
    await expect(firstWithdrawal).toHaveAttribute('data-confirmation', 'received', SLOW);

    // A second withdrawal is rejected: the funds come back, the reason shows.
    await page.getByTestId('input-amount').fill('600');
    await page.getByTestId('input-paymentPassword').fill('Pay12345');
    await page.getByTestId('withdraw-submit').click();
    await expect(balance(page)).toHaveText('৳400.50', SLOW);
    await boAction(
      bo,
      '/bo/finance/withdrawals?status=in_process&username=team01',
      'reject',
      'Payee name does not match',
    );
    await expect(balance(page)).toHaveText('৳1,000.50', SLOW);
    const rejected = page.locator('[data-testid="withdrawal-row"][data-status="rejected"]');
    await expect(rejected).toHaveCount(1, SLOW);
    await rejected.click();
    await expect(rejected.getByTestId('withdrawal-reason')).toContainText('Payee name does not match');

    // Paid out but not received: the member reports it with a proof image; finance refunds it.
    await page.getByTestId('input-amount').fill('500');
    await page.getByTestId('input-paymentPassword').fill('Pay12345');
    await page.getByTestId('withdraw-submit').click();
    await expect(balance(page)).toHaveText('৳500.50', SLOW);
    await boAction(bo, '/bo/finance/withdrawals?status=in_process&username=team01', 'approve');
    await boAction(bo, '/bo/finance/withdrawals?status=approved&username=team01', 'issue');
    const waiting = page.locator('[data-testid="withdrawal-row"][data-confirmation="distributed"]');
    await expect(waiting).toHaveCount(1, SLOW);
    await waiting.getByTestId('withdrawal-not-received').click();
    await waiting.getByTestId('withdrawal-send-not-received').click();
    await expect(waiting.getByTestId('error-proof')).toBeVisible();
    await waiting
      .getByTestId('input-proof')
      .setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: PNG });
    await waiting.getByTestId('input-note').fill('Nothing arrived on bKash');
    await waiting.getByTestId('withdrawal-send-not-received').click();
    await expect(
      page.locator('[data-testid="withdrawal-row"][data-confirmation="not_received"]'),
    ).toHaveCount(1, SLOW);
    await bo.goto('/bo/finance/withdrawals?status=issued&confirmation=not_received&username=team01');
    await expect(bo.getByTestId('view-upload')).toBeVisible(SLOW);
    await boAction(
      bo,
      '/bo/finance/withdrawals?status=issued&confirmation=not_received&username=team01',
      'refund',
      'Checked: the payment bounced',
    );
    await expect(balance(page)).toHaveText('৳1,000.50', SLOW);

    // The account record shows every movement.
    await goTo(page, 'transactionHistory');
    const types = await page
      .getByTestId('record-row')
      .evaluateAll((rows) => rows.map((row) => row.dataset.type));
    // Exactly these lines of team01's accounts (main wallet and pending withdrawal), no more:
    // the deposit; three holds (main → pending, two lines each); two payouts (pending → paid out);
    // the rejected one released (two lines); the bounced one refunded to the main wallet.
    expect(types.length).toBe(12);
    expect([...types].sort()).toEqual([
      'deposit',
      ...Array<string>(6).fill('withdrawal.hold'),
      ...Array<string>(2).fill('withdrawal.payout'),
      'withdrawal.refund',
      ...Array<string>(2).fill('withdrawal.release'),
    ]);
    // Newest first: the refund is the last movement.
    expect(types[0]).toBe('withdrawal.refund');
    await page.getByTestId('select-recordType').selectOption('deposit');
    await expect(page.getByTestId('record-row')).toHaveCount(1);
    await expect(page.getByTestId('record-amount')).toHaveText('+৳1,500.50');
  });

  test('@desktop deposit → finance rejects it in the back office with a reason → the player sees it rejected with that reason, balance unchanged', async ({
    page,
  }) => {
    // A member of its own, with ৳200.00 from finance, signed in straight from its registration.
    const member = await registerByMobile(page.request, '103.4.146.41');
    await fundMember(page.request, member.id, 20_000);
    await signInWithToken(page, member);
    await page.goto('/?member=depositv2');
    await expect(page.getByTestId('page-depositv2')).toBeVisible(SLOW);
    await expect(balance(page)).toHaveText('৳200.00', SLOW);

    await page.getByTestId('deposit-channel-NAGAD').click();
    await page.getByTestId('input-amount').fill('750');
    await page.getByTestId('input-reference').fill('NGD55X1Z9');
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByTestId('deposit-result')).toContainText('৳750.00');
    const row = page.getByTestId('deposit-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'pending');
    await expect(row.getByTestId('deposit-reason')).toHaveCount(0);

    // Finance rejects it in the back office, with a reason; the open player tab hears the push.
    const reason = 'No payment with this TrxID reached our Nagad account';
    const bo = await openBackOffice(page);
    await boAction(bo, `/bo/finance/deposits?status=pending&username=${member.userName}`, 'reject', reason);
    await bo.goto(`/bo/finance/deposits?status=rejected&username=${member.userName}`);
    await expect(bo.getByTestId('finance-deposits')).toContainText(reason, SLOW);

    await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'rejected', SLOW);
    await expect(row.getByTestId('deposit-reason')).toContainText(reason);
    await expect(balance(page)).toHaveText('৳200.00');

    // After a reload too; and the account record holds finance's credit only, no deposit.
    await page.reload();
    await expect(page.getByTestId('deposit-row').getByTestId('status-badge')).toHaveAttribute(
      'data-status',
      'rejected',
      SLOW,
    );
    await expect(page.getByTestId('deposit-row').getByTestId('deposit-reason')).toContainText(reason);
    await expect(balance(page)).toHaveText('৳200.00', SLOW);
    await goTo(page, 'transactionHistory');
    await expect(page.getByTestId('record-row')).toHaveCount(1, SLOW);
    await expect(page.getByTestId('record-row')).toHaveAttribute('data-type', 'adjustment');
  });

  test('@desktop my wallet: transfer to a game wallet and collect all; records; a hidden balance stays hidden across pages and reloads', async ({
    page,
  }) => {
    // India's demo01 (₹): the game journeys play with Bangladesh's demo01.
    await logIn(page, 'demo01', 'khelain');
    await expect(balance(page)).toHaveText('₹10,000.00', SLOW);

    await openCentre(page, 'memberCentre', 'securityCenter');
    await goTo(page, 'transferFund');
    await expect(page.getByTestId('wallet-main')).toHaveText('₹10,000.00');
    const vendor = await page.getByTestId('select-vendor').inputValue();
    await page.getByTestId('wallet-direction-in').click();
    await page.getByTestId('input-amount').fill('250.75');
    await page.getByTestId('wallet-transfer-submit').click();
    await expect(page.getByTestId('wallet-result')).toContainText('₹250.75');
    await expect(page.getByTestId('wallet-main')).toHaveText('₹9,749.25', SLOW);
    // The sum does not change: both wallets are the member's.
    await expect(balance(page)).toHaveText('₹10,000.00');
    await expect(page.getByTestId('select-vendor')).toHaveValue(vendor);

    await page.getByTestId('wallet-collect-all').click();
    await expect(page.getByTestId('wallet-main')).toHaveText('₹10,000.00', SLOW);

    await goTo(page, 'transactionHistory');
    await page.getByTestId('select-recordType').selectOption('transfer');
    await expect(page.getByTestId('record-row')).toHaveCount(4);

    // Hidden balance: stays hidden on another page and after a reload.
    await page.getByTestId('member-centre-close').click();
    await expect(page.getByTestId('member-centre')).toHaveCount(0);
    await expect(page).not.toHaveURL(/member=/);
    await page.getByTestId('balance-toggle').click();
    await expect(balance(page)).toHaveText('***');
    await page.goto('/rng');
    await expect(balance(page)).toHaveText('***', SLOW);
    await page.reload();
    await expect(balance(page)).toHaveText('***', SLOW);
    await page.getByTestId('balance-toggle').click();
    await expect(balance(page)).toHaveText('₹10,000.00');
  });

  test('@desktop finance screens: a channel edited, a member credited by adjustment and seen in the ledger; the player transfers to the upline on its page', async ({
    page,
    pageErrors,
  }) => {
    const login = await page.request.post('/wps/session/login', {
      data: { username: 'team03', password: 'Demo1234' },
    });
    const team03 = ((await login.json()) as Envelope<{ id: number }>).value.id;
    const bo = await openBackOffice(page);

    // Channels: ROCKET's account number changes; the player's deposit page shows the new one.
    await bo.goto('/bo/finance/channels');
    await bo.getByTestId('edit-channel-ROCKET').click();
    const form = bo.getByTestId('channel-form');
    await form.getByLabel('Account number').fill('01999888777');
    await bo.getByTestId('channel-save').click();
    await expect(bo.getByTestId('finance-channels')).toContainText('01999888777', SLOW);

    // Adjustment: credit 500.00 with a reason, confirmed; the ledger shows the line and balance.
    await bo.goto('/bo/finance/adjust');
    await bo.getByTestId('adjust-member').fill(String(team03));
    await bo.getByTestId('adjust-amount').fill('500');
    await bo.getByTestId('adjust-reason').fill('Journey: goodwill credit');
    await bo.getByTestId('adjust-submit').click();
    await bo.getByTestId('confirm-ok').click();
    await expect(bo.getByTestId('adjust-result')).toBeVisible(SLOW);
    await bo.goto(`/bo/finance/ledger?memberId=${team03}`);
    await expect(bo.getByTestId('ledger-balances')).toContainText('500.00', SLOW);
    await expect(bo.getByTestId('finance-ledger')).toContainText('adjustment');

    // The player: the edited channel, then a payment password and a transfer to the upline.
    await logIn(page, 'team03');
    await expect(balance(page)).toHaveText('৳500.00', SLOW);
    await openCentre(page, 'deposit', 'depositv2');
    await page.getByTestId('deposit-channel-ROCKET').click();
    await expect(page.getByTestId('deposit-account-number')).toHaveText('01999888777');
    await goTo(page, 'securityCenter');
    await page.getByTestId('input-newPaymentPassword').fill('Pay12345');
    await page.getByTestId('input-confirmPaymentPassword').fill('Pay12345');
    await page.getByTestId('payment-password-submit').click();
    await expect(page.getByTestId('payment-password-result')).toBeVisible();
    await goTo(page, 'transferUpline');
    await expect(page.getByTestId('upline-form')).toContainText('agent01');
    await page.getByTestId('input-amount').fill('120.25');
    await page.getByTestId('input-paymentPassword').fill('wrong999');
    await page.getByTestId('upline-submit').click();
    await expect(page.getByTestId('upline-result')).toContainText('The payment password is wrong.', SLOW);
    await expect(balance(page)).toHaveText('৳500.00');
    await page.getByTestId('input-paymentPassword').fill('Pay12345');
    await page.getByTestId('upline-submit').click();
    await expect(page.getByTestId('upline-result')).toContainText('agent01', SLOW);
    await expect(balance(page)).toHaveText('৳379.75', SLOW);
    // The one refusal on purpose (the wrong payment password): the browser logs its 400, nothing else.
    const refused = pageErrors.filter((e) => /status of 400 .*\/wps\/cashier\/transfer-upline/.test(e));
    expect(refused).toHaveLength(1);
    pageErrors.splice(pageErrors.indexOf(refused[0] as string), 1);
  });

  test('@desktop ?member=<page> opens the member centre there; the menu moves between pages; Escape and Back close it', async ({
    page,
  }) => {
    await logIn(page, 'team02');
    await page.goto('/?member=transactionHistory');
    await expect(page.getByTestId('page-transactionHistory')).toBeVisible(SLOW);
    await expect(page.getByTestId('member-menu-transactionHistory')).toHaveAttribute('aria-current', 'page');
    const labels = await page
      .getByTestId('member-centre')
      .locator('nav li button')
      .evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-testid')?.replace('member-menu-', '')),
      );
    expect(labels).toEqual([
      'securityCenter',
      'transferFund',
      'depositv2',
      'withdraw',
      'transferUpline',
      'personalHistoryCopy',
      'transactionHistory',
      'personalProfit',
      'bonusDetails',
      'rewardCenter',
      'referral',
      'missionLeaderboard',
      'messageV2',
      'manualRebate',
    ]);
    await goTo(page, 'personalProfit');
    await expect(page.getByTestId('profit-deposits')).toContainText('৳0.00');
    await page.getByTestId('member-menu-referral').click();
    await expect(page.getByTestId('page-referral')).toBeVisible(SLOW);
    await expect(page).toHaveURL(/member=referral/);
    await page.getByTestId('member-menu-transferUpline').click();
    await expect(page.getByTestId('upline-form')).toContainText('agent01', SLOW);
    await expect(page.getByTestId('upline-need-password')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('member-centre')).toHaveCount(0);
    await expect(page).not.toHaveURL(/member=/);

    // Opened from the drop-down, the centre is a history entry: Back closes it.
    await openCentre(page, 'withdrawal', 'withdraw');
    await page.goBack();
    await expect(page.getByTestId('member-centre')).toHaveCount(0, SLOW);
    await expect(page).not.toHaveURL(/member=/);
  });

  for (const [language, theme] of [
    ['bn', 'light'],
    ['en', 'dark'],
  ] as const) {
    test(`member centre layout in ${language}, ${theme}: fits the width, every built page renders`, {
      tag: '@phone',
    }, async ({ page }) => {
      await page.addInitScript(
        ([lang, mode]) => {
          window.localStorage.setItem('hisLang', lang);
          window.localStorage.setItem('theme', mode);
          window.sessionStorage.setItem('USER_POPUP', 'closed');
        },
        [language, theme] as const,
      );
      const login = await page.request.post('/wps/session/login', {
        data: { username: 'team03', password: 'Demo1234' },
      });
      const body = (await login.json()) as Envelope<{ token: string; userName: string; id: number }>;
      await page.addInitScript((value) => {
        window.sessionStorage.setItem('token', value.token);
        window.sessionStorage.setItem('account', value.userName);
        window.sessionStorage.setItem('customerId', String(value.id));
        window.sessionStorage.setItem('isAgent', '0');
      }, body.value);
      for (const key of ['securityCenter', 'transferFund', 'depositv2', 'withdraw', 'transactionHistory']) {
        await page.goto(`/?member=${key}`);
        await expect(page.getByTestId(`page-${key}`)).toBeVisible(SLOW);
        await expect(page.getByTestId('member-loading')).toHaveCount(0, SLOW);
        // Nothing sticks out sideways (phones scroll the top menu, not the page).
        const overflow = await page
          .getByTestId('member-page')
          .evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(overflow, `${key} overflows`).toBeLessThanOrEqual(1);
        await saveShot(page, 'cashier', `${key}-${language}-${theme}`);
      }
      if (language !== 'en') return;
      // The finance screens of the back office at this width (owner holds every permission).
      const token = await staffLogin(page.request, 'owner');
      const bo = await page.context().newPage();
      await bo.addInitScript(
        ([value, mode]) => {
          window.sessionStorage.setItem('bo.token', value);
          window.localStorage.setItem('bo.merchant', 'khelabd');
          window.localStorage.setItem('bo.theme', mode);
        },
        [token, theme] as const,
      );
      for (const screen of ['deposits', 'withdrawals', 'channels', 'adjust', 'ledger']) {
        await bo.goto(`/bo/finance/${screen}${screen === 'ledger' ? '?memberId=1' : '?status='}`);
        await expect(bo.getByTestId(`finance-${screen}`)).toBeVisible(SLOW);
        await bo.waitForLoadState('networkidle');
        await saveShot(bo, 'cashier', `bo-${screen}-${theme}`, { fullPage: true });
      }
    });
  }
});
