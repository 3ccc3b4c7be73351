import { identityRoutes, type RouteDef } from '@khela/contract';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { CompactEncrypt, importJWK } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, setModule as setModuleOf, type TestApp } from '../../../test/helpers';
import { type App, buildApp } from '../../app';
import { seedDemoAccounts } from '../../db/seed/demo-accounts';
import { createAuthGuard } from './routes';
import { LOGIN_LOCK_MS } from './service';
import { SESSION_ABSOLUTE_MS } from './sessions';
import * as store from './store';
import { captchaAnswer, captchaCookieOf, lastSmsCode } from './test-support';

/** One database and app for the file; every test uses its own accounts and its own client IP. */
let testApp: TestApp;
let app: App;
let database: TestApp['database'];
let clock = new Date('2026-03-01T08:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let ipCounter = 0;
const newIp = () => {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
let nameCounter = 0;
const newName = (prefix = 'user') => {
  nameCounter += 1;
  return `${prefix}${String(nameCounter).padStart(4, '0')}`;
};
let mobileCounter = 0;
/** Valid Bangladeshi mobile numbers (the 017 range), national form with the trunk 0. */
const newMobile = () => {
  mobileCounter += 1;
  return `0171${String(2000000 + mobileCounter).padStart(7, '0')}`;
};

beforeAll(async () => {
  testApp = await createTestApp({ now: () => clock });
  app = testApp.app;
  database = testApp.database;
});

afterAll(async () => {
  await testApp?.close();
});

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  token?: string;
  ip?: string;
  merchant?: string;
  cookie?: string;
};
const call = ({ method, url, payload, token, ip, merchant, cookie }: Call) =>
  app.inject({
    method,
    url,
    remoteAddress: ip ?? newIp(),
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(merchant ? { merchant } : {}),
      ...(cookie ? { cookie } : {}),
      'user-agent': 'vitest',
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const registration = (over: Record<string, unknown> = {}) => ({
  username: newName(),
  password: 'Pass1234',
  confirmPassword: 'Pass1234',
  mobileNum: newMobile(),
  termsAccepted: true,
  ageConfirmed: true,
  ...over,
});

const DIAL: Record<string, string> = { khelabd: '+880', khelain: '+91' };
const e164Of = (mobileNum: string, merchant = 'khelabd') => `${DIAL[merchant]}${mobileNum.replace(/^0/, '')}`;

/** Asks a registration SMS code for the number and reads it from the outbox. */
const registrationCode = async (mobileNum: string, merchant = 'khelabd') => {
  const res = await call({
    method: 'POST',
    url: '/wps/verification/sms/register',
    payload: { mobileNo: mobileNum },
    merchant,
  });
  expect(res.statusCode, res.body).toBe(200);
  return lastSmsCode(app, database.db, e164Of(mobileNum, merchant));
};

/** A registration body with the SMS code of its number. */
const withCode = async <B extends Record<string, unknown>>(body: B, merchant = 'khelabd') => ({
  ...body,
  verificationCode: await registrationCode(String(body.mobileNum), merchant),
});

/** A captcha cookie and its digits. */
const solvedCaptcha = async (ip?: string) => {
  const res = await call({ method: 'GET', url: '/wps/captcha', ...(ip ? { ip } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = captchaCookieOf(res) as string;
  return { cookie, captcha: (await captchaAnswer(database.db, cookie)) as string };
};

const register = async (over: Record<string, unknown> = {}) => {
  const body = await withCode(registration(over));
  const res = await call({ method: 'PUT', url: '/wps/member/register', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return { body, value: res.json().value as { token: string; id: number; userName: string } };
};

const login = (username: string, password: string, ip?: string, merchant?: string) =>
  call({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password },
    ...(ip ? { ip } : {}),
    ...(merchant ? { merchant } : {}),
  });

/** A login with any body and, when given, the captcha cookie. */
const loginWith = (payload: Record<string, unknown>, cookie?: string, ip?: string) =>
  call({
    method: 'POST',
    url: '/wps/session/login',
    payload,
    ...(cookie ? { cookie } : {}),
    ...(ip ? { ip } : {}),
  });

/** A password login that brings a solved captcha (needed from the 5th failure on). */
const loginSolved = async (username: string, password: string, ip?: string) => {
  const { cookie, captcha } = await solvedCaptcha(ip);
  return loginWith({ username, password, captcha }, cookie, ip);
};

const info = (token?: string) =>
  call({ method: 'GET', url: '/wps/member/info', ...(token ? { token } : {}) });

const errorOf = (res: LightMyRequestResponse) => {
  const body = res.json();
  return {
    status: res.statusCode,
    errorCode: body.errorCode as string,
    value: body.value as Record<string, unknown> | undefined,
  };
};

const memberCount = async () =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM member`.execute(database.db)).rows[0]?.n);

const setModule = (merchant: string, modId: string, enabled: boolean) =>
  setModuleOf(app, merchant, modId, enabled);

describe('registration', () => {
  it('registers by username, signs the person in and stores only hashes', async () => {
    const { body, value } = await register({
      email: 'reg@example.com',
      payeeName: 'Rahim Uddin',
      whatsapp: '8801712345678',
    });
    expect(value).toMatchObject({
      userName: body.username,
      firstTimeLogin: false,
      passwordExpired: false,
      customerType: 0,
    });
    expect(value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await store.findMemberById(database.db, value.id);
    expect(row).toMatchObject({
      username: body.username,
      email: 'reg@example.com',
      payee_name: 'Rahim Uddin',
      whatsapp: '8801712345678',
      type: 0,
      status: 'active',
    });
    expect(row?.mobile).toMatch(/^\+8801712\d{6}$/);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await database.db
      .selectFrom('member_session')
      .selectAll()
      .where('member_id', '=', value.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.token_hash).not.toBe(value.token);
    const me = await info(value.token);
    expect(me.json().value).toMatchObject({ id: value.id, account: body.username, type: 0 });
  });

  it('registers by mobile number: the username is the national number as typed, its 0 kept', async () => {
    const mobileNum = newMobile();
    const res = await call({
      method: 'PUT',
      url: '/wps/member/register/mobile',
      payload: await withCode({
        mobileNum,
        countryDialingCode: '+880',
        password: 'Pass1234',
        confirmPassword: 'Pass1234',
        termsAccepted: true,
        ageConfirmed: true,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(mobileNum.startsWith('0')).toBe(true);
    expect(res.json().value.userName).toBe(mobileNum);
    // The number logs in in any usual spelling.
    expect((await login(`+880${mobileNum.slice(1)}`, 'Pass1234')).statusCode).toBe(200);
    expect((await login(mobileNum, 'Pass1234')).statusCode).toBe(200);
  });

  const refusals: [string, Record<string, unknown>, string, Record<string, unknown>][] = [
    [
      'username breaking its pattern',
      { username: '1player' },
      'username',
      { key: 'reg_pattern_1', min: 6, max: 12 },
    ],
    ['username too short', { username: 'ab1' }, 'username', { key: 'reg_pattern_1', min: 6, max: 12 }],
    ['username missing', { username: '' }, 'username', { key: 'reg_pattern_1', min: 6, max: 12 }],
    [
      'password breaking its rule',
      { password: 'pass-12', confirmPassword: 'pass-12' },
      'password',
      { key: 'error_password', min: 6, max: 12 },
    ],
    [
      'password too long',
      { password: 'a'.repeat(13), confirmPassword: 'a'.repeat(13) },
      'password',
      { key: 'error_password', min: 6, max: 12 },
    ],
    [
      'confirmation differing',
      { confirmPassword: 'Pass12345' },
      'confirmPassword',
      { key: 'inconsistent_twice' },
    ],
    ['email malformed', { email: 'not-an-email' }, 'email', { key: 'reg_pattern_3', min: 6, max: 60 }],
    ['payee name with digits', { payeeName: 'R2D2' }, 'payeeName', { key: 'reg_pattern_8', min: 2, max: 40 }],
    [
      'mobile number missing (required by the brand)',
      { mobileNum: '' },
      'mobileNum',
      { key: 'reg_pattern_6', min: 8, max: 11 },
    ],
    [
      'mobile number not a mobile of the country',
      { mobileNum: '01012345678' },
      'mobileNum',
      { key: 'invalid_mobile_number' },
    ],
    ['terms not accepted', { termsAccepted: false }, 'termsAccepted', { key: 'terms_required' }],
    ['age not confirmed', { ageConfirmed: undefined }, 'ageConfirmed', { key: 'age_required' }],
  ];
  it.each(refusals)('refuses %s with its key and writes nothing', async (_name, over, field, expected) => {
    const before = await memberCount();
    const res = await call({ method: 'PUT', url: '/wps/member/register', payload: registration(over) });
    expect(errorOf(res)).toEqual({
      status: 400,
      errorCode: 'validation.failed',
      value: { fields: { [field]: expected } },
    });
    expect(await memberCount()).toBe(before);
  });

  it('checks optional fields the brand makes required, and the payment password when shown', async () => {
    const site = app.services.site;
    const original = site.settingsOf('khelabd').register;
    await site.updateSetting('khelabd', 'register', {
      ...original,
      qqNum: { ...original.qqNum!, enabled: true, required: true },
      paymentPassword: { ...original.paymentPassword!, enabled: true },
    });
    try {
      const before = await memberCount();
      const res = await call({ method: 'PUT', url: '/wps/member/register', payload: registration() });
      expect(errorOf(res).value).toEqual({
        fields: {
          qqNum: { key: 'reg_pattern_6', min: 5, max: 12 },
          paymentPassword: { key: 'reg_pattern_6', min: 6, max: 6 },
        },
      });
      expect(await memberCount()).toBe(before);
      const { value } = await register({ qqNum: '123456', paymentPassword: '246810' });
      const row = await store.findMemberById(database.db, value.id);
      expect(row?.qq).toBe('123456');
      expect(row?.payment_password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await site.updateSetting('khelabd', 'register', original);
    }
  });

  it('refuses a username taken in any letter case, and a mobile number taken', async () => {
    const { body } = await register({ username: newName('Taken') });
    const again = await call({
      method: 'PUT',
      url: '/wps/member/register',
      payload: registration({ username: body.username.toLowerCase() }),
    });
    expect(errorOf(again)).toEqual({
      status: 409,
      errorCode: 'conflict',
      value: { fields: { username: { key: 'username_exists' } } },
    });
    const sameMobile = await call({
      method: 'PUT',
      url: '/wps/member/register/mobile',
      payload: {
        mobileNum: body.mobileNum,
        password: 'Pass1234',
        confirmPassword: 'Pass1234',
        termsAccepted: true,
        ageConfirmed: true,
      },
    });
    expect(errorOf(sameMobile)).toEqual({
      status: 409,
      errorCode: 'conflict',
      value: { fields: { mobileNum: { key: 'mobile_exists' } } },
    });
  });

  it('the same username may exist once per merchant', async () => {
    const username = newName();
    await register({ username });
    const other = await call({
      method: 'PUT',
      url: '/wps/member/register',
      merchant: 'khelain',
      payload: await withCode(registration({ username, mobileNum: '9812300000' }), 'khelain'),
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('answers function.not.available when the registration module is off', async () => {
    await setModule('khelain', 'USERNAMEREG3', false);
    try {
      const res = await call({
        method: 'PUT',
        url: '/wps/member/register',
        merchant: 'khelain',
        payload: registration(),
      });
      expect(errorOf(res)).toMatchObject({ status: 403, errorCode: 'function.not.available' });
    } finally {
      await setModule('khelain', 'USERNAMEREG3', true);
    }
    await setModule('khelain', 'REG3', false);
    try {
      const res = await call({
        method: 'PUT',
        url: '/wps/member/register/mobile',
        merchant: 'khelain',
        payload: registration(),
      });
      expect(errorOf(res)).toMatchObject({ status: 403, errorCode: 'function.not.available' });
    } finally {
      await setModule('khelain', 'REG3', true);
    }
  });

  it('allows 5 registrations an hour per IP across both calls, then answers 429', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const url = i % 2 === 0 ? '/wps/member/register' : '/wps/member/register/mobile';
      statuses.push((await call({ method: 'PUT', url, ip, payload: {} })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const res = await call({ method: 'PUT', url: '/wps/member/register', ip, payload: registration() });
    expect(errorOf(res)).toMatchObject({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
    expect(Number(errorOf(res).value?.retryAfter)).toBeGreaterThan(3000);
    // Another address is not affected.
    expect((await call({ method: 'PUT', url: '/wps/member/register', payload: {} })).statusCode).toBe(400);
  });
});

describe('login', () => {
  it('signs in with trimmed username and password and answers the login info', async () => {
    const { body, value } = await register();
    const res = await login(`  ${body.username.toUpperCase()} `, ' Pass1234  ');
    expect(res.statusCode, res.body).toBe(200);
    const loginValue = res.json().value;
    expect(loginValue).toMatchObject({
      id: value.id,
      userName: body.username,
      firstTimeLogin: false,
      passwordExpired: false,
      customerType: 0,
    });
    expect(loginValue.token).not.toBe(value.token);
    expect((await info(loginValue.token)).json().value.id).toBe(value.id);
  });

  it('says firstTimeLogin for an account never signed in, and passwordExpired after 90 days', async () => {
    const hasher = app.services.identity.hasher;
    const member = await store.insertMember(database.db, {
      merchantCode: 'khelabd',
      username: newName('fresh'),
      mobile: null,
      email: null,
      passwordHash: await hasher.hash('Pass1234'),
      type: 0,
      uplineId: null,
      nickname: 'fresh',
      now: new Date(clock.getTime() - 91 * 24 * 3600_000),
      lastLoginAt: null,
    });
    const first = (await login(member.username, 'Pass1234')).json().value;
    expect(first).toMatchObject({ firstTimeLogin: true, passwordExpired: true });
    expect((await login(member.username, 'Pass1234')).json().value.firstTimeLogin).toBe(false);
  });

  it('gives one answer for a wrong password and for an unknown user', async () => {
    const { body } = await register();
    const wrong = await login(body.username, 'Wrong1234');
    const unknown = await login(newName('ghost'), 'Wrong1234');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(errorOf(wrong)).toEqual({ status: 401, errorCode: 'login.failed', value: { captcha: false } });
  });

  it('refuses an empty username or password as a validation error', async () => {
    const res = await call({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: '   ', password: 'x' },
    });
    expect(errorOf(res)).toMatchObject({ status: 400, errorCode: 'validation.failed' });
  });

  it('asks for a captcha from the 5th failure on, for known and unknown accounts alike', async () => {
    const { body } = await register();
    const ghost = newName('ghost');
    for (let i = 1; i <= 5; i += 1) {
      const known = await login(body.username, `Wrong${i}x`);
      const unknown = await login(ghost, `Wrong${i}x`);
      expect(known.body).toBe(unknown.body);
      expect(errorOf(known)).toEqual({ status: 401, errorCode: 'login.failed', value: { captcha: i >= 5 } });
    }
    // From now on a try without the captcha, or with a wrong one, is refused before the password is checked.
    const without = await login(body.username, 'Pass1234');
    expect(errorOf(without)).toEqual({ status: 400, errorCode: 'captcha.invalid', value: { captcha: true } });
    expect(without.body).toBe((await login(ghost, 'Pass1234')).body);
    const wrong = await solvedCaptcha();
    const wrongDigits = wrong.captcha === '0000' ? '1111' : '0000';
    expect(
      errorOf(
        await loginWith(
          { username: body.username, password: 'Pass1234', captcha: wrongDigits },
          wrong.cookie,
        ),
      ),
    ).toMatchObject({ status: 400, errorCode: 'captcha.invalid' });
    // A captcha answers once: the right digits after a wrong try are refused too.
    expect(
      errorOf(
        await loginWith(
          { username: body.username, password: 'Pass1234', captcha: wrong.captcha },
          wrong.cookie,
        ),
      ),
    ).toMatchObject({ status: 400, errorCode: 'captcha.invalid' });
    // With a solved captcha the wrong password still counts, and the right one gets in.
    const sixth = await solvedCaptcha();
    expect(
      errorOf(
        await loginWith(
          { username: body.username, password: 'Wrong6x', captcha: sixth.captcha },
          sixth.cookie,
        ),
      ),
    ).toEqual({ status: 401, errorCode: 'login.failed', value: { captcha: true } });
    const solved = await solvedCaptcha();
    const ok = await loginWith(
      { username: body.username, password: 'Pass1234', captcha: solved.captcha },
      solved.cookie,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    // A success clears the count.
    expect(errorOf(await login(body.username, 'nope123'))).toMatchObject({ value: { captcha: false } });
  });

  it('locks password login for 15 minutes at the 10th failure, then lets the right password in', async () => {
    const { body, value } = await register();
    const ip = newIp();
    for (let i = 1; i <= 9; i += 1)
      expect((await loginSolved(body.username, 'Wrong999', newIp())).statusCode).toBe(401);
    const tenth = await loginSolved(body.username, 'Wrong999', newIp());
    expect(errorOf(tenth)).toEqual({
      status: 423,
      errorCode: 'login.locked',
      value: { captcha: true, retryAfter: LOGIN_LOCK_MS / 1000 },
    });
    // Locked: even the right password is refused, and an unknown user locked the same way answers the same.
    const right = await login(body.username, 'Pass1234', ip);
    expect(errorOf(right)).toMatchObject({ status: 423, errorCode: 'login.locked' });
    // The lock does not sign the member out of sessions already open.
    expect((await info(value.token)).json().value.id).toBe(value.id);
    advance(LOGIN_LOCK_MS - 1000);
    expect((await login(body.username, 'Pass1234', newIp())).statusCode).toBe(423);
    advance(2000);
    expect((await login(body.username, 'Pass1234', newIp())).statusCode).toBe(200);
    expect(errorOf(await login(body.username, 'Wrong999', newIp())).value).toEqual({ captcha: false });
  });

  it('locks an unknown username exactly like a known one', async () => {
    const ghost = newName('ghost');
    const ip = newIp();
    let last: LightMyRequestResponse | undefined;
    for (let i = 1; i <= 10; i += 1) last = await loginSolved(ghost, 'Wrong999', i <= 5 ? ip : newIp());
    expect(errorOf(last!)).toEqual({
      status: 423,
      errorCode: 'login.locked',
      value: { captcha: true, retryAfter: LOGIN_LOCK_MS / 1000 },
    });
  });

  it('allows 20 login calls a minute per IP, then answers 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await call({ method: 'POST', url: '/wps/session/login', ip, payload: {} })).statusCode).toBe(
        400,
      );
    }
    const res = await call({
      method: 'POST',
      url: '/wps/session/login',
      ip,
      payload: { username: 'demo01', password: 'Demo1234' },
    });
    expect(errorOf(res)).toMatchObject({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('refuses a locked account and a session of another merchant', async () => {
    const { body, value } = await register();
    expect((await info(value.token)).statusCode).toBe(200);
    const other = await call({
      method: 'GET',
      url: '/wps/member/info',
      token: value.token,
      merchant: 'khelain',
    });
    expect(errorOf(other)).toMatchObject({ status: 401, errorCode: 'login.not.session' });
    const remembered = (
      await loginWith({ username: body.username, password: 'Pass1234', remember: true })
    ).json().value as { token: string; rememberToken: string };
    await app.services.identity.lockAccount(
      { merchant: app.services.site.defaultMerchant(), ip: '127.0.0.1', userAgent: 'operator' },
      value.id,
      'test',
    );
    // Every session and remember-me token of the account ends.
    for (const token of [value.token, remembered.token])
      expect(errorOf(await info(token))).toMatchObject({ status: 401, errorCode: 'login.not.session' });
    expect(
      errorOf(
        await call({
          method: 'POST',
          url: '/wps/session/remember',
          payload: { rememberToken: remembered.rememberToken },
        }),
      ).status,
    ).toBe(401);
    expect(errorOf(await login(body.username, 'Pass1234'))).toMatchObject({
      status: 403,
      errorCode: 'account.locked',
    });
    const events = (await store.readAudit(database.db, 'khelabd', { memberId: value.id })).map(
      (e) => e.event,
    );
    expect(events).toContain('account.locked');
  });

  it('signs in the demo accounts', async () => {
    for (const [username, password, type] of [
      ['demo01', 'Demo1234', 0],
      ['01712345678', 'Demo1234', 0],
      ['agent01', 'Agent1234', 1],
      ['team01', 'Demo1234', 0],
    ] as const) {
      const res = await login(username, password);
      expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
      expect(res.json().value).toMatchObject({ customerType: type, firstTimeLogin: false });
    }
    // agent01's downline accounts that never signed in: the first login forces a new password.
    const fresh = await login('fresh01', 'Demo1234');
    expect(fresh.json().value).toMatchObject({ firstTimeLogin: true, mustChangePassword: true });
    const agent = await store.findMemberByUsername(database.db, 'khelabd', 'agent01');
    const downline = await database.db
      .selectFrom('member')
      .select('username')
      .where('upline_id', '=', agent!.id)
      .execute();
    expect(downline.map((d) => d.username).sort()).toEqual([
      'crew01',
      'fresh01',
      'fresh02',
      'team01',
      'team02',
      'team03',
    ]);
  });

  it('refuses to seed demo accounts outside demo mode', async () => {
    const before = await memberCount();
    await expect(seedDemoAccounts(database.db, ['khelabd'], 'production')).rejects.toThrow(/demo mode only/);
    expect(await memberCount()).toBe(before);
  });
});

describe('sessions', () => {
  it('member info: empty without a token, the member with one, 401 with a bad one', async () => {
    const anonymous = await info();
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ success: true, value: {} });
    const { body, value } = await register();
    expect((await info(value.token)).json().value).toEqual({
      id: value.id,
      account: body.username,
      nickname: body.username,
      type: 0,
      clubLabel: null,
      regDate: clock.getTime(),
      mobile: `+880******${body.mobileNum.slice(-4)}`,
    });
    expect(errorOf(await info('not-a-token'))).toMatchObject({ status: 401, errorCode: 'login.not.session' });
    expect(errorOf(await info(`Bearer ${value.token}`))).toMatchObject({
      status: 401,
      errorCode: 'login.not.session',
    });
  });

  it('slides the 30-minute idle expiry with each use', async () => {
    const { value } = await register();
    advance(29 * 60_000);
    expect((await info(value.token)).statusCode).toBe(200);
    advance(29 * 60_000);
    expect((await info(value.token)).statusCode).toBe(200);
    advance(30 * 60_000);
    expect(errorOf(await info(value.token))).toMatchObject({ status: 401, errorCode: 'login.not.session' });
  });

  it('ends a session 24 hours after it began however busy it is', async () => {
    const { value } = await register();
    const started = clock.getTime();
    while (clock.getTime() + 25 * 60_000 < started + SESSION_ABSOLUTE_MS) {
      advance(25 * 60_000);
      expect((await info(value.token)).statusCode).toBe(200);
    }
    clock = new Date(started + SESSION_ABSOLUTE_MS);
    expect(errorOf(await info(value.token))).toMatchObject({ status: 401, errorCode: 'login.not.session' });
  });

  it('logout (POST or DELETE) revokes every session and remember-me token of the member', async () => {
    const { body, value } = await register();
    const other = await register();
    const second = (await login(body.username, 'Pass1234')).json().value.token as string;
    const remembered = (
      await loginWith({ username: body.username, password: 'Pass1234', remember: true })
    ).json().value as { token: string; rememberToken: string };
    const remember = (rememberToken: string) =>
      call({ method: 'POST', url: '/wps/session/remember', payload: { rememberToken } });

    const out = await call({ method: 'POST', url: '/wps/session/logout', token: value.token });
    expect(out.json()).toEqual({ success: true, value: null });
    for (const token of [value.token, second, remembered.token])
      expect(errorOf(await info(token))).toMatchObject({ status: 401, errorCode: 'login.not.session' });
    expect(errorOf(await remember(remembered.rememberToken))).toMatchObject({
      status: 401,
      errorCode: 'login.not.session',
    });
    // Another member's session is untouched.
    expect((await info(other.value.token)).statusCode).toBe(200);
    const audit = (await store.readAudit(database.db, 'khelabd', { memberId: value.id })).find(
      (e) => e.event === 'logout',
    );
    expect(audit?.detail).toMatchObject({ sessionsRevoked: 3 });

    // DELETE does the same; a revoked or missing token is refused.
    const again = (await login(body.username, 'Pass1234')).json().value.token as string;
    const third = (await login(body.username, 'Pass1234')).json().value.token as string;
    expect((await call({ method: 'DELETE', url: '/wps/session/logout', token: again })).statusCode).toBe(200);
    expect((await info(third)).statusCode).toBe(401);
    expect(errorOf(await call({ method: 'DELETE', url: '/wps/session/logout', token: again }))).toMatchObject(
      {
        status: 401,
        errorCode: 'login.not.session',
      },
    );
    expect(errorOf(await call({ method: 'POST', url: '/wps/session/logout' }))).toMatchObject({
      status: 401,
      errorCode: 'login.not.session',
    });
  });
});

describe('change password', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    call({ method: 'POST', url: '/wps/member/password', token, payload });

  it('changes the password and signs out every other session', async () => {
    const { body, value } = await register();
    const other = (await login(body.username, 'Pass1234')).json().value.token as string;
    const res = await change(value.token, {
      oldPassword: 'Pass1234',
      newPassword: 'Newpass99',
      confirmNewPassword: 'Newpass99',
    });
    expect(res.json()).toEqual({ success: true, value: null });
    expect((await info(value.token)).statusCode).toBe(200);
    expect(errorOf(await info(other))).toMatchObject({ status: 401, errorCode: 'login.not.session' });
    expect((await login(body.username, 'Pass1234')).statusCode).toBe(401);
    expect((await login(body.username, 'Newpass99')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a bad new one, a mismatch and no change', async () => {
    const { value } = await register();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { oldPassword: 'Wrong999', newPassword: 'Newpass99', confirmNewPassword: 'Newpass99' },
        { oldPassword: { key: 'old_password_incorrect' } },
      ],
      [
        { newPassword: 'Newpass99', confirmNewPassword: 'Newpass99' },
        { oldPassword: { key: 'old_password_incorrect' } },
      ],
      [
        { oldPassword: 'Pass1234', newPassword: 'bad pass!', confirmNewPassword: 'bad pass!' },
        { newPassword: { key: 'error_password', min: 6, max: 12 } },
      ],
      [
        { oldPassword: 'Pass1234', newPassword: 'Newpass99', confirmNewPassword: 'Newpass98' },
        { confirmNewPassword: { key: 'inconsistent_twice' } },
      ],
      [
        { oldPassword: 'Pass1234', newPassword: 'Pass1234', confirmNewPassword: 'Pass1234' },
        { newPassword: { key: 'password_same_as_old' } },
      ],
    ];
    for (const [payload, fields] of cases) {
      expect(errorOf(await change(value.token, payload))).toEqual({
        status: 400,
        errorCode: 'validation.failed',
        value: { fields },
      });
    }
  });

  it('needs a session, refuses trial accounts, and follows its module flag', async () => {
    expect(errorOf(await call({ method: 'POST', url: '/wps/member/password', payload: {} }))).toMatchObject({
      status: 401,
      errorCode: 'login.not.session',
    });
    const trial = await store.insertMember(database.db, {
      merchantCode: 'khelabd',
      username: newName('trial'),
      mobile: null,
      email: null,
      passwordHash: await app.services.identity.hasher.hash('Trial1234'),
      type: 4,
      uplineId: null,
      nickname: 'trial',
      now: clock,
      lastLoginAt: clock,
    });
    const trialToken = (await login(trial.username, 'Trial1234')).json().value.token as string;
    const refused = await change(trialToken, {
      oldPassword: 'Trial1234',
      newPassword: 'Newpass99',
      confirmNewPassword: 'Newpass99',
    });
    expect(errorOf(refused)).toMatchObject({ status: 403, errorCode: 'in_need_true_account' });
    // Trial accounts still see who they are.
    expect((await info(trialToken)).json().value.type).toBe(4);

    const { value } = await register();
    await setModule('khelabd', 'PASS3', false);
    try {
      const off = await change(value.token, {
        oldPassword: 'Pass1234',
        newPassword: 'Newpass99',
        confirmNewPassword: 'Newpass99',
      });
      expect(errorOf(off)).toMatchObject({ status: 403, errorCode: 'function.not.available' });
    } finally {
      await setModule('khelabd', 'PASS3', true);
    }
  });
});

describe('forced password change', () => {
  /** A member call that is not open before the change (such as wallet calls will be). */
  const memberCall: RouteDef = {
    method: 'GET',
    path: '/wps/test/member',
    modId: 'COMM3',
    auth: true,
    summary: '',
    tag: 'test',
    value: z.null(),
  };
  const guard = async (token: string, def: RouteDef) => {
    const request = {
      headers: { authorization: token },
      merchant: app.services.site.defaultMerchant(),
    } as unknown as FastifyRequest;
    await createAuthGuard(app.services.identity)(request, def);
    return request;
  };
  const member = async (over: {
    mustChangePassword?: boolean;
    passwordAgeDays?: number;
    neverSignedIn?: boolean;
  }) => {
    const created = await store.insertMember(database.db, {
      merchantCode: 'khelabd',
      username: newName('forced'),
      mobile: null,
      email: null,
      passwordHash: await app.services.identity.hasher.hash('Pass1234'),
      type: 0,
      uplineId: null,
      nickname: 'forced',
      now: new Date(clock.getTime() - (over.passwordAgeDays ?? 0) * 24 * 3600_000),
      // Signed in before (a first login of an account someone else made forces a change by itself).
      lastLoginAt: over.neverSignedIn ? null : new Date(clock.getTime() - 24 * 3600_000),
      mustChangePassword: over.mustChangePassword ?? false,
    });
    return created.username;
  };

  it('an operator-set password: login says so and only the allowed calls answer until it changes', async () => {
    const username = await member({ mustChangePassword: true, neverSignedIn: true });
    const value = (await login(username, 'Pass1234')).json().value;
    expect(value).toMatchObject({ mustChangePassword: true, firstTimeLogin: true });
    await expect(guard(value.token, memberCall)).rejects.toMatchObject({
      code: 'password.change.required',
      status: 403,
    });
    expect((await guard(value.token, identityRoutes.memberInfo)).member?.username).toBe(username);
    expect((await info(value.token)).statusCode).toBe(200);
    const changed = await call({
      method: 'POST',
      url: '/wps/member/password',
      token: value.token,
      payload: { oldPassword: 'Pass1234', newPassword: 'Newpass99', confirmNewPassword: 'Newpass99' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await guard(value.token, memberCall)).member?.username).toBe(username);
    expect((await login(username, 'Newpass99')).json().value.mustChangePassword).toBe(false);
  });

  it('an expired password forces a change only where the brand turns PWDEXPFORCECHANGE3 on', async () => {
    const username = await member({ passwordAgeDays: 91 });
    const forced = (await login(username, 'Pass1234')).json().value;
    expect(forced).toMatchObject({ passwordExpired: true, mustChangePassword: true });
    await expect(guard(forced.token, memberCall)).rejects.toMatchObject({ code: 'password.change.required' });
    await setModule('khelabd', 'PWDEXPFORCECHANGE3', false);
    try {
      const relaxed = (await login(username, 'Pass1234')).json().value;
      expect(relaxed).toMatchObject({ passwordExpired: true, mustChangePassword: false });
      expect((await guard(relaxed.token, memberCall)).member?.username).toBe(username);
    } finally {
      await setModule('khelabd', 'PWDEXPFORCECHANGE3', true);
    }
  });

  it('a fresh password lets every member call through', async () => {
    const { value } = await register();
    expect((await guard(value.token, memberCall)).member?.id).toBe(value.id);
  });
});

describe('encrypted bodies (JWE)', () => {
  const seal = async (payload: unknown, alg = 'RSA-OAEP-256', enc = 'A256GCM') => {
    const key = (await call({ method: 'GET', url: '/wps/system/encryptionKey' })).json().value;
    const publicKey = await importJWK(key.jwk, alg);
    return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg, enc, kid: key.kid })
      .encrypt(publicKey);
  };

  it('publishes one RSA public key, kept in the database and shared by every node', async () => {
    const first = await call({ method: 'GET', url: '/wps/system/encryptionKey' });
    const key = first.json().value;
    expect(key).toMatchObject({
      alg: 'RSA-OAEP-256',
      enc: 'A256GCM',
      jwk: { kty: 'RSA', use: 'enc', kid: key.kid },
    });
    expect(key.jwk).not.toHaveProperty('d');
    expect(Buffer.from(key.jwk.n, 'base64url').length * 8).toBe(3072);
    const otherNode = await buildApp({
      config: { LOG_LEVEL: 'silent', TRUST_PROXY: undefined, BLOCKED_COUNTRIES: undefined },
      database,
    });
    try {
      const again = await otherNode.inject({ method: 'GET', url: '/wps/system/encryptionKey' });
      expect(again.json().value.kid).toBe(key.kid);
    } finally {
      await otherNode.close();
    }
  });

  it('registers, signs in and changes the password with sealed bodies', async () => {
    const body = registration();
    const registered = await call({
      method: 'PUT',
      url: '/wps/member/register',
      payload: { jwe: await seal(await withCode(body)) },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const loggedIn = await call({
      method: 'POST',
      url: '/wps/session/login',
      payload: { jwe: await seal({ username: body.username, password: 'Pass1234' }) },
    });
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const token = loggedIn.json().value.token as string;
    const changed = await call({
      method: 'POST',
      url: '/wps/member/password',
      token,
      payload: {
        jwe: await seal({
          oldPassword: 'Pass1234',
          newPassword: 'Sealed123',
          confirmNewPassword: 'Sealed123',
        }),
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await login(body.username, 'Sealed123')).statusCode).toBe(200);
  });

  it('validates the opened body like a plain one', async () => {
    const res = await call({
      method: 'POST',
      url: '/wps/session/login',
      payload: { jwe: await seal({ username: '', password: 'x' }) },
    });
    expect(errorOf(res)).toMatchObject({ status: 400, errorCode: 'validation.failed' });
  });

  it('refuses a tampered body, another algorithm and an unknown key with request_body_required', async () => {
    const sealed = await seal({ username: 'demo01', password: 'Demo1234' });
    const parts = sealed.split('.');
    const tag = parts[4] as string;
    parts[4] = `${tag[0] === 'A' ? 'B' : 'A'}${tag.slice(1)}`;
    const other = await seal({ username: 'demo01', password: 'Demo1234' }, 'RSA-OAEP', 'A256GCM');
    const unknownKid = (() => {
      const p = sealed.split('.');
      const header = JSON.parse(Buffer.from(p[0] as string, 'base64url').toString());
      p[0] = Buffer.from(JSON.stringify({ ...header, kid: 'nope' })).toString('base64url');
      return p.join('.');
    })();
    for (const jwe of [parts.join('.'), other, unknownKid, 'not.a.jwe']) {
      const res = await call({ method: 'POST', url: '/wps/session/login', payload: { jwe } });
      expect(errorOf(res)).toMatchObject({ status: 400, errorCode: 'request_body_required' });
    }
  });
});

describe('audit', () => {
  it('writes login success and failure, lock and password change; refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { body, value } = await register();
    await login(body.username, 'Wrong999');
    const token = (await login(body.username, 'Pass1234')).json().value.token as string;
    await call({
      method: 'POST',
      url: '/wps/member/password',
      token,
      payload: { oldPassword: 'Pass1234', newPassword: 'Newpass99', confirmNewPassword: 'Newpass99' },
    });
    for (let i = 0; i < 10; i += 1) await loginSolved(body.username, 'Wrong999');
    const rows = await store.readAudit(database.db, 'khelabd', { memberId: value.id });
    const events = rows.map((r) => r.event);
    expect(events.slice(0, 4)).toEqual(['register', 'login.failure', 'login.success', 'password.change']);
    expect(events.filter((e) => e === 'login.failure')).toHaveLength(11);
    expect(events.at(-1)).toBe('login.locked');
    expect(rows.every((r) => r.ip?.startsWith('10.1.') && r.user_agent === 'vitest')).toBe(true);
    expect(rows.find((r) => r.event === 'login.failure')?.detail).toMatchObject({
      reason: 'password',
      failures: 1,
    });
    // Unknown users are audited too, by the name tried.
    const ghost = newName('ghost');
    await login(ghost, 'Wrong999');
    expect((await store.readAudit(database.db, 'khelabd', { username: ghost })).map((r) => r.event)).toEqual([
      'login.failure',
    ]);

    await expect(
      sql`UPDATE identity_audit SET event = 'logout' WHERE member_id = ${value.id}`.execute(database.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`DELETE FROM identity_audit WHERE member_id = ${value.id}`.execute(database.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE identity_audit`.execute(database.db)).rejects.toThrow(/append-only/);
    expect(await store.readAudit(database.db, 'khelabd', { memberId: value.id })).toHaveLength(rows.length);
  });
});
