import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { nextMail, smsCode } from './auth-inbox';
import { expect, openPage, test } from './fixtures';
import { MOBILE_PASSWORD, newBdMobile, registerByMobile } from './members';
import { withModuleFlag } from './module-flag';
import { saveShot } from './shots';
import { staffLogin } from './staff-api';

/**
 * Identity extensions (ADR 013, ADR 015): free play with the trial refusal, Google / Facebook
 * sign-in through the demo IdP (a real OIDC provider mounted at /demo-idp in demo mode), new-IP
 * verification by SMS code, authenticator code and bank account name, authenticator enrolment in
 * the security centre, the agent site (/agentHome) for agents and its refusal of other accounts,
 * and the forced password change at the first login of an account someone else made. Screens are
 * captured in BN and EN, light and dark, at the project's width (390 or 1440 px), and must not
 * scroll sideways.
 */

// The shared test machine is slow: staff TOTP steps and the OIDC redirects take their time.
test.describe.configure({ timeout: 120_000 });

const prepare = (
  page: Page,
  { language = 'en', theme = 'light' }: { language?: string; theme?: string } = {},
) =>
  page.addInitScript(
    ([lang, mode]) => {
      window.localStorage.setItem('hisLang', lang as string);
      window.localStorage.setItem('theme', mode as string);
    },
    [language, theme],
  );

const openLoginModal = async (page: Page) => {
  await openPage(page, '/', 'home');
  await page.getByTestId('btn-login').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
};

/** Signs in at the demo IdP's login page (any name and password). */
const signInAtIdp = async (page: Page, login: string) => {
  await expect(page).toHaveURL(/\/demo-idp\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
};

const shoot = (page: Page, name: string, project: string) =>
  saveShot(page, 'auth-extras', `${project}-${name}`);

test.describe('free play', () => {
  test('a trial account plays on demo credit and is asked to register for real-money actions', async ({
    page,
  }, info) => {
    await prepare(page);
    await openLoginModal(page);
    await expect(page.getByTestId('btn-free-play')).toBeVisible();
    await shoot(page, 'login-en-light', info.project.name);
    const created = page.waitForResponse((r) => r.url().endsWith('/wps/session/login/freeplay'));
    await page.getByTestId('btn-free-play').click();
    expect((await created).status()).toBe(200);
    await expect(page.getByTestId('login-modal')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('account-name')).toHaveText(/^guest\d{8}$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('isAgent'))).toBe('4');

    // The play money is real ledger money of the trial account.
    const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
    const balance = await page.request.get('/wps/v2/wallets/balance', {
      headers: { Authorization: token as string, Merchant: 'khelabd' },
    });
    expect(Number((await balance.json()).value.sumBalanceMinor)).toBeGreaterThan(0);

    // A deposit is a real-money action: refused, with the way to a real account.
    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('account-deposit').click();
    await expect(page.getByTestId('trial-notice')).toBeVisible();
    await expect(page.getByTestId('trial-notice-message')).toHaveText(
      'You are playing with a free trial account. Please register a real account first.',
    );
    await shoot(page, 'trial-en-light', info.project.name);
    await page.getByTestId('trial-register').click();
    await expect(page.getByTestId('register-modal')).toBeVisible();

    // The server refuses it too (403 in_need_true_account), whatever the page does.
    const refused = await page.request.post('/wps/relay/MCSFE_addFavoriteGameV2', {
      headers: { Authorization: token as string, Merchant: 'khelabd' },
      data: { gameId: 1 },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).errorCode).toBe('in_need_true_account');
  });

  test('the trial notice in Bangla, dark', { tag: '@phone' }, async ({ page }, info) => {
    await prepare(page, { language: 'bn', theme: 'dark' });
    await openLoginModal(page);
    await shoot(page, 'login-bn-dark', info.project.name);
    await page.getByTestId('btn-free-play').click();
    await expect(page.getByTestId('account-name')).toHaveText(/^guest\d{8}$/);
    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('account-withdrawal').click();
    await expect(page.getByTestId('trial-notice-message')).toHaveText(
      'আপনি একটি ফ্রি ট্রায়াল অ্যাকাউন্ট দিয়ে খেলছেন। অনুগ্রহ করে আগে একটি আসল অ্যাকাউন্ট নিবন্ধন করুন।',
    );
    await shoot(page, 'trial-bn-dark', info.project.name);
  });
});

test.describe('Google and Facebook sign-in (demo IdP)', () => {
  test('Google: the first sign-in creates an account, the next one signs the same account in', async ({
    page,
  }, info) => {
    await prepare(page);
    await openLoginModal(page);
    await page.getByTestId('btn-social-google').click();
    const login = `e2e${Math.random().toString(36).slice(2, 9)}`;
    await signInAtIdp(page, login);
    // Back on the site: the finish modal is a chunk of its own, fetched now.
    await expect(page.getByTestId('social-finish-modal')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('social-choose')).toContainText(`${login}@demo-idp.test`);
    await shoot(page, 'social-choose-en-light', info.project.name);
    await page.getByTestId('btn-social-create').click();
    await expect(page.getByTestId('social-finish-modal')).toHaveCount(0);
    await expect(page.getByTestId('account-name')).toHaveText(login);
    expect(new URL(page.url()).search).toBe('');

    // Sign out, then Google again: the IdP remembers the person, the account is found by its link.
    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('account-logout').click();
    await page.getByTestId('logout-confirm').click();
    await expect(page.getByTestId('btn-login')).toBeVisible();
    await page.getByTestId('btn-login').click();
    await page.getByTestId('btn-social-google').click();
    // The round trip through the IdP, then the finish chunk: slow on a busy machine.
    await expect(page.getByTestId('account-name')).toHaveText(login, { timeout: 30_000 });
  });

  test('Facebook: links an existing account with its password', async ({ page }, info) => {
    await prepare(page, { language: 'bn', theme: 'dark' });
    await openLoginModal(page);
    await page.getByTestId('btn-social-facebook').click();
    await signInAtIdp(page, `fb${Math.random().toString(36).slice(2, 9)}`);
    await expect(page.getByTestId('social-link-form')).toBeVisible({ timeout: 30_000 });
    await shoot(page, 'social-choose-bn-dark', info.project.name);
    // One downline account per project: a member links one Facebook account.
    const member = info.project.name === 'phone' ? 'team02' : 'team03';
    await page.getByTestId('input-linkUsername').fill(member);
    await page.getByTestId('input-linkPassword').fill('Demo1234');
    await page.getByTestId('btn-social-link').click();
    await expect(page.getByTestId('account-name')).toHaveText(member);
  });
});

/** The page is no wider than the window: nothing sticks out sideways. */
const expectNoOverflow = async (page: Page) => {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(sizes.scroll, 'horizontal overflow').toBeLessThanOrEqual(sizes.client);
};

/**
 * Turns LOGINIPVERF3 on for khelabd while `work` runs (the demo brand starts with it off), on the
 * worker's own server (e2e/servers.ts): no other journey logs in there meanwhile.
 */
const withIpVerification = (page: Page, work: () => Promise<void>) =>
  withModuleFlag(page.request, 'khelabd', 'LOGINIPVERF3', work);

const pageFrom = async (
  browser: Browser,
  ip: string,
  viewport: { width: number; height: number } | null,
  look: { language?: string; theme?: string } = {},
) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': ip },
    ...(viewport ? { viewport } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
    window.sessionStorage.setItem('USER_POPUP', 'closed');
  });
  await prepare(page, look);
  return page;
};

/** The newest SMS code to a number once it differs from `before` (the code of an earlier SMS). */
const nextSmsCode = async (page: Page, e164: string, before: string) => {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = await smsCode(page.request, e164);
    if (code !== before) return code;
    await page.waitForTimeout(150);
  }
  throw new Error(`no new SMS to ${e164}`);
};

/**
 * Types the credentials into a login form (the modal's, or `form`) and submits; answers the login
 * response.
 */
const submitLogin = async (page: Page, username: string, password: string, form = 'login-modal') => {
  const root = page.getByTestId(form);
  await root.getByTestId('input-username').fill(username);
  await root.getByTestId('input-password').fill(password);
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/wps/session/login') && r.request().method() === 'POST',
  );
  await root.getByTestId('btn-submit-login').click();
  return answer;
};

/** A login from a network the member never used: held, the verification step on screen. */
const heldLogin = async (page: Page, username: string) => {
  await openLoginModal(page);
  const held = await submitLogin(page, username, MOBILE_PASSWORD);
  expect(held.status()).toBe(403);
  await expect(page.getByTestId('ip-verify-form')).toBeVisible();
};

/** Each project (phone, desktop) its own addresses: registrations are limited per address. */
const ipOf = (project: string, base: string, n: number) => `${base}.${(project === 'phone' ? 100 : 0) + n}`;

/** What the new-IP screens say in each language. */
const IP_TEXT = {
  en: {
    bank: 'Bank account holder name',
    wrongName: 'This is not the account holder name of your payout account',
  },
  bn: {
    bank: 'ব্যাংক অ্যাকাউন্টধারীর নাম',
    wrongName: 'এটি আপনার পেআউট অ্যাকাউন্টের অ্যাকাউন্টধারীর নাম নয়',
  },
} as const;

const LOOKS = [
  { language: 'en', theme: 'light' },
  { language: 'bn', theme: 'dark' },
] as const;

// LOGINIPVERF3 is merchant-wide: while it is on, another journey's login from an address its member
// has not used would be asked to verify; each worker's server is its own, so none runs beside these.
test.describe('new-IP verification', () => {
  for (const look of LOOKS) {
    test(
      `${look.language}: a login from a network the member never used: the SMS code, sent when asked for`,
      { tag: '@phone' },
      async ({ page, browser }, info) => {
        const project = info.project.name;
        const n = look.language === 'en' ? 11 : 10;
        const home = ipOf(project, '103.4.147', n);
        const away = ipOf(project, '103.4.146', n + 10);
        const member = await registerByMobile(page.request, home);
        const registrationCode = await smsCode(page.request, member.mobile.e164);

        await withIpVerification(page, async () => {
          const other = await pageFrom(browser, away, info.project.use.viewport ?? null, look);
          await heldLogin(other, member.userName);
          // The member has a mobile only: one method, nothing sent until asked.
          await expect(other.getByTestId('ip-method-sms')).toContainText(member.mobile.e164.slice(-4));
          const sent = other.waitForResponse((r) => r.url().endsWith('/wps/session/login/verification/send'));
          await other.getByTestId('btn-ip-send').click();
          expect((await sent).status()).toBe(200);
          await expect(other.getByTestId('ip-verify-target')).toContainText(member.mobile.e164.slice(-4));
          await expect(other.getByTestId('btn-ip-send')).toBeDisabled();
          await shoot(other, `ip-verify-sms-${look.language}-${look.theme}`, project);
          await expectNoOverflow(other);
          await other
            .getByTestId('input-ipCode')
            .fill(await nextSmsCode(other, member.mobile.e164, registrationCode));
          const verified = other.waitForResponse((r) => r.url().endsWith('/wps/session/login/verification'));
          await other.getByTestId('btn-submit-ip-verify').click();
          const answer = await verified;
          expect(answer.status(), await answer.text()).toBe(200);
          await expect(other.getByTestId('login-modal')).toHaveCount(0);
          await expect(other.getByTestId('account-name')).toHaveText(member.userName, { timeout: 20_000 });
          await other.context().close();

          // From the address it registered from (known), no extra step.
          const known = await page.request.post('/wps/session/login', {
            headers: { Merchant: 'khelabd', 'X-Forwarded-For': home },
            data: { username: member.userName, password: MOBILE_PASSWORD },
          });
          expect(known.status()).toBe(200);
        });
      },
    );
  }

  test('a member with a mobile and an email confirms a new network with the code mailed to the test SMTP server', async ({
    page,
    browser,
  }, info) => {
    const project = info.project.name;
    const home = ipOf(project, '103.4.153', 60);
    const away = ipOf(project, '103.4.154', 60);
    // Registered by mobile with an email address, from `home`.
    const mobile = newBdMobile('017');
    const email = `ip${mobile.national}@example.com`;
    const headers = { Merchant: 'khelabd', 'X-Forwarded-For': home };
    const sent = await page.request.post('/wps/verification/sms/register', {
      headers,
      data: { mobileNo: mobile.national },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const registered = await page.request.put('/wps/member/register/mobile', {
      headers,
      data: {
        mobileNum: mobile.national,
        verificationCode: await smsCode(page.request, mobile.e164),
        password: MOBILE_PASSWORD,
        confirmPassword: MOBILE_PASSWORD,
        email,
        termsAccepted: true,
        ageConfirmed: true,
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const { userName } = (await registered.json()).value as { userName: string };

    await withIpVerification(page, async () => {
      const other = await pageFrom(browser, away, info.project.use.viewport ?? null, {
        language: 'en',
        theme: 'light',
      });
      await heldLogin(other, userName);
      await expect(other.getByTestId('ip-method-sms')).toBeVisible();
      const method = other.getByTestId('ip-method-email');
      // The address is masked: its first letter and its domain.
      await expect(method).toHaveText('Email code to i***@example.com');
      await method.click();
      const since = Date.now();
      const send = other.waitForResponse((r) => r.url().endsWith('/wps/session/login/verification/send'));
      await other.getByTestId('btn-ip-send').click();
      expect((await send).status()).toBe(200);
      await expect(other.getByTestId('ip-verify-target')).toContainText('i***@example.com');
      await shoot(other, 'ip-verify-email-en-light', project);
      await expectNoOverflow(other);

      // Sent over SMTP (SMTP_URL) and received by the capture server this run started.
      const mail = await nextMail(email, since);
      expect(mail.envelope).toEqual({ from: 'no-reply@khela.local', to: [email] });
      expect(mail.subject).toBe('Khela: sign-in from a new network');
      const code = /Code: (\d{6})/.exec(mail.text)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      // A wrong code first: refused on the field, the login still held.
      await other.getByTestId('input-ipCode').fill(code === '000000' ? '111111' : '000000');
      const refused = other.waitForResponse((r) => r.url().endsWith('/wps/session/login/verification'));
      await other.getByTestId('btn-submit-ip-verify').click();
      expect((await refused).status()).toBe(400);
      await expect(other.getByTestId('account-name')).toHaveCount(0);
      await other.getByTestId('input-ipCode').fill(code as string);
      const verified = other.waitForResponse((r) => r.url().endsWith('/wps/session/login/verification'));
      await other.getByTestId('btn-submit-ip-verify').click();
      expect((await verified).status()).toBe(200);
      await expect(other.getByTestId('account-name')).toHaveText(userName, { timeout: 20_000 });
      await other.context().close();
    });
  });

  for (const look of [
    { language: 'en', theme: 'light' },
    { language: 'bn', theme: 'dark' },
  ] as const) {
    test(`${look.language}: enrols an authenticator in the security centre, then confirms a new network with its code`, async ({
      page,
      browser,
    }, info) => {
      // Two browsers and the member centre: the longest journey of the file.
      test.setTimeout(180_000);
      const project = info.project.name;
      const n = look.language === 'en' ? 30 : 31;
      const home = ipOf(project, '103.4.148', n);
      const away = ipOf(project, '103.4.149', n);
      const member = await registerByMobile(page.request, home);
      const viewport = info.project.use.viewport ?? null;

      // At home: the security centre's authenticator card, QR code and key, a code confirms it.
      const mine = await pageFrom(browser, home, viewport, look);
      await openLoginModal(mine);
      expect((await submitLogin(mine, member.userName, MOBILE_PASSWORD)).status()).toBe(200);
      await expect(mine.getByTestId('account-name')).toHaveText(member.userName);
      await mine.goto('/?member=securityCenter');
      const card = mine.getByTestId('authenticator');
      await expect(card).toBeVisible({ timeout: 20_000 });
      await card.getByTestId('totp-start').click();
      await expect(card.getByTestId('totp-qr')).toBeVisible();
      const secret = (await card.getByTestId('totp-secret').getAttribute('data-secret')) as string;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await card.scrollIntoViewIfNeeded();
      await shoot(mine, `totp-enrol-${look.language}-${look.theme}`, project);
      await expectNoOverflow(mine);
      const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
      await card.getByTestId('input-totpCode').fill('000000');
      await card.getByTestId('totp-confirm').click();
      await expect(card.getByTestId('error-totpCode')).toBeVisible();
      await card.getByTestId('input-totpCode').fill(totp.generate());
      await card.getByTestId('totp-confirm').click();
      await expect(card.getByTestId('totp-on')).toBeVisible();
      await expect(card.getByTestId('totp-disable-form')).toBeVisible();
      await shoot(mine, `totp-on-${look.language}-${look.theme}`, project);
      await mine.context().close();

      await withIpVerification(page, async () => {
        const other = await pageFrom(browser, away, viewport, look);
        await heldLogin(other, member.userName);
        await expect(other.getByTestId('ip-method-sms')).toBeVisible();
        await expect(other.getByTestId('ip-method-totp')).toBeVisible();
        await other.getByTestId('ip-method-totp').click();
        await shoot(other, `ip-verify-totp-${look.language}-${look.theme}`, project);
        await expectNoOverflow(other);
        // The code of the next 30 s step: the enrolment spent the current one.
        await other.getByTestId('input-ipTotp').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
        const verified = other.waitForResponse((r) => r.url().endsWith('/wps/session/login/verification'));
        await other.getByTestId('btn-submit-ip-verify').click();
        expect((await verified).status()).toBe(200);
        await expect(other.getByTestId('account-name')).toHaveText(member.userName, { timeout: 20_000 });
        await other.context().close();
      });
    });
  }

  for (const look of LOOKS) {
    test(
      `${look.language}: confirms a new network with the holder name of the bound payout account`,
      { tag: '@phone' },
      async ({ page, browser }, info) => {
        const project = info.project.name;
        const n = look.language === 'en' ? 40 : 41;
        const home = ipOf(project, '103.4.150', n);
        const away = ipOf(project, '103.4.151', n);
        const member = await registerByMobile(page.request, home);
        const bound = await page.request.post('/wps/cashier/payout-account', {
          headers: { Merchant: 'khelabd', Authorization: member.token, 'X-Forwarded-For': home },
          data: { payeeName: 'Rahim Uddin', channel: 'BKASH', number: '01712345678' },
        });
        expect(bound.status(), await bound.text()).toBe(200);

        await withIpVerification(page, async () => {
          const other = await pageFrom(browser, away, info.project.use.viewport ?? null, look);
          await heldLogin(other, member.userName);
          await expect(other.getByTestId('ip-method-bank')).toHaveText(IP_TEXT[look.language].bank);
          await other.getByTestId('ip-method-bank').click();
          await other.getByTestId('input-ipAccountName').fill('Rahim Khan');
          await other.getByTestId('btn-submit-ip-verify').click();
          await expect(other.getByTestId('error-ipAccountName')).toHaveText(IP_TEXT[look.language].wrongName);
          await shoot(other, `ip-verify-bank-${look.language}-${look.theme}`, project);
          await expectNoOverflow(other);
          // Letter case and spacing do not matter.
          await other.getByTestId('input-ipAccountName').fill('  rahim   UDDIN ');
          const verified = other.waitForResponse((r) => r.url().endsWith('/wps/session/login/verification'));
          await other.getByTestId('btn-submit-ip-verify').click();
          expect((await verified).status()).toBe(200);
          await expect(other.getByTestId('account-name')).toHaveText(member.userName, { timeout: 20_000 });
          await other.context().close();
        });
      },
    );
  }
});

test.describe('the agent site (/agentHome)', () => {
  for (const look of [
    { language: 'en', theme: 'light' },
    { language: 'bn', theme: 'dark' },
  ] as const) {
    test(`${look.language}: an agent signs in there and sees the account and downline`, async ({
      page,
    }, info) => {
      const project = info.project.name;
      await prepare(page, look);
      await openPage(page, '/agentHome', 'agentHome');
      await expect(page.getByTestId('agent-login-form')).toBeVisible();
      // The agent form is username and password only.
      await expect(page.getByTestId('tab-sms')).toHaveCount(0);
      await expect(page.getByTestId('btn-free-play')).toHaveCount(0);
      await shoot(page, `agent-sign-in-${look.language}-${look.theme}`, project);
      await expectNoOverflow(page);
      const answer = await submitLogin(page, 'agent01', 'Agent1234', 'agent-login-form');
      expect(answer.status()).toBe(200);
      const dashboard = page.getByTestId('agent-dashboard');
      await expect(dashboard).toBeVisible();
      await expect(page).toHaveURL(/\/agentHome$/);
      await expect(dashboard.getByTestId('agent-account')).toHaveText('agent01');
      await expect(dashboard.getByTestId('agent-code')).toHaveText('AGENT01');
      await expect(dashboard.getByTestId('agent-invite-link')).toContainText(
        '/register?affiliateCode=AGENT01',
      );
      const rows = dashboard.getByTestId('agent-downline-row').filter({ visible: true });
      await expect(rows.filter({ hasText: 'team01' })).toHaveCount(1);
      await expect(dashboard.getByTestId('agency-centre')).toBeVisible();
      await shoot(page, `agent-home-${look.language}-${look.theme}`, project);
      await expectNoOverflow(page);

      // The header's agent centre leads here too.
      await page.goto('/');
      await page.getByTestId('account-menu-button').click();
      await page.getByTestId('account-agentCentre').click();
      await expect(page).toHaveURL(/\/agentHome$/);
      await expect(page.getByTestId('agent-dashboard')).toBeVisible();
    });

    test(`${look.language}: a member is refused there, signing in or signed in`, async ({
      page,
      browser,
    }, info) => {
      const project = info.project.name;
      const ip = ipOf(project, '103.4.152', look.language === 'en' ? 50 : 51);
      const member = await registerByMobile(page.request, ip);
      const visitor = await pageFrom(browser, ip, info.project.use.viewport ?? null, look);
      await openPage(visitor, '/agentHome', 'agentHome');
      const refused = await submitLogin(visitor, member.userName, MOBILE_PASSWORD, 'agent-login-form');
      expect(refused.status()).toBe(403);
      expect((await refused.json()).errorCode).toBe('login.not.agent');
      await expect(visitor.getByTestId('form-error')).toHaveText(
        look.language === 'en'
          ? 'Non-agents cannot log in to the agent site.'
          : 'এজেন্ট নন এমন কেউ এজেন্ট সাইটে লগ ইন করতে পারবেন না।',
      );
      // No session was opened.
      await expect(visitor.getByTestId('btn-login')).toBeVisible();
      expect(await visitor.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
      await shoot(visitor, `agent-refused-form-${look.language}-${look.theme}`, project);

      // Signed in on the member site, the agent site says no and links home.
      await visitor.getByTestId('btn-login').click();
      await expect(visitor.getByTestId('login-modal')).toBeVisible();
      expect((await submitLogin(visitor, member.userName, MOBILE_PASSWORD)).status()).toBe(200);
      await expect(visitor.getByTestId('account-name')).toHaveText(member.userName);
      await openPage(visitor, '/agentHome', 'agentHome');
      await expect(visitor.getByTestId('agent-refused')).toBeVisible();
      await shoot(visitor, `agent-refused-${look.language}-${look.theme}`, project);
      await expectNoOverflow(visitor);
      await visitor.getByTestId('agent-home-link').click();
      await expect(visitor).toHaveURL(/\/$/);
      await visitor.context().close();
    });
  }
});

test.describe('first login of an account someone else made', () => {
  test('a seeded downline account must choose a new password before anything else', async ({
    page,
  }, info) => {
    // One never-signed-in demo account per project (agent01 "made" them; see the README).
    const username = info.project.name === 'phone' ? 'fresh02' : 'fresh01';
    await prepare(page);
    await openLoginModal(page);
    const answer = await submitLogin(page, username, 'Demo1234');
    expect(await answer.json()).toMatchObject({ value: { firstTimeLogin: true, mustChangePassword: true } });
    const change = page.getByTestId('change-password-modal');
    await expect(change).toBeVisible();
    await expect(change.getByRole('heading')).toHaveText('Change Password (First Login or Password Expired)');
    // A first login also brings the brand's first-login announcement (notices, seeded for every
    // merchant): read it first. Its notices call can be slow on a loaded machine.
    const popup = page.getByTestId('notice-popup');
    const shown = await popup.waitFor({ state: 'visible', timeout: 20_000 }).then(
      () => true,
      () => false,
    );
    if (shown) {
      await popup.getByTestId('popup-close').click();
      await expect(popup).toHaveCount(0);
    }
    // The password was just proven by the login: it is not asked again.
    await expect(change.getByTestId('input-oldPassword')).toHaveCount(0);
    const token = (await page.evaluate(() => window.sessionStorage.getItem('token'))) as string;
    const refused = await page.request.get('/wps/v2/wallets/balance', {
      headers: { Authorization: token, Merchant: 'khelabd' },
    });
    expect((await refused.json()).errorCode).toBe('password.change.required');
    await expectNoOverflow(page);
    await change.getByTestId('input-newPassword').fill('Chosen5678');
    await change.getByTestId('input-confirmNewPassword').fill('Chosen5678');
    await change.getByTestId('btn-submit-change-password').click();
    await expect(change).toHaveCount(0);
    await expect(page.getByTestId('account-name')).toHaveText(username);
    const open = await page.request.get('/wps/v2/wallets/balance', {
      headers: { Authorization: token, Merchant: 'khelabd' },
    });
    expect(open.status()).toBe(200);

    // The next login is an ordinary one.
    const again = await page.request.post('/wps/session/login', {
      headers: { Merchant: 'khelabd' },
      data: { username, password: 'Chosen5678' },
    });
    expect((await again.json()).value).toMatchObject({ firstTimeLogin: false, mustChangePassword: false });
  });
});

test.describe('Google / Facebook sign-in per merchant (back office)', () => {
  test('an operator sets the India brand’s Google sign-in; the secret is never shown again @desktop', async ({
    page,
  }, info) => {
    const token = await staffLogin(page.request, 'owner');
    await page.addInitScript((value) => {
      window.sessionStorage.setItem('bo.token', value);
      window.localStorage.setItem('bo.merchant', 'khelain');
    }, token);
    const providers = async () =>
      (
        await (
          await page.request.get('/wps/session/social/providers', { headers: { Merchant: 'khelain' } })
        ).json()
      ).value as { provider: string; demo: boolean }[];
    expect(await providers()).toContainEqual({ provider: 'google', demo: true });

    await page.goto('/bo/settings/signIn');
    const google = page.getByTestId('social-google-state');
    await expect(google).toHaveText('Not set for this merchant: the server settings apply.');
    await page.getByTestId('social-google-issuer').fill('https://accounts.example.test');
    await page.getByTestId('social-google-client').fill('khelain-web');
    // A new provider needs its secret before it can be saved.
    await expect(page.getByTestId('social-google-save')).toBeDisabled();
    await page.getByTestId('social-google-secret').fill('e2e-client-secret-value');
    await page.getByTestId('social-google-save').click();
    await expect(google).toHaveText('Set for this merchant: on.');
    await expect(page.getByTestId('social-google-secret')).toHaveValue('');
    await shoot(page, 'bo-social-settings', info.project.name);
    await expectNoOverflow(page);
    const stored = await page.request.get('/bo/api/settings/social?merchant=khelain', {
      headers: { Authorization: token },
    });
    const text = await stored.text();
    expect(text).toContain('"clientSecretSet":true');
    expect(text).not.toContain('e2e-client-secret-value');
    // The India brand's players now get this Google client, not the demo IdP.
    expect(await providers()).toContainEqual({ provider: 'google', demo: false });

    // Back to the server's settings.
    await page.getByTestId('social-google-clear').click();
    await expect(google).toHaveText('Not set for this merchant: the server settings apply.');
    expect(await providers()).toContainEqual({ provider: 'google', demo: true });
  });
});
