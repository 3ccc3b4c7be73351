import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { nextMail, smsCode } from './auth-inbox';
import { addressPerProject, allowRefusals, expect, openPage, test } from './fixtures';
import { newBdMobile } from './members';
import { withModuleFlag } from './module-flag';

// Several journeys sign in, out and in again: on the shared test machine (and at phone width,
// where they also run) they need more than the default 45 s.
test.describe.configure({ timeout: 90_000 });

const newUsername = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`.slice(0, 12);

type Language = 'bn' | 'en';

/** What the screens say in each language (the auth locale files, checked here word for word). */
const TEXT = {
  en: {
    login: 'Log in',
    register: 'Create account',
    forget: 'Forgot password',
    change: 'Change Password (First Login or Password Expired)',
    logout: 'Sign out',
    logoutMessage: 'Are you sure you want to sign out?',
    captcha: 'Image code',
    notice: 'Notice',
    invitation: 'The invitation code is not valid. Please check it and try again.',
    mailSubject: 'Khela: your temporary password',
    mailPassword: /Your temporary password: (\S+)/,
  },
  bn: {
    login: 'লগইন',
    register: 'অ্যাকাউন্ট খুলুন',
    forget: 'পাসওয়ার্ড ভুলে গেছেন',
    change: 'পাসওয়ার্ড পরিবর্তন (প্রথম লগইন বা পাসওয়ার্ডের মেয়াদ শেষ)',
    logout: 'সাইন আউট',
    logoutMessage: 'আপনি কি নিশ্চিত যে সাইন আউট করতে চান?',
    captcha: 'ছবির কোড',
    notice: 'বিজ্ঞপ্তি',
    invitation: 'আমন্ত্রণ কোডটি সঠিক নয়। কোডটি দেখে আবার চেষ্টা করুন।',
    mailSubject: 'Khela: আপনার অস্থায়ী পাসওয়ার্ড',
    mailPassword: /আপনার অস্থায়ী পাসওয়ার্ড: (\S+)/,
  },
} as const;

/** The site language (and optionally the merchant) before the first page of the test loads. */
const useLanguage = (page: Page, language: Language, merchant?: string) =>
  page.addInitScript(
    ([lang, code]) => {
      window.localStorage.setItem('hisLang', lang as string);
      if (code) {
        window.sessionStorage.setItem('merchant', code);
        window.sessionStorage.setItem('merchantCode', code);
      }
    },
    [language, merchant ?? null] as const,
  );
const useEnglish = (page: Page, merchant?: string) => useLanguage(page, 'en', merchant);

const openLoginModal = async (page: Page) => {
  await openPage(page, '/', 'home');
  await page.getByTestId('btn-login').click();
  // The modal's chunk may take a while on the shared test machine.
  await expect(page.getByTestId('login-modal')).toBeVisible({ timeout: 20_000 });
};

const logInWithPassword = async (page: Page, username: string, password: string) => {
  await openLoginModal(page);
  await page.getByTestId('input-username').fill(username);
  await page.getByTestId('input-password').fill(password);
  await page.getByTestId('btn-submit-login').click();
};

/** The address the journey's browser sends (its `extraHTTPHeaders` option). */
const ipOf = (headers: Record<string, string> | undefined) => headers?.['X-Forwarded-For'] ?? '103.4.145.1';

/**
 * The bodies of the browser's calls to `path` (method `method`), as sent: watched with
 * `page.on('request')`, never altered.
 */
const sentBodies = (page: Page, method: string, path: string) => {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path)
      bodies.push(request.postData() ?? '');
  });
  return bodies;
};

/**
 * A body sealed as a compact JWE (RSA-OAEP-256 + A256GCM to the server's published key) and
 * nothing else: `{ "jwe": "<5 base64url parts>" }`, with none of `secrets` readable in it.
 */
const expectSealed = (body: string | undefined, secrets: string[]) => {
  expect(body, 'a body was sent').toBeTruthy();
  const parsed = JSON.parse(body as string) as Record<string, unknown>;
  expect(Object.keys(parsed)).toEqual(['jwe']);
  const parts = String(parsed.jwe).split('.');
  expect(parts).toHaveLength(5);
  for (const part of parts) expect(part).toMatch(/^[A-Za-z0-9_-]*$/);
  // Header, encrypted key, IV, ciphertext and tag are all there.
  for (const part of parts) expect(part.length).toBeGreaterThan(0);
  const header = JSON.parse(Buffer.from(parts[0] as string, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  expect(header).toMatchObject({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: expect.any(String) });
  for (const secret of secrets) expect(body).not.toContain(secret);
};

type Member = {
  username: string;
  password: string;
  email: string;
  mobile: { national: string; e164: string };
};

const MEMBER_PASSWORD = 'Member1234';

/**
 * A member of the journey's own, registered by mobile number through the API (SMS code from the
 * demo inbox) from `ip`, the address its browser will use: that address is then known, so a
 * login from it never asks for the new-IP step (another journey turns it on for a while).
 */
const registerMember = async (
  request: APIRequestContext,
  ip: string,
  { merchant = 'khelabd' }: { merchant?: 'khelabd' | 'khelain' } = {},
): Promise<Member> => {
  const mobile =
    merchant === 'khelain'
      ? (() => {
          const national = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
          return { national, e164: `+91${national}` };
        })()
      : newBdMobile('016');
  const headers = { Merchant: merchant, 'X-Forwarded-For': ip };
  const sent = await request.post('/wps/verification/sms/register', {
    headers,
    data: { mobileNo: mobile.national },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const email = `m${mobile.national}@example.com`;
  const registered = await request.put('/wps/member/register/mobile', {
    headers,
    data: {
      mobileNum: mobile.national,
      verificationCode: await smsCode(request, mobile.e164, merchant),
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
      email,
      termsAccepted: true,
      ageConfirmed: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const value = (await registered.json()).value as { userName: string };
  return { username: value.userName, password: MEMBER_PASSWORD, email, mobile };
};

/** Waits until a number that got an SMS at `since` may get another (one a minute per number). */
const waitForSmsSlot = async (page: Page, since: number) => {
  const wait = since + 61_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
};

/** Screenshots for a look (light and dark), only when `E2E_SHOTS_DIR` is set. */
const SHOTS = process.env.E2E_SHOTS_DIR ? join(process.env.E2E_SHOTS_DIR, 'auth') : null;
const shoot = async (page: Page, info: TestInfo, name: string) => {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    await page.screenshot({
      path: join(SHOTS, `${info.project.name}-${name}-${dark ? 'dark' : 'light'}.png`),
      // Colour transitions finish at once: the theme switch is not caught half way.
      animations: 'disabled',
    });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
};

/**
 * The screen fits its width: the page does not scroll sideways, nothing in `frame` (the modal
 * card or the page's form card) sticks out of it, and the submit button, once scrolled to, is
 * wholly inside the viewport and not covered by anything.
 */
const expectFits = async (page: Page, frame: Locator, submit: Locator) => {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
  const outside = await frame.evaluate((card) => {
    const box = card.getBoundingClientRect();
    /** Inside a row that scrolls sideways on purpose (the game menu's chips). */
    const inScroller = (element: Element) => {
      for (let up = element.parentElement; up && up !== card; up = up.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
      }
      return false;
    };
    return Array.from(card.querySelectorAll<HTMLElement>('*'))
      .filter((element) => {
        const r = element.getBoundingClientRect();
        return (
          r.width > 1 &&
          r.height > 1 &&
          (r.left < box.left - 1 || r.right > box.right + 1) &&
          !inScroller(element)
        );
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
  });
  expect(outside, 'elements sticking out of the card').toEqual([]);
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeVisible();
  await expect(submit).toBeInViewport({ ratio: 1 });
  const covered = await submit.evaluate((button) => {
    const r = button.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !(hit && (hit === button || button.contains(hit)));
  });
  expect(covered, 'the submit button is covered').toBe(false);
};

/** Failed password logins through the API, so the next try of `username` asks for the captcha. */
const failLogins = async (request: APIRequestContext, ip: string, username: string, times: number) => {
  for (let attempt = 1; attempt <= times; attempt++) {
    const res = await request.post('/wps/session/login', {
      headers: { Merchant: 'khelabd', 'X-Forwarded-For': ip },
      data: { username, password: `Wrong${attempt}pass` },
    });
    expect(res.status()).toBe(401);
  }
};

test.describe('accounts: password login, logout, guards', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
  });

  test('logs in with username and password: modal closes, header shows the account, balance is updating', {
    tag: '@phone',
  }, async ({ page }) => {
    const logins = sentBodies(page, 'POST', '/wps/session/login');
    await logInWithPassword(page, 'demo01', 'Demo1234');
    await expect(page.getByTestId('login-modal')).toHaveCount(0);
    // The login went sealed (JWE): neither the username nor the password is readable on the wire.
    expect(logins).toHaveLength(1);
    expectSealed(logins[0], ['demo01', 'Demo1234']);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('account-name')).toHaveText('demo01');
    await expect(page.getByTestId('btn-login')).toHaveCount(0);
    expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeTruthy();
    // No invented balance: the slot says it is updating until the wallet fills it.
    await expect(page.getByTestId('account-menu-button')).toBeVisible();
    await page.getByTestId('account-menu-button').click();
    await expect(page.getByTestId('account-memberCentre')).toBeVisible();
    await expect(page.getByTestId('account-agentCentre')).toHaveCount(0);
    for (const key of ['bettingRecord', 'deposit', 'withdrawal', 'accountRecord', 'logout']) {
      await expect(page.getByTestId(`account-${key}`)).toBeVisible();
    }
  });

  test('an agent sees the agent centre in place of the member centre', async ({ page }) => {
    // agent01 is shared with the agent-site journeys: this one does not sign out (that ends every
    // session of the account); the sign-out journey below uses a member of its own.
    await logInWithPassword(page, 'agent01', 'Agent1234');
    await expect(page.getByTestId('account-name')).toHaveText('agent01');
    await page.getByTestId('account-menu-button').click();
    await expect(page.getByTestId('account-agentCentre')).toBeVisible();
    await expect(page.getByTestId('account-memberCentre')).toHaveCount(0);
  });

  test('a protected page while logged out opens the login modal', async ({ page }) => {
    await openPage(page, '/changePassword', 'changePassword');
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await expect(page.getByTestId('change-password-form')).toHaveCount(0);
  });

  test('a session the server no longer knows signs out and asks for a login once', async ({
    page,
    pageErrors,
  }) => {
    allowRefusals(pageErrors, 401, '/wps/');
    await logInWithPassword(page, 'demo01', 'Demo1234');
    await expect(page.getByTestId('account-name')).toHaveText('demo01');
    await page.evaluate(() => window.sessionStorage.setItem('token', 'revoked-or-unknown-token'));
    await page.reload();
    // The modal's chunk loads after the page's first calls are refused: allow a loaded machine time.
    await expect(page.getByTestId('login-modal')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('login-modal')).toHaveCount(1);
    await page.getByTestId('login-close').click();
    await expect(page.getByTestId('btn-login')).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
  });

  test('the login modal links to forgot password and registration, and shows the game menu', async ({
    page,
  }) => {
    await openLoginModal(page);
    await expect(page.getByTestId('login-game-menu')).toBeVisible();
    await page.getByTestId('link-forget').click();
    await expect(page.getByTestId('forget-modal')).toBeVisible();
    await expect(page.getByTestId('login-modal')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('btn-login').click();
    await page.getByTestId('link-register').click();
    await expect(page.getByTestId('register-modal')).toBeVisible();
  });
});

test.describe('sign out', () => {
  // Its own address: the journey registers its member (registrations are limited per IP).
  test.use({ extraHTTPHeaders: addressPerProject('103.4.145.81', '103.4.145.82') });

  test('asks first, clears the session but keeps the merchant, and signs the member out in another browser too', async ({
    page,
    browser,
    extraHTTPHeaders,
  }) => {
    // A registration, two browsers signing in and up to one balance-socket heartbeat (25 s) of waiting.
    test.setTimeout(150_000);
    const member = await registerMember(page.request, ipOf(extraHTTPHeaders));
    await useEnglish(page);
    // Another browser (another device) signed in as the same member, its balance socket open.
    const otherContext = await browser.newContext({
      extraHTTPHeaders,
      viewport: test.info().project.use.viewport ?? null,
    });
    const other = await otherContext.newPage();
    await other.addInitScript(() => {
      window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
      window.sessionStorage.setItem('USER_POPUP', 'closed');
      window.localStorage.setItem('hisLang', 'en');
    });
    let socketOpened = false;
    let socketClosed = false;
    other.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname !== '/wps/ws') return;
      socketOpened = true;
      socket.on('close', () => {
        socketClosed = true;
      });
    });
    await logInWithPassword(other, member.username, member.password);
    await expect(other.getByTestId('account-name')).toHaveText(member.username, { timeout: 30_000 });
    await expect.poll(() => socketOpened, { timeout: 20_000 }).toBe(true);

    await logInWithPassword(page, member.username, member.password);
    await expect(page.getByTestId('account-name')).toHaveText(member.username, { timeout: 30_000 });
    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('account-logout').click();
    await expect(page.getByTestId('logout-message')).toHaveText('Are you sure you want to sign out?');
    await page.getByTestId('logout-cancel').click();
    await expect(page.getByTestId('logout-modal')).toHaveCount(0);
    await expect(page.getByTestId('account-name')).toBeVisible();

    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('account-logout').click();
    const logout = page.waitForResponse((r) => r.url().endsWith('/wps/session/logout'));
    await page.getByTestId('logout-confirm').click();
    expect((await logout).status()).toBe(200);
    await expect(page.getByTestId('btn-login')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const storage = await page.evaluate(() => ({
      token: window.sessionStorage.getItem('token'),
      account: window.sessionStorage.getItem('account'),
      merchant: window.sessionStorage.getItem('merchant'),
      merchantCode: window.sessionStorage.getItem('merchantCode'),
    }));
    expect(storage).toEqual({ token: null, account: null, merchant: 'khelabd', merchantCode: 'khelabd' });

    // The other browser's session ended too: its balance socket closes (4401) at the next
    // heartbeat (every 25 s), and the page signs itself out at once: its balance call is refused
    // and the login modal opens, without the person doing anything.
    const refused = other.waitForResponse(
      (r) => new URL(r.url()).pathname === '/wps/v2/wallets/balance' && r.status() === 401,
      { timeout: 45_000 },
    );
    await expect.poll(() => socketClosed, { timeout: 40_000 }).toBe(true);
    await refused;
    await expect(other.getByTestId('login-modal')).toBeVisible();
    await expect(other.getByTestId('btn-login')).toBeVisible();
    await expect(other.getByTestId('account-name')).toHaveCount(0);
    expect(await other.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
    await otherContext.close();
  });
});

test.describe('an expired password (PWDEXPFORCECHANGE3)', () => {
  test('the login opens the change-password modal; until the password is changed the server refuses other calls and the modal comes back', async ({
    page,
    pageErrors,
  }, info) => {
    allowRefusals(pageErrors, 403, '/wps/');
    // One seeded account per project whose password was last changed 120 days ago (README).
    const username = info.project.name === 'phone' ? 'stale02' : 'stale01';
    await useEnglish(page);
    await openLoginModal(page);
    await page.getByTestId('input-username').fill(username);
    await page.getByTestId('input-password').fill('Demo1234');
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/wps/session/login') && r.request().method() === 'POST',
    );
    await page.getByTestId('btn-submit-login').click();
    expect((await (await answer).json()).value).toMatchObject({
      firstTimeLogin: false,
      passwordExpired: true,
      mustChangePassword: true,
    });
    const change = page.getByTestId('change-password-modal');
    await expect(change).toBeVisible();
    await expect(change.getByRole('heading')).toHaveText('Change Password (First Login or Password Expired)');
    // The password was just proven by the login: it is not asked again.
    await expect(change.getByTestId('input-oldPassword')).toHaveCount(0);
    await expect(page.getByTestId('account-name')).toHaveText(username);

    // Put off: the server refuses the member's calls...
    const token = (await page.evaluate(() => window.sessionStorage.getItem('token'))) as string;
    const balance = () =>
      page.request.get('/wps/v2/wallets/balance', { headers: { Authorization: token, Merchant: 'khelabd' } });
    const refused = await balance();
    expect(refused.status()).toBe(403);
    expect((await refused.json()).errorCode).toBe('password.change.required');
    await change.getByRole('button', { name: 'Close' }).click();
    await expect(change).toHaveCount(0);
    // ...and the next call the page makes brings the modal back, asking for the current password now.
    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('account-deposit').click();
    await expect(change).toBeVisible();
    await change.getByTestId('input-oldPassword').fill('Demo1234');
    await change.getByTestId('input-newPassword').fill('Renewed5678');
    await change.getByTestId('input-confirmNewPassword').fill('Renewed5678');
    await change.getByTestId('btn-submit-change-password').click();
    await expect(change).toHaveCount(0);
    await expect(page.getByTestId('account-name')).toHaveText(username);
    expect((await balance()).status()).toBe(200);
  });
});

test.describe('dialling codes by merchant', () => {
  test('the India merchant (khelain) picks +91 in the login, registration and forgot-password forms, and sends it', async ({
    page,
  }) => {
    await useEnglish(page, 'khelain');
    await openLoginModal(page);
    const login = page.getByTestId('login-modal');
    await login.getByTestId('tab-sms').click();
    const picker = login.getByTestId('dial-code');
    await expect(picker).toHaveValue('+91');
    await expect(picker.locator('option:checked')).toHaveText('+91');
    expect((await picker.locator('option').allTextContents()).sort()).toEqual(['+880', '+91']);
    // A code request goes with +91 (a number nobody has: the same answer, nothing sent).
    const national = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await login.getByTestId('input-mobileNum').fill(national);
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/wps/verification/sms/noLogin');
    const response = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/wps/verification/sms/noLogin',
    );
    await login.getByTestId('btn-get-code').click();
    expect((await request).postDataJSON()).toMatchObject({
      mobileNum: national,
      countryDialingCode: '+91',
      purpose: 'login',
    });
    expect((await response).status()).toBe(200);

    await login.getByTestId('link-forget').click();
    const forget = page.getByTestId('forget-modal');
    await forget.getByTestId('tab-mobile').click();
    await expect(forget.getByTestId('dial-code')).toHaveValue('+91');
    await page.keyboard.press('Escape');
    await expect(forget).toHaveCount(0);
    await page.getByTestId('btn-register').click();
    const register = page.getByTestId('register-modal');
    await expect(register.getByTestId('tab-mobile')).toHaveAttribute('aria-selected', 'true');
    await expect(register.getByTestId('dial-code')).toHaveValue('+91');
  });
});

test.describe('login throttle', () => {
  // Its own address, so the per-IP login limit of other journeys is not shared.
  test.use({ extraHTTPHeaders: addressPerProject('103.4.145.21', '103.4.145.22') });

  test('wrong passwords: from the 5th failure the captcha appears; its image reloads at most once a second; a wrong code refuses even the right password', async ({
    page,
    pageErrors,
    request,
    extraHTTPHeaders,
  }) => {
    allowRefusals(pageErrors, 401, '/wps/session/login');
    await useEnglish(page);
    const member = await registerMember(page.request, ipOf(extraHTTPHeaders));
    const imageLoads: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/wps/captcha')
        imageLoads.push(Date.now());
    });
    await openLoginModal(page);
    await page.getByTestId('input-username').fill(member.username);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await expect(page.getByTestId('captcha-image')).toHaveCount(0);
      await page.getByTestId('input-password').fill(`Wrong${attempt}pass`);
      const answer = page.waitForResponse((r) => r.url().endsWith('/wps/session/login'));
      await page.getByTestId('btn-submit-login').click();
      expect((await answer).status()).toBe(401);
      await expect(page.getByTestId('form-error')).toHaveText('Wrong username or password.');
    }
    const image = page.getByTestId('captcha-image').locator('img');
    await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByTestId('input-captcha')).toBeVisible();
    expect(imageLoads).toHaveLength(1);
    // Submitting without the code is stopped in the browser.
    await page.getByTestId('btn-submit-login').click();
    await expect(page.getByTestId('error-captcha')).toHaveText('Please type the image code');

    // A click on the image loads a new one, at most once a second: of five clicks at once only
    // the first loads an image; a click a second later loads again.
    await page.waitForTimeout(Math.max(0, (imageLoads[0] as number) + 1100 - Date.now()));
    const first = (await image.getAttribute('src')) as string;
    await page.getByTestId('captcha-image').evaluate((button) => {
      for (let i = 0; i < 5; i++) (button as HTMLButtonElement).click();
    });
    await expect(image).not.toHaveAttribute('src', first);
    await page.waitForTimeout(300);
    expect(imageLoads, 'five clicks within the same second').toHaveLength(2);
    await page.waitForTimeout(Math.max(0, (imageLoads[1] as number) + 1100 - Date.now()));
    await page.getByTestId('captcha-image').click();
    await expect.poll(() => imageLoads.length).toBe(3);

    // The right password with a wrong code is refused; a new image comes for the next try.
    await page.getByTestId('input-password').fill(member.password);
    await page.getByTestId('input-captcha').fill('0000');
    const refused = page.waitForResponse((r) => r.url().endsWith('/wps/session/login'));
    allowRefusals(pageErrors, 400, '/wps/session/login');
    await page.getByTestId('btn-submit-login').click();
    const answer = await refused;
    expect(answer.status()).toBe(400);
    expect((await answer.json()).errorCode).toBe('captcha.invalid');
    await expect(page.getByTestId('error-captcha')).toHaveText(
      'The image code is wrong. Please type the new one',
    );
    await expect.poll(() => imageLoads.length).toBe(4);
    await expect(page.getByTestId('input-captcha')).toHaveValue('');
    await expect(page.getByTestId('account-name')).toHaveCount(0);
    // Without the captcha cookie of a browser the server refuses the right password as well.
    const bare = await request.post('/wps/session/login', {
      headers: { Merchant: 'khelabd' },
      data: { username: member.username, password: member.password, captcha: '1234' },
    });
    expect(bare.status()).toBe(400);
    expect((await bare.json()).errorCode).toBe('captcha.invalid');
  });
});

test.describe('remember me with username and password', () => {
  test.use({ extraHTTPHeaders: addressPerProject('103.4.145.61', '103.4.145.62') });

  test('the username is remembered and the person stays signed in across a browser restart; the password is kept nowhere', async ({
    page,
    browser,
    pageErrors,
    extraHTTPHeaders,
  }) => {
    const member = await registerMember(page.request, ipOf(extraHTTPHeaders));
    await useEnglish(page);
    await openLoginModal(page);
    await page.getByTestId('input-username').fill(member.username);
    await page.getByTestId('input-password').fill(member.password);
    await page.getByTestId('check-remember').check();
    await page.getByTestId('btn-submit-login').click();
    await expect(page.getByTestId('login-modal')).toHaveCount(0);
    await expect(page.getByTestId('account-name')).toHaveText(member.username);

    /** Every cookie value and every local and session storage entry of the page's browser. */
    const everythingKept = async (target: Page) => {
      const cookies = await target.context().cookies();
      const storage = await target.evaluate(() => {
        const dump = (store: Storage) =>
          Array.from({ length: store.length }, (_, i) => {
            const key = store.key(i) as string;
            return `${key}=${store.getItem(key)}`;
          });
        return [...dump(window.localStorage), ...dump(window.sessionStorage)];
      });
      return [...cookies.map((cookie) => `${cookie.name}=${cookie.value}`), ...storage];
    };
    const kept = await everythingKept(page);
    expect(kept.length).toBeGreaterThan(0);
    for (const entry of kept) expect(entry).not.toContain(member.password);
    const remembered = JSON.parse(
      (await page.evaluate(() => window.localStorage.getItem('loginRemember'))) ?? '{}',
    ) as Record<string, unknown>;
    expect(remembered).toMatchObject({ kind: 'username', name: member.username });
    expect(remembered.rememberToken).toEqual(expect.any(String));
    expect(Object.keys(remembered).sort()).toEqual(['kind', 'name', 'rememberToken', 'until']);

    // A new browser with the same cookies and local storage (session storage is gone): signed in
    // again through the remember token, which is used up and replaced by the next one.
    const next = await browser.newContext({
      storageState: await page.context().storageState(),
      // The same network and screen as before the restart.
      extraHTTPHeaders,
      viewport: test.info().project.use.viewport ?? null,
    });
    const again = await next.newPage();
    await again.addInitScript(() => {
      window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
      window.sessionStorage.setItem('USER_POPUP', 'closed');
    });
    again.on('console', (message) => {
      if (message.type() === 'error')
        pageErrors.push(`restarted browser: ${message.text()} @ ${message.location().url}`);
    });
    const exchanged = again.waitForResponse((r) => r.url().endsWith('/wps/session/remember'));
    await again.goto('/');
    expect((await exchanged).status()).toBe(200);
    await expect(again.getByTestId('account-name')).toHaveText(member.username);
    const rotated = JSON.parse(
      (await again.evaluate(() => window.localStorage.getItem('loginRemember'))) ?? '{}',
    ) as Record<string, unknown>;
    expect(rotated.rememberToken).toEqual(expect.any(String));
    expect(rotated.rememberToken).not.toBe(remembered.rememberToken);
    for (const entry of await everythingKept(again)) expect(entry).not.toContain(member.password);

    // Signing out ends the remember token too (refused at the next start); the username stays for the form.
    allowRefusals(pageErrors, 401, '/wps/session/remember');
    // Logout signs the member out everywhere: the first browser, still open, is refused at its next
    // calls (balance, reality check; when they fall inside the rest of this test depends on the
    // machine's speed).
    allowRefusals(pageErrors, 401, '/wps/');
    await again.getByTestId('account-menu-button').click();
    await again.getByTestId('account-logout').click();
    await again.getByTestId('logout-confirm').click();
    await expect(again.getByTestId('btn-login')).toBeVisible();
    await again.reload();
    await expect(again.getByTestId('btn-login')).toBeVisible();
    await again.getByTestId('btn-login').click();
    await expect(again.getByTestId('input-username')).toHaveValue(member.username);
    await expect(again.getByTestId('input-password')).toHaveValue('');
    await expect(again.getByTestId('check-remember')).toBeChecked();
    await next.close();
  });
});

test.describe('registration form checks', () => {
  test('rules from the server: pattern text with bounds, confirmation, terms and age; nothing is sent', async ({
    page,
    pageErrors,
  }) => {
    allowRefusals(pageErrors, 400, '/wps/agent/affiliate');
    await useEnglish(page);
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/wps/member/register')) registerCalls++;
    });
    await openPage(page, '/register?referralCode=FRIEND42', 'register');
    await page.getByTestId('tab-username').click();
    await page.getByTestId('input-username').fill('1abc');
    await page.getByTestId('input-password').fill('abc');
    await page.getByTestId('input-confirmPassword').fill('abd');
    await page.getByTestId('input-whatsapp').fill('12ab');
    await page.getByTestId('check-termsAccepted').uncheck();
    await page.getByTestId('btn-submit-register').click();
    await expect(page.getByTestId('error-username')).toHaveText(
      '6-12 letters and numbers, starting with a letter',
    );
    await expect(page.getByTestId('error-password')).toHaveText(
      'Please fill in your password with 6-12 characters',
    );
    await expect(page.getByTestId('error-confirmPassword')).toHaveText('Incorrect confirmation input');
    await expect(page.getByTestId('error-whatsapp')).toHaveText('8-15 digits only');
    await expect(page.getByTestId('error-termsAccepted')).toHaveText('Please accept the terms of use');
    await expect(page.getByTestId('error-ageConfirmed')).toHaveText('You must be 18 or older to register');
    // A friend's referral code names no agent: the invitation field stays empty, the form says who invited.
    await expect(page.getByTestId('input-affiliateCode')).toHaveValue('');
    await expect(page.getByTestId('register-invited-by')).toHaveText('Invited by a friend: FRIEND42');
    // The get-code button checks the number before asking for a code.
    await page.getByTestId('btn-get-code').click();
    await expect(page.getByTestId('error-mobileNum')).toHaveText('Please enter your mobile number');
    await page.getByTestId('input-mobileNum').fill('12345');
    // The button takes one press a second.
    await page.waitForTimeout(1100);
    await page.getByTestId('btn-get-code').click();
    await expect(page.getByTestId('error-mobileNum')).toHaveText('8-11 digits only');
    expect(registerCalls).toBe(0);
  });

  test('an agent code in the link checks out and hides the invitation field', async ({ page }) => {
    await useEnglish(page);
    await openPage(page, '/register?affiliateCode=AGENT01', 'register');
    await expect(page.getByTestId('input-payeeName')).toBeVisible();
    await expect(page.getByTestId('input-affiliateCode')).toHaveCount(0);
  });

  test.describe('an unknown invitation code', () => {
    test.use({ extraHTTPHeaders: addressPerProject('103.4.145.63', '103.4.145.64') });

    for (const language of ['en', 'bn'] as const) {
      test(`${language}: a warning to confirm, the field marked, and no registration sent`, async ({
        page,
        pageErrors,
      }, info) => {
        allowRefusals(pageErrors, 400, '/wps/agent/affiliate');
        await useLanguage(page, language);
        const sent: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname.startsWith('/wps/member/register')) sent.push(request.url());
        });
        await openPage(page, '/', 'home');
        await page.getByTestId('btn-register').click();
        const modal = page.getByTestId('register-modal');
        await expect(modal.getByTestId('tab-mobile')).toHaveAttribute('aria-selected', 'true');
        // Everything else is right, so only the code can stop it (the SMS code is never asked for).
        await modal.getByTestId('input-mobileNum').fill(newBdMobile('015').national);
        await modal.getByTestId('input-verificationCode').fill('123456');
        await modal.getByTestId('input-password').fill('Start1234');
        await modal.getByTestId('input-confirmPassword').fill('Start1234');
        await modal.getByTestId('input-affiliateCode').fill('NOSUCH99');
        await modal.getByTestId('check-ageConfirmed').check();
        const checked = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/agent/affiliate');
        await modal.getByTestId('btn-submit-register').click();
        expect((await checked).status()).toBe(400);
        const notice = page.getByTestId('auth-notice');
        await expect(notice).toBeVisible();
        await expect(notice.locator('h2')).toHaveText(TEXT[language].notice);
        await expect(page.getByTestId('auth-notice-message')).toHaveText(TEXT[language].invitation);
        // The warning icon (amber triangle), not the success tick.
        await expect(notice.locator('svg.lucide-triangle-alert')).toBeVisible();
        await expect(notice.locator('svg.lucide-circle-check')).toHaveCount(0);
        await expectFits(page, notice, page.getByTestId('auth-notice-ok'));
        await shoot(page, info, `invitation-${language}`);
        await page.getByTestId('auth-notice-ok').click();
        await expect(notice).toHaveCount(0);
        await expect(modal.getByTestId('error-affiliateCode')).toBeVisible();
        await expect(modal.getByTestId('input-affiliateCode')).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByTestId('account-name')).toHaveCount(0);
        expect(sent).toEqual([]);
      });
    }
  });
});

/**
 * The key screens in Bangla and English at the project's width (390 px phone, 1440 px desktop):
 * the translated title, no sideways scrolling or clipped parts, the submit button in view.
 */
for (const language of ['bn', 'en'] as const) {
  test.describe(`screens in ${language === 'bn' ? 'Bangla' : 'English'}`, { tag: '@phone' }, () => {
    // Several screens each, at the phone's 2x pixel ratio: room for a busy machine.
    test.describe.configure({ timeout: 120_000 });
    const text = TEXT[language];
    test.use({
      extraHTTPHeaders:
        language === 'bn'
          ? addressPerProject('103.4.145.51', '103.4.145.52')
          : addressPerProject('103.4.145.53', '103.4.145.54'),
    });
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test(`${language}: login modal (password and SMS tabs), then forgot password (mobile and email)`, async ({
      page,
    }, info) => {
      await openLoginModal(page);
      const login = page.getByTestId('login-modal');
      await expect(login.locator('h2')).toHaveText(text.login);
      await expect(login.getByTestId('btn-submit-login')).toHaveText(text.login);
      await expectFits(page, login, login.getByTestId('btn-submit-login'));
      await shoot(page, info, `login-password-${language}`);
      await login.getByTestId('tab-sms').click();
      await expect(login.getByTestId('input-mobileNum')).toBeVisible();
      await expectFits(page, login, login.getByTestId('btn-submit-login'));
      await shoot(page, info, `login-sms-${language}`);

      await login.getByTestId('link-forget').click();
      const forget = page.getByTestId('forget-modal');
      await expect(forget.locator('h2')).toHaveText(text.forget);
      for (const method of ['mobile', 'email'] as const) {
        await forget.getByTestId(`tab-${method}`).click();
        await expect(forget.getByTestId(`tab-${method}`)).toHaveAttribute('aria-selected', 'true');
        await expectFits(page, forget, forget.getByTestId('btn-submit-forget'));
        await shoot(page, info, `forget-${method}-${language}`);
      }
    });

    test(`${language}: register modal and /register page, mobile and username`, async ({ page }, info) => {
      await openPage(page, '/', 'home');
      await page.getByTestId('btn-register').click();
      const modal = page.getByTestId('register-modal');
      await expect(modal.locator('h2')).toHaveText(text.register);
      for (const mode of ['mobile', 'username'] as const) {
        await modal.getByTestId(`tab-${mode}`).click();
        await expect(modal.getByTestId(`tab-${mode}`)).toHaveAttribute('aria-selected', 'true');
        await expectFits(page, modal, modal.getByTestId('btn-submit-register'));
        await shoot(page, info, `register-modal-${mode}-${language}`);
      }
      await openPage(page, '/register', 'register');
      const card = page.getByTestId('page-register').locator('section').first();
      await expect(page.locator('h1')).toHaveText(text.register);
      for (const mode of ['mobile', 'username'] as const) {
        await page.getByTestId(`tab-${mode}`).click();
        await expectFits(page, card, page.getByTestId('btn-submit-register'));
        await shoot(page, info, `register-page-${mode}-${language}`);
      }
    });

    test(`${language}: the captcha after failed logins`, async ({
      page,
      pageErrors,
      extraHTTPHeaders,
    }, info) => {
      allowRefusals(pageErrors, 401, '/wps/session/login');
      const username = newUsername('ghost');
      await failLogins(page.request, ipOf(extraHTTPHeaders), username, 4);
      await openLoginModal(page);
      const modal = page.getByTestId('login-modal');
      await modal.getByTestId('input-username').fill(username);
      await modal.getByTestId('input-password').fill('Wrong5pass');
      await modal.getByTestId('btn-submit-login').click();
      await expect(modal.getByTestId('captcha-image').locator('img')).toHaveAttribute(
        'src',
        /^data:image\/png;base64,/,
      );
      await expect(modal.getByTestId('input-captcha')).toHaveAccessibleName(text.captcha);
      await expectFits(page, modal, modal.getByTestId('btn-submit-login'));
      await shoot(page, info, `login-captcha-${language}`);
    });

    test(`${language}: a temporary password mailed in this language, the change-password modal, then the sign-out confirm`, async ({
      page,
      extraHTTPHeaders,
    }, info) => {
      const ip = ipOf(extraHTTPHeaders);
      const member = await registerMember(page.request, ip);
      const since = Date.now();
      const asked = await page.request.post('/wps/member/password/email', {
        headers: { Merchant: 'khelabd', 'X-Forwarded-For': ip, Language: language },
        form: { username: member.username, email: member.email },
      });
      expect(asked.status()).toBe(200);
      const mail = await nextMail(member.email, since);
      expect(mail.subject).toBe(text.mailSubject);
      const temporary = text.mailPassword.exec(mail.text)?.[1];
      expect(temporary).toMatch(/^[A-Za-z0-9]{6,12}$/);

      await logInWithPassword(page, member.username, temporary as string);
      const modal = page.getByTestId('change-password-modal');
      await expect(modal).toBeVisible();
      await expect(modal.locator('h2')).toHaveText(text.change);
      await expectFits(page, modal, modal.getByTestId('btn-submit-change-password'));
      await shoot(page, info, `change-password-${language}`);
      await modal.getByTestId('input-newPassword').fill('Fresh5678');
      await modal.getByTestId('input-confirmNewPassword').fill('Fresh5678');
      await modal.getByTestId('btn-submit-change-password').click();
      await expect(modal).toHaveCount(0);
      await expect(page.getByTestId('account-name')).toHaveText(member.username);

      await page.getByTestId('account-menu-button').click();
      await page.getByTestId('account-logout').click();
      const confirm = page.getByTestId('logout-modal');
      await expect(confirm.locator('h2')).toHaveText(text.logout);
      await expect(page.getByTestId('logout-message')).toHaveText(text.logoutMessage);
      await expectFits(page, confirm, page.getByTestId('logout-confirm'));
      await shoot(page, info, `logout-${language}`);
      await page.getByTestId('logout-confirm').click();
      await expect(page.getByTestId('btn-login')).toBeVisible();
    });
  });
}

test.describe
  .serial('accounts with SMS codes and mail', () => {
    // Several logins and registrations each (argon2 hashing on a shared machine): more room than the default.
    test.describe.configure({ timeout: 120_000 });
    // Its own address: registrations are limited per IP.
    test.use({ extraHTTPHeaders: addressPerProject('103.4.145.33', '103.4.145.34') });
    const account = {
      username: newUsername('player'),
      password: 'Start1234',
      email: '',
      mobile: newBdMobile('019'),
      smsAt: 0,
    };
    account.email = `${account.username}@example.com`;
    const byMobile = { mobile: newBdMobile('019'), smsAt: 0 };

    test('registers by username with optional fields and the SMS code, then is logged in at home', async ({
      page,
    }) => {
      await useEnglish(page);
      await openPage(page, '/', 'home');
      await page.getByTestId('btn-register').click();
      const modal = page.getByTestId('register-modal');
      await expect(modal).toBeVisible();
      await modal.getByTestId('tab-username').click();
      await modal.getByTestId('input-username').fill(account.username);
      await modal.getByTestId('input-mobileNum').fill(account.mobile.national);
      account.smsAt = Date.now();
      await modal.getByTestId('btn-get-code').click();
      await expect(modal.getByTestId('btn-get-code')).toBeDisabled();
      await expect(modal.getByTestId('btn-get-code')).toHaveText(/Again in \d+s/);
      await modal
        .getByTestId('input-verificationCode')
        .fill(await smsCode(page.request, account.mobile.e164));
      await modal.getByTestId('input-password').fill(account.password);
      await modal.getByTestId('toggle-password').click();
      await expect(modal.getByTestId('input-password')).toHaveAttribute('type', 'text');
      await modal.getByTestId('input-confirmPassword').fill(account.password);
      await modal.getByTestId('input-payeeName').fill('Rahim Uddin');
      await modal.getByTestId('input-email').fill(account.email);
      await modal.getByTestId('input-whatsapp').fill('8801912345678');
      await expect(modal.getByTestId('check-termsAccepted')).toBeChecked();
      await modal.getByTestId('check-ageConfirmed').check();
      const registrations = sentBodies(page, 'PUT', '/wps/member/register');
      await modal.getByTestId('btn-submit-register').click();
      await expect(modal).toHaveCount(0);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('account-name')).toHaveText(account.username);
      // The registration went sealed (JWE): no field of it is readable on the wire.
      expect(registrations).toHaveLength(1);
      expectSealed(registrations[0], [
        account.username,
        account.password,
        account.email,
        account.mobile.national,
        'Rahim Uddin',
      ]);
    });

    test('registers by mobile number with the SMS code', { tag: '@phone' }, async ({ page }) => {
      await useEnglish(page);
      await openPage(page, '/register', 'register');
      await expect(page.getByTestId('tab-mobile')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('dial-code')).toHaveValue('+880');
      await page.getByTestId('input-mobileNum').fill(byMobile.mobile.national);
      byMobile.smsAt = Date.now();
      await page.getByTestId('btn-get-code').click();
      await page
        .getByTestId('input-verificationCode')
        .fill(await smsCode(page.request, byMobile.mobile.e164));
      await page.getByTestId('input-password').fill('Mobile1234');
      await page.getByTestId('input-confirmPassword').fill('Mobile1234');
      await page.getByTestId('check-ageConfirmed').check();
      await page.getByTestId('btn-submit-register').click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('account-name')).toHaveText(byMobile.mobile.national);
    });

    test('the same username again is refused on the field', async ({ page, pageErrors }) => {
      allowRefusals(pageErrors, 409, '/wps/member/register');
      await useEnglish(page);
      await openPage(page, '/register', 'register');
      await page.getByTestId('tab-username').click();
      const mobile = newBdMobile('019');
      await page.getByTestId('input-username').fill(account.username);
      await page.getByTestId('input-mobileNum').fill(mobile.national);
      await page.getByTestId('input-verificationCode').fill('000000');
      await page.getByTestId('input-password').fill(account.password);
      await page.getByTestId('input-confirmPassword').fill(account.password);
      await page.getByTestId('check-ageConfirmed').check();
      await page.getByTestId('btn-submit-register').click();
      await expect(page.getByTestId('error-username')).toHaveText('This username is already taken');
    });

    test('forgot password by email: the mail arrives at the test SMTP server, and the temporary password forces a change before anything else', async ({
      page,
    }) => {
      await useEnglish(page);
      await openLoginModal(page);
      await page.getByTestId('link-forget').click();
      const forget = page.getByTestId('forget-modal');
      await forget.getByTestId('tab-email').click();
      await forget.getByTestId('input-username').fill(account.username);
      await forget.getByTestId('input-email').fill(account.email);
      const since = Date.now();
      await forget.getByTestId('btn-submit-forget').click();
      await expect(page.getByTestId('auth-notice-message')).toHaveText(
        'The password has been sent. Please check your email.',
      );
      await expect(forget).toHaveCount(0);
      await page.getByTestId('auth-notice-ok').click();

      // Sent over SMTP (SMTP_URL) and received by the capture server this run started.
      const mail = await nextMail(account.email, since);
      expect(mail.envelope).toEqual({ from: 'no-reply@khela.local', to: [account.email] });
      expect(mail.from).toEqual({ name: 'Khela', address: 'no-reply@khela.local' });
      expect(mail.to).toEqual([account.email]);
      expect(mail.subject).toBe('Khela: your temporary password');
      expect(mail.text).toContain(`Dear ${account.username},`);
      expect(mail.text).toContain('right after signing in you will choose a new password');
      const temporary = /Your temporary password: (\S+)/.exec(mail.text)?.[1];
      expect(temporary).toMatch(/^[A-Za-z0-9]{6,12}$/);
      // Mail does not go to the demo outbox when SMTP is configured.
      const outbox = await page.request.get(`/wps/demo/inbox?to=${encodeURIComponent(account.email)}`, {
        headers: { Merchant: 'khelabd' },
      });
      expect((await outbox.json()).value.messages).toEqual([]);

      await page.getByTestId('btn-login').click();
      await page.getByTestId('input-username').fill(account.username);
      await page.getByTestId('input-password').fill(temporary as string);
      await page.getByTestId('btn-submit-login').click();
      const change = page.getByTestId('change-password-modal');
      await expect(change).toBeVisible();
      await expect(change.getByRole('heading')).toHaveText(
        'Change Password (First Login or Password Expired)',
      );
      // The temporary password was just proven by the login: it is not asked again.
      await expect(change.getByTestId('input-oldPassword')).toHaveCount(0);
      await change.getByTestId('input-newPassword').fill('Fresh5678');
      await change.getByTestId('input-confirmNewPassword').fill('Fresh5679');
      await change.getByTestId('btn-submit-change-password').click();
      await expect(change.getByTestId('error-confirmNewPassword')).toHaveText('Incorrect confirmation input');
      await change.getByTestId('input-confirmNewPassword').fill('Fresh5678');
      await change.getByTestId('btn-submit-change-password').click();
      await expect(change).toHaveCount(0);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('account-name')).toHaveText(account.username);
      account.password = 'Fresh5678';

      // The new password works for the next login.
      await page.getByTestId('account-menu-button').click();
      await page.getByTestId('account-logout').click();
      await page.getByTestId('logout-confirm').click();
      await page.getByTestId('btn-login').click();
      await page.getByTestId('input-username').fill(account.username);
      await page.getByTestId('input-password').fill(account.password);
      await page.getByTestId('btn-submit-login').click();
      await expect(page.getByTestId('account-name')).toHaveText(account.username);
      await expect(page.getByTestId('change-password-modal')).toHaveCount(0);
    });

    test('logs in with the mobile number and an SMS code; remember me survives a browser restart', async ({
      page,
      browser,
      extraHTTPHeaders,
    }) => {
      await useEnglish(page);
      await openLoginModal(page);
      await page.getByTestId('tab-sms').click();
      await page.getByTestId('input-mobileNum').fill(account.mobile.national);
      // The number had its registration code less than a minute ago, maybe.
      await waitForSmsSlot(page, account.smsAt);
      const since = Date.now();
      await page.getByTestId('btn-get-code').click();
      await page
        .getByTestId('input-verificationCode')
        .fill(await smsCode(page.request, account.mobile.e164, 'khelabd', since));
      await page.getByTestId('check-remember').check();
      await page.getByTestId('btn-submit-login').click();
      await expect(page.getByTestId('login-modal')).toHaveCount(0);
      await expect(page.getByTestId('account-name')).toHaveText(account.username);
      const remembered = await page.evaluate(() => window.localStorage.getItem('loginRemember') ?? '');
      expect(JSON.parse(remembered)).toMatchObject({
        kind: 'sms',
        name: account.mobile.national,
        dialCode: '+880',
      });
      expect(remembered).not.toMatch(/password/i);

      // A new browser with the same local storage (session storage is gone) is signed in again.
      const state = await page.context().storageState();
      const next = await browser.newContext({
        storageState: state,
        extraHTTPHeaders,
        viewport: test.info().project.use.viewport ?? null,
      });
      const again = await next.newPage();
      await again.addInitScript(() => {
        window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
        window.sessionStorage.setItem('USER_POPUP', 'closed');
      });
      await again.goto('/');
      await expect(again.getByTestId('account-name')).toHaveText(account.username);
      await next.close();
    });

    test('forgot password by phone: new password, logged in, home', async ({ page }) => {
      await useEnglish(page);
      await openLoginModal(page);
      await page.getByTestId('link-forget').click();
      const forget = page.getByTestId('forget-modal');
      await expect(forget.getByTestId('tab-mobile')).toHaveAttribute('aria-selected', 'true');
      await expect(forget.getByTestId('dial-code')).toHaveValue('+880');
      await forget.getByTestId('input-mobileNum').fill(byMobile.mobile.national);
      await waitForSmsSlot(page, byMobile.smsAt);
      const since = Date.now();
      await forget.getByTestId('btn-get-code').click();
      await forget
        .getByTestId('input-verificationCode')
        .fill(await smsCode(page.request, byMobile.mobile.e164, 'khelabd', since));
      await forget.getByTestId('input-newPassword').fill('Reset1234');
      await forget.getByTestId('btn-submit-forget').click();
      await expect(forget).toHaveCount(0);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('account-name')).toHaveText(byMobile.mobile.national);
    });
  });

test.describe('human verification (HUMANVERIF3)', () => {
  // Flags are per merchant: the India brand, so journeys on the default brand are not disturbed.
  // The demo brand keeps the flag off (ADR 018: the proof-of-work costs about a second or more per
  // call on the test machine); the journey turns it on on its worker's own server while it runs.
  const MERCHANT = 'khelain';
  test.use({ extraHTTPHeaders: addressPerProject('103.4.145.71', '103.4.145.72') });
  // Three proofs of work: about a second each on an idle core, but up to half a minute while the
  // whole suite shares the machine's two cores (ADR 018).
  test.describe.configure({ timeout: 300_000 });
  const PROOF = { timeout: 90_000 };

  // Desktop only: the proof-of-work is the same script at every width and nothing here is about
  // layout, and each run costs three proofs (the phone run was dropped, ADR 027).
  test('with the flag on, the server refuses login, registration and SMS codes without the proof-of-work; the page solves it and signs in and registers', async ({
    page,
    extraHTTPHeaders,
  }) => {
    const IP = ipOf(extraHTTPHeaders);
    const member = await registerMember(page.request, IP, { merchant: MERCHANT });
    const headers = { Merchant: MERCHANT, 'X-Forwarded-For': IP };
    await withModuleFlag(page.request, MERCHANT, 'HUMANVERIF3', async () => {
      // Straight to the API without a solved challenge (or with a made-up one): refused.
      for (const altcha of [undefined, Buffer.from('{}').toString('base64')]) {
        const login = await page.request.post('/wps/session/login', {
          headers,
          data: { username: member.username, password: member.password, ...(altcha ? { altcha } : {}) },
        });
        expect(login.status()).toBe(400);
        expect((await login.json()).errorCode).toBe('verification.required');
      }
      const code = await page.request.post('/wps/verification/sms/register', {
        headers,
        data: { mobileNo: '9876543210' },
      });
      expect(code.status()).toBe(400);
      expect((await code.json()).errorCode).toBe('verification.required');
      const username = newUsername('human');
      const registration = await page.request.put('/wps/member/register', {
        headers,
        data: {
          username,
          password: 'Human1234',
          confirmPassword: 'Human1234',
          mobileNum: '9876543210',
          verificationCode: '000000',
          termsAccepted: true,
          ageConfirmed: true,
        },
      });
      expect(registration.status()).toBe(400);
      expect((await registration.json()).errorCode).toBe('verification.required');

      // The page fetches a challenge and solves it before each of these calls.
      const challenges: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/wps/captcha/challenge') challenges.push(request.url());
      });
      await useEnglish(page, MERCHANT);
      await logInWithPassword(page, member.username, member.password);
      await expect(page.getByTestId('account-name')).toHaveText(member.username, PROOF);
      expect(challenges).toHaveLength(1);
      await page.getByTestId('account-menu-button').click();
      await page.getByTestId('account-logout').click();
      await page.getByTestId('logout-confirm').click();

      // Registration by username (with the SMS code, REGMOBVERF3): a proof for the code, one for the form.
      await page.getByTestId('btn-register').click();
      const modal = page.getByTestId('register-modal');
      const usernameTab = modal.getByTestId('tab-username');
      await expect(modal.getByTestId('input-mobileNum')).toBeVisible();
      if ((await usernameTab.count()) > 0) await usernameTab.click();
      const mobile = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      await modal.getByTestId('input-username').fill(username);
      await modal.getByTestId('input-mobileNum').fill(mobile);
      const codeSent = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/wps/verification/sms/register',
        PROOF,
      );
      await modal.getByTestId('btn-get-code').click();
      expect((await codeSent).status()).toBe(200);
      await modal
        .getByTestId('input-verificationCode')
        .fill(await smsCode(page.request, `+91${mobile}`, MERCHANT));
      expect(challenges).toHaveLength(2);
      await modal.getByTestId('input-password').fill('Human1234');
      await modal.getByTestId('input-confirmPassword').fill('Human1234');
      await modal.getByTestId('check-ageConfirmed').check();
      const registered = page.waitForResponse((r) => r.url().endsWith('/wps/member/register'), PROOF);
      await modal.getByTestId('btn-submit-register').click();
      expect((await registered).status()).toBe(200);
      await expect(page.getByTestId('account-name')).toHaveText(username, PROOF);
      expect(challenges).toHaveLength(3);
    });
  });
});
