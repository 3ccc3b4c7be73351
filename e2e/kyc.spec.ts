import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { fundMember, registerByMobile, signInWithToken } from './members';
import { saveShot } from './shots';
import { staffCall, staffLogin } from './staff-api';

/*
 * KYC (issue 16, ADR 045), what only a browser proves: with the licence profile asking for
 * verification above 1,000.00, a withdrawal of 1,500.00 is refused in the member's language; the
 * member uploads an ID in the security centre; risk staff approve it in the back office's KYC
 * queue; the same withdrawal then goes through. The rules are proven by protection/licence-kyc.test.ts.
 */

const SLOW = { timeout: 90_000 };
const PROFILE = {
  minAge: 18,
  moneyMode: 'real',
  allowedProducts: ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'ELOTT', 'LOTT'],
  coolingOffHours: 24,
  limitPrompt: 'none',
  kycBeforeDeposit: false,
  merchant: 'khelabd',
};

/** Saves the next version of the demo merchant's profile (the journey's server only). */
const setKycAbove = async (request: APIRequestContext, token: string, above: string | null) => {
  const { version } = (await staffCall(
    request,
    token,
    'GET',
    '/bo/api/protection/profile?merchant=khelabd',
  )) as { version: number };
  await staffCall(request, token, 'PUT', '/bo/api/protection/profile', {
    ...PROFILE,
    kycWithdrawalAbove: above,
    baseVersion: version,
  });
};

/** A 4×4 PNG (the upload is checked by content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGP4z8AARAwMDAwMAAAw/AP9HXyQ2wAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('KYC', () => {
  test.describe.configure({ timeout: 300_000 });

  test('@desktop withdrawal refused until an uploaded ID is approved in the back office, then allowed', async ({
    page,
    pageErrors,
  }) => {
    const expected = (line: string) =>
      line.includes('Failed to load resource') && line.includes('status of 403');
    const push = pageErrors.push.bind(pageErrors);
    Object.defineProperty(pageErrors, 'push', {
      enumerable: false,
      configurable: true,
      value: (...lines: string[]) => push(...lines.filter((line) => !expected(line))),
    });
    const risk = await staffLogin(page.request, 'risk');
    await setKycAbove(page.request, risk, '100000');
    try {
      const member = await registerByMobile(page.request, '103.4.146.91');
      await fundMember(page.request, member.id, 300_000);
      const headers = { Authorization: member.token, 'Idempotency-Key': `kyc-${member.id}-${Date.now()}` };
      for (const [path, data] of [
        ['/wps/cashier/payout-account', { payeeName: 'Kyc Member', channel: 'BKASH', number: '01711112222' }],
        ['/wps/cashier/payment-password', { newPassword: 'Pay12345', confirmPassword: 'Pay12345' }],
      ] as const) {
        const res = await page.request.post(path, { headers, data });
        expect(res.status(), await res.text()).toBe(200);
      }
      await signInWithToken(page, member);

      const withdraw = async () => {
        await page.goto('/?member=withdraw');
        await expect(page.getByTestId('withdraw-form')).toBeVisible(SLOW);
        await page.getByTestId('input-amount').fill('1500');
        await page.getByTestId('input-paymentPassword').fill('Pay12345');
        await page.getByTestId('withdraw-submit').click();
        return page.getByTestId('withdraw-result');
      };
      await expect(await withdraw()).toContainText('verify your identity', SLOW);

      // The member uploads the front of an ID in the security centre.
      await page.goto('/?member=securityCenter');
      await expect(page.getByTestId('page-securityCenter')).toBeVisible(SLOW);
      const card = page.getByTestId('kyc');
      // The card is in the security centre's lazily loaded responsible-gaming chunk (slow on a busy machine).
      await expect(card).toBeVisible({ timeout: 90_000 });
      await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'none');
      await page.getByTestId('kyc-kind').selectOption('idFront');
      await page
        .getByTestId('kyc-file')
        .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('kyc-submit').click();
      await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'pending', SLOW);
      await card.scrollIntoViewIfNeeded();
      await saveShot(page, 'kyc', 'security-centre');

      // Risk staff approve it in the KYC queue with the date of birth read off the document.
      const bo = await page.context().newPage();
      await bo.addInitScript((value) => {
        window.sessionStorage.setItem('bo.token', value);
        window.localStorage.setItem('bo.merchant', 'khelabd');
        window.localStorage.setItem('bo.lang', 'en');
      }, risk);
      await bo.goto('/bo/protection/kyc');
      await expect(bo.getByTestId('page-bo-protection-kyc')).toBeVisible(SLOW);
      const row = bo.locator('tr', { hasText: member.userName });
      await expect(row).toBeVisible(SLOW);
      await row.getByTestId('bo-kyc-birth').fill('1990-05-17');
      await row.getByTestId('bo-kyc-approve').click();
      await expect(bo.locator('tr', { hasText: member.userName })).toHaveCount(0, SLOW);
      await bo.close();

      // Verified: the same withdrawal is held for payout.
      await page.goto('/?member=securityCenter');
      await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'verified', {
        timeout: 90_000,
      });
      await expect(await withdraw()).toContainText('1,500.00', SLOW);
    } finally {
      await setKycAbove(page.request, risk, null);
    }
  });
});
