import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, setModule, type TestApp } from '../../../test/helpers';
import type { App } from '../../app';
import { readOutbox } from '../messaging';
import { LOGINS_PER_MINUTE, TOTP_CALLS_PER_MINUTE } from './routes';
import { LOGIN_CHALLENGE_INTERVAL_MS, LOGIN_CHALLENGE_MAX_TRIES } from './service';
import { hashSessionToken, newSessionToken } from './sessions';
import { SOCIAL_COOKIE } from './social';
import * as store from './store';
import { createCaller, errorOf, lastSmsCode } from './test-support';
import { normaliseHolderName, sameHolderName } from './totp';

/**
 * Issue 3 gaps (ADR 015): new-IP verification by bank account name and by authenticator code,
 * members' authenticator enrolment, the agent site's sign-in and home, the first login of an
 * account someone else made, and the brand's dialling codes.
 */
let testApp: TestApp;
let app: App;
let db: TestApp['db'];
let clock = new Date('2026-06-01T08:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let call: ReturnType<typeof createCaller>;
let counter = 0;
let passwordHash = '';

beforeAll(async () => {
  testApp = await createTestApp({ now: () => clock, config: { HUMAN_VERIFICATION_COST: 1 } });
  app = testApp.app;
  db = testApp.db;
  call = createCaller(app);
  passwordHash = await app.services.identity.hasher.hash('Pass1234');
});

afterAll(async () => {
  await testApp?.close();
});

/** A member with password `Pass1234`, straight into the table (already signed in once unless told). */
const newMember = async (
  over: {
    mobile?: boolean;
    email?: boolean;
    type?: 0 | 1 | 2 | 4;
    uplineId?: number;
    neverSignedIn?: boolean;
  } = {},
) => {
  counter += 1;
  const username = `more${String(counter).padStart(4, '0')}`;
  return store.insertMember(db, {
    merchantCode: 'khelabd',
    username,
    mobile: over.mobile ? `+8801813${String(100000 + counter).padStart(6, '0')}` : null,
    email: over.email ? `${username}@example.com` : null,
    passwordHash,
    type: over.type ?? 0,
    uplineId: over.uplineId ?? null,
    nickname: username,
    now: clock,
    lastLoginAt: over.neverSignedIn ? null : new Date(clock.getTime() - 3600_000),
  });
};

const login = (username: string, ip: string, extra: Record<string, unknown> = {}) =>
  call({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password: 'Pass1234', ...extra },
    ip,
  });
const verify = (challengeId: string, method: string, answer: string, ip: string) =>
  call({
    method: 'POST',
    url: '/wps/session/login/verification',
    payload: { challengeId, method, answer },
    ip,
  });
const tokenOf = async (username: string, ip: string) => {
  const res = await login(username, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.token as string;
};
const totpCode = (secret: string, at = clock) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

/** Enrols an authenticator through the API; answers the secret. */
const enrol = async (token: string, ip: string) => {
  const started = await call({ method: 'POST', url: '/wps/member/totp/start', token, ip });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json().value as { secret: string };
  const confirmed = await call({
    method: 'POST',
    url: '/wps/member/totp/confirm',
    token,
    ip,
    payload: { code: totpCode(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return secret;
};

/** A first login from `home`, then a held one from `away`: the challenge. */
const holdFrom = async (username: string, home: string, away: string) => {
  expect((await login(username, home)).statusCode).toBe(200);
  const held = errorOf(await login(username, away));
  expect(held.errorCode).toBe('login.verification.required');
  return held.value as { challengeId: string; methods: { method: string; target: string | null }[] };
};

describe('holder names', () => {
  it('ignore letter case, spacing and Latin accents, never Bangla vowel signs', () => {
    expect(normaliseHolderName('  MD.   Rahím  Uddin ')).toBe('md. rahim uddin');
    expect(sameHolderName('k', 'Md Rahim', 'md  RAHIM')).toBe(true);
    expect(sameHolderName('k', 'José Ñuñez', 'jose nunez')).toBe(true);
    expect(sameHolderName('k', 'Md Rahim', 'Md Rahima')).toBe(false);
    // কমল and কামাল differ by a vowel sign (a combining mark): different names.
    expect(sameHolderName('k', 'কামাল', 'কমল')).toBe(false);
    expect(sameHolderName('k', 'কামাল', ' কামাল ')).toBe(true);
    expect(sameHolderName('k', 'x', '   ')).toBe(false);
  });
});

describe('new-IP verification: every method the member has', () => {
  it('offers the bank account name once a payout account is bound, and accepts it however it is typed', async () => {
    await setModule(app, 'khelabd', 'LOGINIPVERF3', true);
    try {
      const m = await newMember({ mobile: true, email: true });
      const token = await tokenOf(m.username, '10.70.0.1');
      const bound = await call({
        method: 'POST',
        url: '/wps/cashier/payout-account',
        token,
        ip: '10.70.0.1',
        payload: { payeeName: 'Md. Rahím Uddin', channel: 'BKASH', number: '01712345678' },
      });
      expect(bound.statusCode, bound.body).toBe(200);
      advance(LOGIN_CHALLENGE_INTERVAL_MS);

      const held = errorOf(await login(m.username, '10.70.0.2'));
      expect(held.errorCode).toBe('login.verification.required');
      const { challengeId, methods } = held.value as { challengeId: string; methods: unknown[] };
      expect(methods).toEqual([
        { method: 'sms', target: expect.stringMatching(/^\+880\*+\d{4}$/) },
        { method: 'email', target: `m***@example.com` },
        { method: 'bank', target: null },
      ]);
      // Nothing was sent to the phone or the mail box.
      await app.services.identity.settled();
      expect(await readOutbox(db, m.mobile as string)).toEqual([]);
      expect(await readOutbox(db, m.email as string)).toEqual([]);

      // A wrong name is refused as such and burns a try; a method not offered is refused without one.
      const wrong = errorOf(await verify(challengeId, 'bank', 'Md Rahim', '10.70.0.2'));
      expect(wrong.value).toEqual({ fields: { answer: { key: 'invalid_account_name' } } });
      expect(errorOf(await verify(challengeId, 'totp', '123456', '10.70.0.2')).value).toEqual({
        fields: { method: { key: 'verification_method_unavailable' } },
      });
      const ok = await verify(challengeId, 'bank', '  md. RAHIM   uddin ', '10.70.0.2');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().value).toMatchObject({ userName: m.username });
      const audit = await store.readAudit(db, 'khelabd', { memberId: m.id });
      expect(audit.at(-1)).toMatchObject({ event: 'login.success', detail: { method: 'password+ip.bank' } });
      expect(audit.some((a) => a.event === 'login.failure' && a.detail.reason === 'ip.bank')).toBe(true);
      // The right answer forgave the wrong one: no failure is left counted.
      expect(await store.readThrottle(db, 'khelabd', `m:${m.id}`)).toBeUndefined();
    } finally {
      await setModule(app, 'khelabd', 'LOGINIPVERF3', false);
    }
  });

  it('offers the authenticator once enrolled; a code is good once', async () => {
    await setModule(app, 'khelabd', 'LOGINIPVERF3', true);
    try {
      const m = await newMember();
      const token = await tokenOf(m.username, '10.71.0.1');
      const secret = await enrol(token, '10.71.0.1');

      const held = errorOf(await login(m.username, '10.71.0.2'));
      const { challengeId, methods } = held.value as { challengeId: string; methods: unknown[] };
      expect(methods).toEqual([{ method: 'totp', target: null }]);
      // The code that confirmed the enrolment (same time step) cannot be used again.
      expect(errorOf(await verify(challengeId, 'totp', totpCode(secret), '10.71.0.2')).value).toEqual({
        fields: { answer: { key: 'invalid_verification_code' } },
      });
      advance(30_000);
      const code = totpCode(secret);
      const ok = await verify(challengeId, 'totp', code, '10.71.0.2');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().value).toMatchObject({ userName: m.username });
    } finally {
      await setModule(app, 'khelabd', 'LOGINIPVERF3', false);
    }
  });

  it('shares the 5 tries between methods', async () => {
    await setModule(app, 'khelabd', 'LOGINIPVERF3', true);
    try {
      const m = await newMember({ mobile: true });
      const token = await tokenOf(m.username, '10.72.0.1');
      const secret = await enrol(token, '10.72.0.1');
      advance(LOGIN_CHALLENGE_INTERVAL_MS);
      const { challengeId, methods } = await holdFrom(m.username, '10.72.0.1', '10.72.0.2');
      expect(methods.map((x) => x.method)).toEqual(['sms', 'totp']);
      const sent = await call({
        method: 'POST',
        url: '/wps/session/login/verification/send',
        payload: { challengeId, method: 'sms' },
        ip: '10.72.0.2',
      });
      expect(sent.statusCode).toBe(200);
      for (let i = 0; i < LOGIN_CHALLENGE_MAX_TRIES; i += 1) {
        const method = i % 2 === 0 ? 'sms' : 'totp';
        expect((await verify(challengeId, method, '000000', '10.72.0.2')).statusCode).toBe(400);
      }
      advance(30_000);
      expect(errorOf(await verify(challengeId, 'totp', totpCode(secret), '10.72.0.2')).errorCode).toBe(
        'login.verification.expired',
      );
    } finally {
      await setModule(app, 'khelabd', 'LOGINIPVERF3', false);
    }
  });

  it('lets a member with no method through, and says so in the audit', async () => {
    await setModule(app, 'khelabd', 'LOGINIPVERF3', true);
    try {
      const m = await newMember();
      expect((await login(m.username, '10.73.0.1')).statusCode).toBe(200);
      const res = await login(m.username, '10.73.0.2');
      expect(res.statusCode, res.body).toBe(200);
      const audit = await store.readAudit(db, 'khelabd', { memberId: m.id });
      expect(audit.at(-1)).toMatchObject({
        event: 'login.success',
        ip: '10.73.0.2',
        detail: { ipVerification: 'no.method' },
      });
    } finally {
      await setModule(app, 'khelabd', 'LOGINIPVERF3', false);
    }
  });
});

describe('authenticator app (TOTP) of members', () => {
  it('enrols with a confirmed code, refuses a second enrolment, and turns off with password and code', async () => {
    const m = await newMember();
    const ip = '10.74.0.1';
    const token = await tokenOf(m.username, ip);
    const status = () => call({ method: 'GET', url: '/wps/member/totp', token, ip });
    expect((await status()).json().value).toEqual({ enabled: false, enabledAt: null });

    const started = (await call({ method: 'POST', url: '/wps/member/totp/start', token, ip })).json().value;
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUrl).toContain(`otpauth://totp/`);
    expect(started.otpauthUrl).toContain(`secret=${started.secret}`);
    expect(started.expiredMinutes).toBe(10);
    // A wrong code does not enrol.
    const wrong = await call({
      method: 'POST',
      url: '/wps/member/totp/confirm',
      token,
      ip,
      payload: { code: '000000' },
    });
    expect(errorOf(wrong).value).toEqual({ fields: { code: { key: 'invalid_verification_code' } } });
    const ok = await call({
      method: 'POST',
      url: '/wps/member/totp/confirm',
      token,
      ip,
      payload: { code: totpCode(started.secret) },
    });
    expect(ok.json().value).toEqual({ enabled: true, enabledAt: clock.getTime() });
    expect((await status()).json().value.enabled).toBe(true);
    expect(errorOf(await call({ method: 'POST', url: '/wps/member/totp/start', token, ip })).errorCode).toBe(
      'conflict',
    );

    // Off: a wrong password (counted towards the login lock), then a used code, then both right.
    const disable = (password: string, code: string) =>
      call({ method: 'POST', url: '/wps/member/totp/disable', token, ip, payload: { password, code } });
    advance(30_000);
    expect(errorOf(await disable('Wrong1234', totpCode(started.secret))).value).toEqual({
      fields: { password: { key: 'old_password_incorrect' } },
    });
    expect((await store.readThrottle(db, 'khelabd', `m:${m.id}`))?.failures).toBe(1);
    const code = totpCode(started.secret);
    const off = await disable('Pass1234', code);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value).toEqual({ enabled: false, enabledAt: null });
    const events = (await store.readAudit(db, 'khelabd', { memberId: m.id })).map((a) => a.event);
    expect(events).toEqual(expect.arrayContaining(['totp.enable', 'totp.disable']));
    expect(errorOf(await disable('Pass1234', code)).errorCode).toBe('conflict');
  });

  it('refuses a used code when turning off, an expired set-up, trial accounts and too many calls', async () => {
    const m = await newMember();
    const ip = '10.75.0.1';
    const token = await tokenOf(m.username, ip);
    const secret = await enrol(token, ip);
    // The confirming code's step is spent: turning off with it is refused.
    const replay = await call({
      method: 'POST',
      url: '/wps/member/totp/disable',
      token,
      ip,
      payload: { password: 'Pass1234', code: totpCode(secret) },
    });
    expect(errorOf(replay).value).toEqual({ fields: { code: { key: 'invalid_verification_code' } } });

    const other = await newMember();
    const otherToken = await tokenOf(other.username, '10.75.0.2');
    const started = (
      await call({ method: 'POST', url: '/wps/member/totp/start', token: otherToken, ip: '10.75.0.2' })
    ).json().value;
    advance(10 * 60_000 + 1000);
    const late = await call({
      method: 'POST',
      url: '/wps/member/totp/confirm',
      token: otherToken,
      ip: '10.75.0.2',
      payload: { code: totpCode(started.secret) },
    });
    expect(errorOf(late)).toMatchObject({ status: 400, errorCode: 'totp.enrol.expired' });

    const trial = (
      await call({ method: 'POST', url: '/wps/session/login/freeplay', payload: {}, ip: '10.75.0.3' })
    ).json().value.token as string;
    const refused = await call({
      method: 'POST',
      url: '/wps/member/totp/start',
      token: trial,
      ip: '10.75.0.3',
    });
    expect(refused.json()).toEqual(expectedError('in_need_true_account'));

    for (let i = 0; i < TOTP_CALLS_PER_MINUTE; i += 1)
      await call({
        method: 'POST',
        url: '/wps/member/totp/confirm',
        token: otherToken,
        ip: '10.75.0.4',
        payload: { code: '1' },
      });
    const limited = await call({
      method: 'POST',
      url: '/wps/member/totp/confirm',
      token: otherToken,
      ip: '10.75.0.4',
      payload: { code: '1' },
    });
    expect(errorOf(limited)).toMatchObject({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
  });
});

describe('the agent site', () => {
  it('signs an agent in, refuses a proven non-agent without a session, and answers a wrong password as ever', async () => {
    const agent = await login('agent01', '10.76.0.1', { password: 'Agent1234', site: 'agent' });
    expect(agent.statusCode, agent.body).toBe(200);
    expect(agent.json().value.customerType).toBe(1);

    const member = await store.findMemberByUsername(db, 'khelabd', 'team01');
    const sessionsBefore = await db
      .selectFrom('member_session')
      .select('token_hash')
      .where('member_id', '=', member?.id as number)
      .execute();
    const refused = await login('team01', '10.76.0.1', { password: 'Demo1234', site: 'agent' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(expectedError('login.not.agent'));
    const sessionsAfter = await db
      .selectFrom('member_session')
      .select('token_hash')
      .where('member_id', '=', member?.id as number)
      .execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    const audit = await store.readAudit(db, 'khelabd', { memberId: member?.id as number });
    expect(audit.at(-1)).toMatchObject({
      event: 'login.failure',
      detail: { reason: 'not.agent', site: 'agent', type: 0 },
    });
    // A wrong password says nothing about the account's type.
    const wrong = await login('team01', '10.76.0.1', { password: 'Wrong1234', site: 'agent' });
    expect(errorOf(wrong).errorCode).toBe('login.failed');
    // The member site takes every account type: agents included.
    expect((await login('agent01', '10.76.0.1', { password: 'Agent1234' })).statusCode).toBe(200);
  });

  it('shows the agent and the downline 15 a page; other accounts are refused', async () => {
    const agent = await newMember({ type: 2 });
    await db.updateTable('member').set({ agent_code: 'MORE2AG' }).where('id', '=', agent.id).execute();
    const downline = [];
    for (let i = 0; i < 16; i += 1) {
      downline.push(await newMember({ uplineId: agent.id, neverSignedIn: i === 0 }));
      advance(1000);
    }
    const token = (await login(agent.username, '10.77.0.1', { site: 'agent' })).json().value.token as string;
    const page = (n: number) =>
      call({ method: 'GET', url: `/wps/agent/home?page=${n}`, token, ip: '10.77.0.1' });
    const first = (await page(1)).json().value;
    expect(first).toMatchObject({
      account: agent.username,
      type: 2,
      affiliateCode: 'MORE2AG',
      upline: null,
      downline: { total: 16, page: 1, pageSize: 15 },
    });
    expect(first.downline.items).toHaveLength(15);
    // Newest first; join date and last login as stored.
    expect(first.downline.items[0]).toMatchObject({
      account: downline[15]?.username,
      regDate: downline[15]?.created_at.getTime(),
      lastLoginAt: expect.any(Number),
      status: 'active',
    });
    const second = (await page(2)).json().value;
    expect(second.downline.items).toEqual([
      expect.objectContaining({ account: downline[0]?.username, lastLoginAt: null }),
    ]);

    const memberToken = await tokenOf(downline[1]?.username as string, '10.77.0.2');
    const refused = await call({
      method: 'GET',
      url: '/wps/agent/home',
      token: memberToken,
      ip: '10.77.0.2',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(expectedError('login.not.agent'));
    expect((await call({ method: 'GET', url: '/wps/agent/home', ip: '10.77.0.2' })).statusCode).toBe(401);
  });
});

describe('first login of an account someone else made', () => {
  it('forces a password change before any other member call; afterwards it is an ordinary login', async () => {
    const m = await newMember({ neverSignedIn: true });
    const first = (await login(m.username, '10.78.0.1')).json().value;
    expect(first).toMatchObject({ firstTimeLogin: true, mustChangePassword: true });
    const balance = await call({ method: 'GET', url: '/wps/v2/wallets/balance', token: first.token });
    expect(balance.json()).toEqual(expectedError('password.change.required'));
    // A login before the change still says so.
    expect((await login(m.username, '10.78.0.1')).json().value).toMatchObject({
      firstTimeLogin: false,
      mustChangePassword: true,
    });
    const changed = await call({
      method: 'POST',
      url: '/wps/member/password',
      token: first.token,
      payload: { oldPassword: 'Pass1234', newPassword: 'Mine5678', confirmNewPassword: 'Mine5678' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      (await call({ method: 'GET', url: '/wps/v2/wallets/balance', token: first.token })).statusCode,
    ).toBe(200);
    const next = await call({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.username, password: 'Mine5678' },
      ip: '10.78.0.1',
    });
    expect(next.json().value).toMatchObject({ firstTimeLogin: false, mustChangePassword: false });
  });

  it('never applies to a self-registered member: registration was the first login', async () => {
    const mobileNum = '01914555001';
    const sent = await call({
      method: 'POST',
      url: '/wps/verification/sms/register',
      ip: '10.78.0.2',
      payload: { mobileNo: mobileNum },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const registered = await call({
      method: 'PUT',
      url: '/wps/member/register',
      ip: '10.78.0.2',
      payload: {
        username: 'selfmade01',
        password: 'Pass1234',
        confirmPassword: 'Pass1234',
        mobileNum,
        verificationCode: await lastSmsCode(app, db, '+8801914555001'),
        termsAccepted: true,
        ageConfirmed: true,
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().value).toMatchObject({ firstTimeLogin: false, mustChangePassword: false });
    const again = (await login('selfmade01', '10.78.0.2')).json().value;
    expect(again).toMatchObject({ firstTimeLogin: false, mustChangePassword: false });
    expect(
      (await call({ method: 'GET', url: '/wps/v2/wallets/balance', token: again.token })).statusCode,
    ).toBe(200);
  });
});

describe('dialling codes', () => {
  const refusal = { fields: { countryDialingCode: { key: 'dial_code_unsupported' } } };

  it("accepts only the brand's merchants' codes, with a field error for others", async () => {
    const ip = '10.79.0.1';
    const noLogin = (countryDialingCode: string) =>
      call({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        ip,
        payload: { mobileNum: '9812345678', countryDialingCode },
      });
    expect(errorOf(await noLogin('+1'))).toMatchObject({
      status: 400,
      errorCode: 'validation.failed',
      value: refusal,
    });
    // +91 is the brand's other merchant: a number there is a valid request on this merchant too.
    expect((await noLogin('+91')).statusCode).toBe(200);

    const registerCode = await call({
      method: 'POST',
      url: '/wps/verification/sms/register',
      ip,
      payload: { mobileNo: '7911123456', countryDialingCode: '+44' },
    });
    expect(errorOf(registerCode).value).toEqual(refusal);

    const register = await call({
      method: 'PUT',
      url: '/wps/member/register/mobile',
      ip,
      payload: {
        mobileNum: '7911123456',
        countryDialingCode: '+44',
        verificationCode: '123456',
        password: 'Pass1234',
        confirmPassword: 'Pass1234',
        termsAccepted: true,
        ageConfirmed: true,
      },
    });
    expect(errorOf(register).value?.fields).toMatchObject(refusal.fields);

    const smsLogin = await call({
      method: 'POST',
      url: '/wps/session/login',
      ip,
      payload: { type: 'sms', username: '2025550123', password: '123456', countryDialingCode: '+1' },
    });
    expect(errorOf(smsLogin).value).toEqual(refusal);

    const reset = await call({
      method: 'POST',
      url: '/wps/member/password/verification',
      ip,
      payload: {
        mobileNum: '2025550123',
        countryDialingCode: '+1',
        newPassword: 'Pass1234',
        verificationCode: '1',
      },
    });
    expect(errorOf(reset).value?.fields).toMatchObject(refusal.fields);
    // Nothing was sent or written for the refused numbers.
    await app.services.identity.settled();
    expect(await readOutbox(db, '+17911123456')).toEqual([]);
    expect(await readOutbox(db, '+447911123456')).toEqual([]);
  });
});

describe('Google/Facebook link: a password proven like a login', () => {
  /** A finished provider sign-in waiting for `finish` (what the callback leaves), and its cookie. */
  const signedInFlow = async (subject: string) => {
    const flowId = newSessionToken();
    await store.insertOidcFlow(db, {
      idHash: hashSessionToken(flowId),
      merchantCode: 'khelabd',
      provider: 'google',
      state: 's',
      nonce: 'n',
      codeVerifier: 'v',
      at: clock,
      expiresAt: new Date(clock.getTime() + 10 * 60_000),
    });
    await store.completeOidcFlow(db, hashSessionToken(flowId), {
      subject,
      email: null,
      name: null,
      at: clock,
    });
    return `${SOCIAL_COOKIE}=${flowId}`;
  };
  const finish = (cookie: string, ip: string, extra: Record<string, unknown> = {}) =>
    call({
      method: 'POST',
      url: '/wps/session/social/finish',
      cookie,
      ip,
      payload: { mode: 'link', ...extra },
    });
  const solved = async () => {
    const challenge = (await call({ method: 'GET', url: '/wps/captcha/challenge' })).json().value;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it('needs the human verification where HUMANVERIF3 is on', async () => {
    const m = await newMember();
    const cookie = await signedInFlow('link-human');
    await setModule(app, 'khelabd', 'HUMANVERIF3', true);
    try {
      const refused = await finish(cookie, '10.80.0.1', { username: m.username, password: 'Pass1234' });
      expect(errorOf(refused)).toMatchObject({ status: 400, errorCode: 'verification.required' });
      expect(await store.findSocialLink(db, 'khelabd', 'google', 'link-human')).toBeUndefined();
      const ok = await finish(cookie, '10.80.0.1', {
        username: m.username,
        password: 'Pass1234',
        altcha: await solved(),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().value).toMatchObject({ status: 'signedIn', login: { userName: m.username } });
      expect(await store.findSocialLink(db, 'khelabd', 'google', 'link-human')).toMatchObject({
        member_id: m.id,
      });
    } finally {
      await setModule(app, 'khelabd', 'HUMANVERIF3', false);
    }
  });

  it('counts with the logins of its IP', async () => {
    const cookie = await signedInFlow('link-limit');
    for (let i = 0; i < LOGINS_PER_MINUTE; i += 1)
      await call({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: `nobody${i}`, password: 'Wrong1234' },
        ip: '10.81.0.1',
      });
    const limited = await finish(cookie, '10.81.0.1', { username: 'demo01', password: 'Demo1234' });
    expect(errorOf(limited)).toMatchObject({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
    // Another address is not affected.
    const other = await finish(cookie, '10.81.0.2', { username: 'demo01', password: 'Wrong1234' });
    expect(errorOf(other).errorCode).toBe('login.failed');
  });
});
