import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { smsCode } from './auth-inbox';
import { staffLogin } from './staff-api';

/**
 * Members of a journey's own: journeys that move money or play run in parallel with others, so a
 * shared demo account would see their balances and rounds change under it.
 */

/** A Bangladeshi mobile number nobody has registered yet (national and E.164 forms). */
export const newBdMobile = (prefix = '018') => {
  const national = `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return { national, e164: `+880${national.slice(1)}` };
};

export const MOBILE_PASSWORD = 'Mobile1234';

/**
 * Registers a member by mobile number with the SMS code from the demo inbox, from `ip` (the first
 * address the member is seen from; registrations are limited to 5 an hour per address); `extra`
 * adds fields to the body (a friend's `referralCode`).
 */
export const registerByMobile = async (
  request: APIRequestContext,
  ip: string,
  extra: Record<string, unknown> = {},
) => {
  const mobile = newBdMobile();
  const headers = { Merchant: 'khelabd', 'X-Forwarded-For': ip };
  const sent = await request.post('/wps/verification/sms/register', {
    headers,
    data: { mobileNo: mobile.national },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const registered = await request.put('/wps/member/register/mobile', {
    headers,
    data: {
      mobileNum: mobile.national,
      verificationCode: await smsCode(request, mobile.e164),
      password: MOBILE_PASSWORD,
      confirmPassword: MOBILE_PASSWORD,
      termsAccepted: true,
      ageConfirmed: true,
      ...extra,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const value = (await registered.json()).value as { token: string; userName: string; id: number };
  return { mobile, ...value };
};

/** Credits a member's main wallet through the back office (finance: a manual adjustment). */
export const fundMember = async (request: APIRequestContext, memberId: number, amountMinor: number) => {
  const token = await staffLogin(request, 'finance');
  const res = await request.post('/bo/api/cashier/adjust', {
    headers: { Authorization: token, 'Idempotency-Key': `e2e-fund-${memberId}-${Date.now()}` },
    data: {
      memberId,
      direction: 'credit',
      amount: amountMinor,
      reason: 'journey funds',
      currency: 'BDT',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
};

/**
 * Opens the site signed in as a member registered through the API (its token put in the session
 * before the first page runs, once per tab), in the given language, first-login popups closed.
 */
export const signInWithToken = (
  page: Page,
  member: { token: string; userName: string; id: number },
  lang: 'en' | 'bn' | 'hi' = 'en',
) =>
  page.addInitScript(
    ({ value, lang }) => {
      if (window.sessionStorage.getItem('e2e-started')) return;
      window.sessionStorage.setItem('e2e-started', '1');
      window.sessionStorage.setItem('token', value.token);
      window.sessionStorage.setItem('account', value.userName);
      window.sessionStorage.setItem('nickname', value.userName);
      window.sessionStorage.setItem('customerId', String(value.id));
      window.sessionStorage.setItem('isAgent', '0');
      window.sessionStorage.setItem('USER_POPUP', 'closed');
      window.localStorage.setItem('hisLang', lang);
    },
    { value: member, lang },
  );
