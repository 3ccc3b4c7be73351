import { expect, openPage, test } from './fixtures';
import { registerByMobile, signInWithToken } from './members';
import { saveShot } from './shots';

/*
 * Invite friends (issue 19, ADR 048): a member opens the referral page and sees the code, the
 * link and its QR code; a friend registered through the API with that code appears in the list.
 * Screens at 1440 and 390 px.
 */

test('@desktop the referral page shows code, link, QR and a friend who registered with the code', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const referrer = await registerByMobile(page.request, '103.4.148.71');
  const asked = await page.request.get('/wps/promotions/referral', {
    headers: { Authorization: referrer.token, Merchant: 'khelabd' },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const code = (await asked.json()).value.code as string;
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  const friend = await registerByMobile(page.request, '103.4.148.72', { referralCode: code });

  await signInWithToken(page, referrer);
  await openPage(page, '/?member=referral', 'home');
  const referral = page.getByTestId('page-referral');
  await expect(referral).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('referral-code')).toHaveText(code);
  await expect(page.getByTestId('referral-link')).toHaveText(new RegExp(`/register\\?referralCode=${code}$`));
  await expect(page.getByTestId('referral-qr')).toBeVisible();
  await expect(page.getByTestId('referral-total-invitations')).toHaveText('1');
  const row = page.getByTestId('referral-friend');
  await expect(row).toHaveCount(1);
  // The friend's name is masked: first two and last character.
  const name = friend.userName;
  await expect(row).toContainText(`${name.slice(0, 2)}***${name.slice(-1)}`);
  await expect(row.getByTestId('referral-friend-status')).toHaveAttribute('data-status', 'registered');
  await saveShot(page, 'referral', 'page-1440-en');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('referral-qr')).toBeVisible();
  await saveShot(page, 'referral', 'page-390-en');
});
