import { expect, test } from './fixtures';
import { MOBILE_PASSWORD, registerByMobile, signInWithToken } from './members';
import { saveShot } from './shots';

/*
 * Closing, reopening and erasure (issue 16, ADR 052), what only a browser proves: the member closes
 * the account "for another reason" in the security centre, signs in again, sees the closed
 * account's card, asks to reopen it (confirmable after the cooling-off), then erases the personal
 * data and can no longer sign in. The rules are proven by protection/erasure.test.ts.
 */

const SLOW = { timeout: 90_000 };

test.describe('Erasure', () => {
  test.describe.configure({ timeout: 300_000 });

  test('@desktop a member closes for another reason, asks to reopen, then erases the account', async ({
    page,
    pageErrors,
  }) => {
    // The erasure ends the session: the page's next calls answer 401 (expected, not an error).
    const expected = (line: string) =>
      line.includes('Failed to load resource') && line.includes('status of 401');
    const push = pageErrors.push.bind(pageErrors);
    Object.defineProperty(pageErrors, 'push', {
      enumerable: false,
      configurable: true,
      value: (...lines: string[]) => push(...lines.filter((line) => !expected(line))),
    });
    const ip = '103.4.146.92';
    const member = await registerByMobile(page.request, ip);
    await signInWithToken(page, member);
    await page.goto('/?member=securityCenter');
    const closeCard = page.getByTestId('close-account');
    await expect(closeCard).toBeVisible(SLOW);
    await closeCard.getByTestId('close-reason-other').check();
    await closeCard.getByTestId('account-understood').check();
    await closeCard.getByTestId('close-submit').click();
    await page.waitForURL((url) => !url.search.includes('member='), SLOW);

    const signIn = () =>
      page.request.post('/wps/session/login', {
        headers: { Merchant: 'khelabd', 'X-Forwarded-For': ip },
        data: { username: member.userName, password: MOBILE_PASSWORD },
      });
    const again = await signIn();
    expect(again.status(), await again.text()).toBe(200);
    const token = ((await again.json()).value as { token: string }).token;

    const tab = await page.context().newPage();
    await signInWithToken(tab, { ...member, token });
    await tab.goto('/?member=securityCenter');
    const card = tab.getByTestId('account-closed');
    await expect(card).toBeVisible(SLOW);
    await card.getByTestId('reopen-request').click();
    await expect(card.getByTestId('reopen-confirm')).toBeVisible(SLOW);
    await expect(card.getByTestId('reopen')).toContainText('You can confirm from');
    await saveShot(tab, 'erasure', 'closed-account');

    await card.getByTestId('account-understood').check();
    await card.getByTestId('erasure-submit').click();
    await expect(card).toContainText('Your personal data is erased', SLOW);
    await saveShot(tab, 'erasure', 'erased');

    const refused = await signIn();
    expect(refused.status()).not.toBe(200);
  });
});
