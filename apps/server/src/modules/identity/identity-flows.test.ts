import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setModule, type TestApp } from '../../../test/helpers';
import type { App } from '../../app';
import { readOutbox } from '../messaging';
import { SMS_CODE_MINUTES } from './codes';
import { SESSION_ABSOLUTE_MS } from './sessions';
import * as store from './store';
import { captchaAnswer, captchaCookieOf, lastSmsCode } from './test-support';

/** SMS codes, SMS login, forgot password, captcha, human verification, remember me, affiliate codes. */
let testApp: TestApp;
let app: App;
let db: TestApp['db'];
let clock = new Date('2026-04-01T08:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let ipCounter = 0;
const newIp = () => {
  ipCounter += 1;
  return `10.2.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
let counter = 0;
const newName = (prefix = 'flow') => {
  counter += 1;
  return `${prefix}${String(counter).padStart(4, '0')}`;
};
/** A fresh Bangladeshi mobile number: national form (with the trunk 0) and E.164. */
const newMobile = () => {
  counter += 1;
  const national = `0181${String(3000000 + counter).padStart(7, '0')}`;
  return { national, e164: `+880${national.slice(1)}` };
};

beforeAll(async () => {
  testApp = await createTestApp({ now: () => clock, config: { HUMAN_VERIFICATION_COST: 1 } });
  app = testApp.app;
  db = testApp.db;
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
  headers?: Record<string, string>;
};
const call = ({ method, url, payload, token, ip, merchant, cookie, headers }: Call) =>
  app.inject({
    method,
    url,
    remoteAddress: ip ?? newIp(),
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(merchant ? { merchant } : {}),
      ...(cookie ? { cookie } : {}),
      'user-agent': 'vitest',
      ...headers,
    },
    ...(payload === undefined
      ? {}
      : typeof payload === 'string'
        ? { payload }
        : { payload: payload as Record<string, unknown> }),
  });

const errorOf = (res: LightMyRequestResponse) => {
  const body = res.json();
  return {
    status: res.statusCode,
    errorCode: body.errorCode as string,
    value: body.value as Record<string, unknown> | undefined,
  };
};

const sms = (mobileNum: string, extra: Record<string, unknown> = {}, ip?: string) =>
  call({
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    payload: { mobileNum, ...extra },
    ...(ip ? { ip } : {}),
  });
const smsRegister = (mobileNo: string, extra: Record<string, unknown> = {}) =>
  call({ method: 'POST', url: '/wps/verification/sms/register', payload: { mobileNo, ...extra } });

const code = (e164: string) => lastSmsCode(app, db, e164);

/** Registers a member by username with the number's SMS code; answers its login info. */
const registerMember = async (over: Record<string, unknown> = {}) => {
  const mobile = newMobile();
  expect((await smsRegister(mobile.national)).statusCode).toBe(200);
  const body = {
    username: newName(),
    password: 'Pass1234',
    confirmPassword: 'Pass1234',
    mobileNum: mobile.national,
    verificationCode: await code(mobile.e164),
    termsAccepted: true,
    ageConfirmed: true,
    ...over,
  };
  const res = await call({ method: 'PUT', url: '/wps/member/register', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return { body, mobile, value: res.json().value as { token: string; id: number } };
};

const login = (payload: Record<string, unknown>, extra: Partial<Call> = {}) =>
  call({ method: 'POST', url: '/wps/session/login', payload, ...extra });
const info = (token: string) => call({ method: 'GET', url: '/wps/member/info', token });

describe('SMS codes', () => {
  it('sends a 6-digit login code to a member, answers the same for a number nobody has', async () => {
    const { mobile } = await registerMember();
    advance(61_000);
    const known = await sms(mobile.national);
    expect(known.json()).toEqual({ success: true, value: { expiredMinutes: SMS_CODE_MINUTES } });
    expect(await code(mobile.e164)).toMatch(/^[0-9]{6}$/);
    const [message] = (await readOutbox(db, mobile.e164)).filter((m) => m.purpose === 'code.login');
    expect(message).toMatchObject({ channel: 'sms', merchant_code: 'khelabd' });
    // Bangla by default (the merchant's language), English on request.
    expect(message?.body).toContain('যাচাইকরণ কোড');
    const nobody = newMobile();
    const unknown = await sms(nobody.national);
    expect(unknown.body).toBe(known.body);
    await app.services.identity.settled();
    expect(await readOutbox(db, nobody.e164)).toEqual([]);
    // Only a hash of the code is kept.
    const rows = await db
      .selectFrom('verification_code')
      .selectAll()
      .where('mobile', '=', mobile.e164)
      .execute();
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
  });

  it('checks the number first', async () => {
    expect(errorOf(await sms('01012345678'))).toEqual({
      status: 400,
      errorCode: 'validation.failed',
      value: { fields: { mobileNum: { key: 'invalid_mobile_number' } } },
    });
    expect(errorOf(await smsRegister('12'))).toMatchObject({
      status: 400,
      value: { fields: { mobileNo: { key: 'invalid_mobile_number' } } },
    });
  });

  it('allows one send a minute and five an hour per number, member or not', async () => {
    const member = (await registerMember()).mobile;
    // The registration code counted too: start an hour later.
    advance(3600_000 + 1000);
    for (const mobile of [member, newMobile()]) {
      const started = clock.getTime();
      for (let i = 0; i < 5; i += 1) {
        expect((await sms(mobile.national)).statusCode).toBe(200);
        const again = await sms(mobile.national);
        expect(errorOf(again)).toMatchObject({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
        expect(Number(errorOf(again).value?.retryAfter)).toBeGreaterThan(0);
        expect(Number(errorOf(again).value?.retryAfter)).toBeLessThanOrEqual(60);
        advance(61_000);
      }
      const sixth = await sms(mobile.national);
      expect(errorOf(sixth)).toMatchObject({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
      expect(Number(errorOf(sixth).value?.retryAfter)).toBeGreaterThan(60);
      clock = new Date(started + 3600_000 + 1000);
      expect((await sms(mobile.national)).statusCode).toBe(200);
    }
  });

  it('allows 20 SMS requests an hour per IP', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await sms('1', {}, ip)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('follows the module flags', async () => {
    await setModule(app, 'khelabd', 'VERIFICATION3', false);
    try {
      expect(errorOf(await sms(newMobile().national))).toMatchObject({
        status: 403,
        errorCode: 'function.not.available',
      });
    } finally {
      await setModule(app, 'khelabd', 'VERIFICATION3', true);
    }
    await setModule(app, 'khelabd', 'CHNGPASSVERIF3', false);
    try {
      expect(errorOf(await sms(newMobile().national, { purpose: 'reset' }))).toMatchObject({
        status: 403,
        errorCode: 'function.not.available',
      });
    } finally {
      await setModule(app, 'khelabd', 'CHNGPASSVERIF3', true);
    }
    await setModule(app, 'khelabd', 'REGMOBVERF3', false);
    await setModule(app, 'khelabd', 'MOBILENUMREG3', false);
    try {
      expect(errorOf(await smsRegister(newMobile().national))).toMatchObject({
        status: 403,
        errorCode: 'function.not.available',
      });
    } finally {
      await setModule(app, 'khelabd', 'REGMOBVERF3', true);
      await setModule(app, 'khelabd', 'MOBILENUMREG3', true);
    }
  });

  it('sends no registration code to a number already registered, with the same answer', async () => {
    const { mobile } = await registerMember();
    advance(61_000);
    const before = (await readOutbox(db, mobile.e164)).length;
    const taken = await smsRegister(mobile.national);
    const free = await smsRegister(newMobile().national);
    expect(taken.body).toBe(free.body);
    await app.services.identity.settled();
    expect(await readOutbox(db, mobile.e164)).toHaveLength(before);
  });
});

describe('registration with an SMS code', () => {
  const body = (mobile: { national: string }, over: Record<string, unknown> = {}) => ({
    username: newName(),
    password: 'Pass1234',
    confirmPassword: 'Pass1234',
    mobileNum: mobile.national,
    termsAccepted: true,
    ageConfirmed: true,
    ...over,
  });
  const put = (payload: Record<string, unknown>, url = '/wps/member/register') =>
    call({ method: 'PUT', url, payload });
  const codeRefused = {
    status: 400,
    errorCode: 'validation.failed',
    value: { fields: { verificationCode: { key: 'invalid_verification_code' } } },
  };

  it('refuses a missing, wrong, other-purpose or expired code; a code serves once', async () => {
    const mobile = newMobile();
    await smsRegister(mobile.national);
    const right = (await code(mobile.e164)) as string;
    const wrong = right === '000000' ? '111111' : '000000';
    expect(errorOf(await put(body(mobile)))).toEqual(codeRefused);
    expect(errorOf(await put(body(mobile, { verificationCode: wrong })))).toEqual(codeRefused);
    const ok = await put(body(mobile, { verificationCode: right }));
    expect(ok.statusCode, ok.body).toBe(200);
    // Used: the same code cannot register the number again (it is taken anyway) nor anything else.
    const other = newMobile();
    expect(errorOf(await put(body(other, { verificationCode: right })))).toEqual(codeRefused);

    // A login code does not register.
    const third = newMobile();
    await sms(third.national);
    await smsRegister(third.national).then((r) => expect(r.statusCode).toBe(429));
    advance(61_000);
    await smsRegister(third.national);
    const late = (await code(third.e164)) as string;
    advance(SMS_CODE_MINUTES * 60_000 + 1000);
    expect(errorOf(await put(body(third, { verificationCode: late })))).toEqual(codeRefused);
  });

  it('burns a code after 5 wrong tries', async () => {
    const mobile = newMobile();
    await smsRegister(mobile.national);
    const right = (await code(mobile.e164)) as string;
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect(errorOf(await put(body(mobile, { verificationCode: wrong })))).toEqual(codeRefused);
    expect(errorOf(await put(body(mobile, { verificationCode: right })))).toEqual(codeRefused);
  });

  it('registers by mobile with the code; without REGMOBVERF3 the username form needs none', async () => {
    const mobile = newMobile();
    await smsRegister(mobile.national);
    const res = await put(
      {
        mobileNum: mobile.national,
        password: 'Pass1234',
        confirmPassword: 'Pass1234',
        verificationCode: await code(mobile.e164),
        termsAccepted: true,
        ageConfirmed: true,
      },
      '/wps/member/register/mobile',
    );
    expect(res.statusCode, res.body).toBe(200);
    await setModule(app, 'khelabd', 'REGMOBVERF3', false);
    try {
      const plain = await put(body(newMobile()));
      expect(plain.statusCode, plain.body).toBe(200);
    } finally {
      await setModule(app, 'khelabd', 'REGMOBVERF3', true);
    }
  });
});

describe('SMS login', () => {
  it('signs in with the number and a login code, once', async () => {
    const { mobile, value } = await registerMember();
    advance(61_000);
    await sms(mobile.national);
    const sent = (await code(mobile.e164)) as string;
    const res = await login({ username: mobile.national, password: sent, type: 'sms' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ id: value.id, customerType: 0 });
    expect((await info(res.json().value.token)).json().value.id).toBe(value.id);
    expect(errorOf(await login({ username: mobile.e164, password: sent, type: 'sms' }))).toEqual({
      status: 401,
      errorCode: 'login.failed',
      value: { captcha: false },
    });
    const audit = await store.readAudit(db, 'khelabd', { memberId: value.id });
    expect(audit.at(-2)?.detail).toMatchObject({ method: 'sms' });
  });

  it('does not trim the code, refuses a registration code, and answers unknown numbers alike', async () => {
    const { mobile } = await registerMember();
    const registrationCode = (await code(mobile.e164)) as string;
    expect(
      errorOf(await login({ username: mobile.national, password: registrationCode, type: 'sms' })),
    ).toMatchObject({
      status: 401,
      errorCode: 'login.failed',
    });
    advance(61_000);
    await sms(mobile.national);
    const sent = (await code(mobile.e164)) as string;
    const padded = await login({ username: mobile.national, password: ` ${sent}`, type: 'sms' });
    const unknown = await login({ username: newMobile().national, password: sent, type: 'sms' });
    expect(padded.body).toBe(unknown.body);
    expect(errorOf(padded).errorCode).toBe('login.failed');
    expect((await login({ username: mobile.national, password: sent, type: 'sms' })).statusCode).toBe(200);
  });

  it('stays open while password login is locked', async () => {
    const { body, mobile } = await registerMember();
    for (let i = 0; i < 10; i += 1) {
      const res = await call({ method: 'GET', url: '/wps/captcha' });
      const cookie = captchaCookieOf(res) as string;
      const captcha = await captchaAnswer(db, cookie);
      await login({ username: body.username, password: 'Wrong999', captcha }, { cookie });
    }
    expect(errorOf(await login({ username: body.username, password: 'Pass1234' }))).toMatchObject({
      status: 423,
      errorCode: 'login.locked',
    });
    advance(61_000);
    await sms(mobile.national);
    const res = await login({
      username: mobile.national,
      password: (await code(mobile.e164)) as string,
      type: 'sms',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is refused when MOBILEVERCODELOGIN3 is off', async () => {
    await setModule(app, 'khelabd', 'MOBILEVERCODELOGIN3', false);
    try {
      expect(
        errorOf(await login({ username: '01812345678', password: '123456', type: 'sms' })),
      ).toMatchObject({
        status: 403,
        errorCode: 'function.not.available',
      });
    } finally {
      await setModule(app, 'khelabd', 'MOBILEVERCODELOGIN3', true);
    }
  });
});

describe('forgot password', () => {
  const forgot = (form: string, ip?: string) =>
    call({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ...(ip ? { ip } : {}),
    });

  it('mails a temporary password when username and email match; it must be changed', async () => {
    const email = `${newName('mail')}@example.com`;
    const { body, value } = await registerMember({ email });
    const form = `username=${encodeURIComponent(body.username)}&email=${encodeURIComponent(email.toUpperCase())}`;
    const res = await forgot(form);
    expect(res.json()).toEqual({ success: true, value: null });
    await app.services.identity.settled();
    const [mail] = await readOutbox(db, email);
    expect(mail).toMatchObject({ channel: 'email', purpose: 'password.temporary' });
    expect(mail?.subject).toContain('অস্থায়ী পাসওয়ার্ড');
    const temporary = /: ([A-Za-z0-9]{10})$/m.exec(mail?.body ?? '')?.[1] as string;
    expect(temporary).toMatch(/^[A-Za-z0-9]{10}$/);
    // Every session is signed out; the old password no longer works; the new one must be changed.
    expect(errorOf(await info(value.token)).errorCode).toBe('login.not.session');
    expect((await login({ username: body.username, password: 'Pass1234' })).statusCode).toBe(401);
    const signedIn = await login({ username: body.username, password: temporary });
    expect(signedIn.json().value).toMatchObject({ mustChangePassword: true });
    // A second request within 10 minutes sends nothing.
    await forgot(form);
    await app.services.identity.settled();
    expect(await readOutbox(db, email)).toHaveLength(1);
    expect((await store.readAudit(db, 'khelabd', { memberId: value.id })).map((e) => e.event)).toContain(
      'password.reset',
    );
  });

  it('answers the same when the username or email do not match, and sends nothing', async () => {
    const email = `${newName('mail')}@example.com`;
    const { body } = await registerMember({ email });
    const right = await forgot(`username=${body.username}&email=${encodeURIComponent(email)}`);
    const wrongEmail = await forgot(`username=${body.username}&email=other%40example.com`);
    const nobody = await forgot(`username=${newName('ghost')}&email=${encodeURIComponent(email)}`);
    expect(wrongEmail.body).toBe(right.body);
    expect(nobody.body).toBe(right.body);
    await app.services.identity.settled();
    expect(await readOutbox(db, 'other@example.com')).toEqual([]);
    expect(await readOutbox(db, email)).toHaveLength(1);
  });

  it('takes form-encoded bodies on this call only', async () => {
    const res = await call({
      method: 'POST',
      url: '/wps/session/login',
      payload: 'username=demo01&password=Demo1234',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('validates the form and limits 10 calls an hour per IP', async () => {
    expect(errorOf(await forgot('username=&email=x'))).toMatchObject({
      status: 400,
      errorCode: 'validation.failed',
    });
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await forgot('username=a&email=b@c.d', ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('resets by phone with a reset code: new password, every session signed out', async () => {
    const { body, mobile, value } = await registerMember();
    advance(61_000);
    expect((await sms(mobile.national, { purpose: 'reset' })).statusCode).toBe(200);
    const sent = (await code(mobile.e164)) as string;
    const reset = (payload: Record<string, unknown>) =>
      call({ method: 'POST', url: '/wps/member/password/verification', payload });
    expect(
      errorOf(await reset({ newPassword: 'bad pass!', mobileNum: mobile.national, verificationCode: sent })),
    ).toEqual({
      status: 400,
      errorCode: 'validation.failed',
      value: { fields: { newPassword: { key: 'error_password', min: 6, max: 12 } } },
    });
    const wrong = sent === '000000' ? '111111' : '000000';
    expect(
      errorOf(await reset({ newPassword: 'Reset1234', mobileNum: mobile.national, verificationCode: wrong })),
    ).toEqual({
      status: 400,
      errorCode: 'validation.failed',
      value: { fields: { verificationCode: { key: 'invalid_verification_code' } } },
    });
    const res = await reset({ newPassword: 'Reset1234', mobileNum: mobile.national, verificationCode: sent });
    expect(res.json()).toEqual({ success: true, value: true });
    expect(errorOf(await info(value.token)).errorCode).toBe('login.not.session');
    // The client then logs in with the number and the new password, type ''.
    const after = await login({ username: mobile.national, password: 'Reset1234', type: '' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().value).toMatchObject({ id: value.id, mustChangePassword: false });
    expect((await login({ username: body.username, password: 'Pass1234' })).statusCode).toBe(401);
    // The code served once.
    expect(
      errorOf(await reset({ newPassword: 'Again1234', mobileNum: mobile.national, verificationCode: sent }))
        .status,
    ).toBe(400);
  });
});

describe('captcha', () => {
  it('answers a PNG (base64, no data: prefix), never cached, bound to an httpOnly cookie', async () => {
    const res = await call({ method: 'GET', url: '/wps/captcha' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const value = res.json().value as string;
    expect(value.startsWith('data:')).toBe(false);
    const png = Buffer.from(value, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.readUInt32BE(16)).toBe(120);
    expect(png.readUInt32BE(20)).toBe(44);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^khela_captcha=[A-Za-z0-9_-]{43}; Path=\/wps; HttpOnly; SameSite=Strict; Max-Age=300$/,
    );
    // Two images differ, and the stored row holds hashes only.
    const other = (await call({ method: 'GET', url: '/wps/captcha' })).json().value;
    expect(other).not.toBe(value);
    const rows = await db.selectFrom('captcha').selectAll().execute();
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id_hash) && /^[0-9a-f]{64}$/.test(r.answer_hash))).toBe(
      true,
    );
  });

  it('allows 30 images a minute per IP', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await call({ method: 'GET', url: '/wps/captcha', ip })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('guards registration when the brand enables the captcha rule', async () => {
    const site = app.services.site;
    const original = site.settingsOf('khelabd').register;
    await site.updateSetting('khelabd', 'register', {
      ...original,
      captcha: { ...original.captcha!, enabled: true, required: true },
    });
    try {
      const mobile = newMobile();
      await smsRegister(mobile.national);
      const payload = {
        username: newName(),
        password: 'Pass1234',
        confirmPassword: 'Pass1234',
        mobileNum: mobile.national,
        verificationCode: await code(mobile.e164),
        termsAccepted: true,
        ageConfirmed: true,
      };
      const img = await call({ method: 'GET', url: '/wps/captcha' });
      const cookie = captchaCookieOf(img) as string;
      const answer = (await captchaAnswer(db, cookie)) as string;
      const wrong = answer === '0000' ? '1111' : '0000';
      const refused = await call({
        method: 'PUT',
        url: '/wps/member/register',
        payload: { ...payload, captcha: wrong },
        cookie,
      });
      expect(errorOf(refused)).toEqual({
        status: 400,
        errorCode: 'validation.failed',
        value: { fields: { captcha: { key: 'invalid_captcha' } } },
      });
      const img2 = await call({ method: 'GET', url: '/wps/captcha' });
      const cookie2 = captchaCookieOf(img2) as string;
      const ok = await call({
        method: 'PUT',
        url: '/wps/member/register',
        payload: { ...payload, captcha: await captchaAnswer(db, cookie2) },
        cookie: cookie2,
      });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await site.updateSetting('khelabd', 'register', original);
    }
  });
});

describe('human verification (HUMANVERIF3)', () => {
  const solved = async () => {
    const res = await call({ method: 'GET', url: '/wps/captcha/challenge' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json().value;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it('is off by default: calls work without it', async () => {
    expect((await login({ username: 'demo01', password: 'Demo1234' })).statusCode).toBe(200);
  });

  it('when on, password login, registration and SMS codes need a solved, unused challenge', async () => {
    await setModule(app, 'khelabd', 'HUMANVERIF3', true);
    try {
      const refused = { status: 400, errorCode: 'verification.required' };
      expect(errorOf(await login({ username: 'demo01', password: 'Demo1234' }))).toMatchObject(refused);
      const altcha = await solved();
      expect((await login({ username: 'demo01', password: 'Demo1234', altcha })).statusCode).toBe(200);
      // A replay is refused.
      expect(errorOf(await login({ username: 'demo01', password: 'Demo1234', altcha }))).toMatchObject(
        refused,
      );
      // A tampered solution is refused.
      const decoded = JSON.parse(Buffer.from(await solved(), 'base64').toString());
      const key = decoded.solution.derivedKey as string;
      const wrongKey = {
        ...decoded,
        solution: { ...decoded.solution, derivedKey: `${key[0] === 'a' ? 'b' : 'a'}${key.slice(1)}` },
      };
      const longer = structuredClone(decoded);
      longer.challenge.parameters.data.exp += 3600_000;
      for (const tampered of [wrongKey, longer]) {
        const altchaTampered = Buffer.from(JSON.stringify(tampered)).toString('base64');
        expect(
          errorOf(await login({ username: 'demo01', password: 'Demo1234', altcha: altchaTampered })),
        ).toMatchObject(refused);
      }
      expect(
        errorOf(await login({ username: 'demo01', password: 'Demo1234', altcha: 'bm90IGpzb24=' })),
      ).toMatchObject(refused);
      // An expired one too.
      const old = await solved();
      advance(11 * 60_000);
      expect(errorOf(await login({ username: 'demo01', password: 'Demo1234', altcha: old }))).toMatchObject(
        refused,
      );

      const mobile = newMobile();
      expect(errorOf(await smsRegister(mobile.national))).toMatchObject(refused);
      expect((await smsRegister(mobile.national, { altcha: await solved() })).statusCode).toBe(200);
      expect(errorOf(await sms(newMobile().national))).toMatchObject(refused);
      const registration = {
        username: newName(),
        password: 'Pass1234',
        confirmPassword: 'Pass1234',
        mobileNum: mobile.national,
        verificationCode: await code(mobile.e164),
        termsAccepted: true,
        ageConfirmed: true,
      };
      expect(
        errorOf(await call({ method: 'PUT', url: '/wps/member/register', payload: registration })),
      ).toMatchObject(refused);
      const ok = await call({
        method: 'PUT',
        url: '/wps/member/register',
        payload: { ...registration, altcha: await solved() },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      // SMS login is not asked for it.
      advance(61_000);
      await sms(mobile.national, { altcha: await solved() });
      const viaSms = await login({
        username: mobile.national,
        password: (await code(mobile.e164)) as string,
        type: 'sms',
      });
      expect(viaSms.statusCode, viaSms.body).toBe(200);
    } finally {
      await setModule(app, 'khelabd', 'HUMANVERIF3', false);
    }
  });
});

describe('remember me', () => {
  const remember = (rememberToken: string) =>
    call({ method: 'POST', url: '/wps/session/remember', payload: { rememberToken } });

  it('answers a token only when asked; it is exchanged once for a session and the next token', async () => {
    const { body, value } = await registerMember();
    expect((await login({ username: body.username, password: 'Pass1234' })).json().value).not.toHaveProperty(
      'rememberToken',
    );
    const first = (await login({ username: body.username, password: 'Pass1234', remember: true })).json()
      .value;
    expect(first.rememberToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await db
      .selectFrom('remember_token')
      .selectAll()
      .where('member_id', '=', value.id)
      .execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(first.rememberToken);

    advance(2 * 3600_000);
    const second = await remember(first.rememberToken);
    expect(second.statusCode, second.body).toBe(200);
    const next = second.json().value;
    expect(next).toMatchObject({ id: value.id, firstTimeLogin: false });
    expect(next.rememberToken).not.toBe(first.rememberToken);
    expect((await info(next.token)).json().value.id).toBe(value.id);

    // The rotated token replayed: refused, and the whole family (and its sessions) is revoked.
    expect(errorOf(await remember(first.rememberToken))).toMatchObject({
      status: 401,
      errorCode: 'login.not.session',
    });
    expect(errorOf(await remember(next.rememberToken)).status).toBe(401);
    expect(errorOf(await info(next.token)).errorCode).toBe('login.not.session');
    expect((await store.readAudit(db, 'khelabd', { memberId: value.id })).map((e) => e.event)).toContain(
      'remember.reuse',
    );
  });

  it('ends 24 hours after the login, on logout and on a password change', async () => {
    const { body } = await registerMember();
    const ask = async () =>
      (await login({ username: body.username, password: 'Pass1234', remember: true })).json().value as {
        token: string;
        rememberToken: string;
      };
    const expiring = await ask();
    const rotated = (await remember(expiring.rememberToken)).json().value.rememberToken as string;
    advance(SESSION_ABSOLUTE_MS);
    expect(errorOf(await remember(rotated)).status).toBe(401);

    const loggedOut = await ask();
    await call({ method: 'POST', url: '/wps/session/logout', token: loggedOut.token });
    expect(errorOf(await remember(loggedOut.rememberToken)).status).toBe(401);

    const changed = await ask();
    const res = await call({
      method: 'POST',
      url: '/wps/member/password',
      token: changed.token,
      payload: { oldPassword: 'Pass1234', newPassword: 'Newpass99', confirmNewPassword: 'Newpass99' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(errorOf(await remember(changed.rememberToken)).status).toBe(401);
    expect(errorOf(await remember('not-a-token')).status).toBe(401);
  });
});

describe('affiliate codes', () => {
  const check = (query: string) => call({ method: 'GET', url: `/wps/agent/affiliate?${query}` });

  it('accepts an agent code of the merchant in any letter case, refuses others', async () => {
    expect((await check('code=AGENT01&domain=localhost')).json()).toEqual({ success: true, value: true });
    expect((await check('code=agent01')).statusCode).toBe(200);
    expect(errorOf(await check('code=NOPE99'))).toMatchObject({
      status: 400,
      errorCode: 'invalid_invitation_code',
    });
    expect(
      errorOf(await call({ method: 'GET', url: '/wps/agent/affiliate?code=AGENT01', merchant: 'khelain' }))
        .status,
    ).toBe(200);
    // A member (not an agent) with a code does not count.
    const { value } = await registerMember();
    await db.updateTable('member').set({ agent_code: 'MEMBER01' }).where('id', '=', value.id).execute();
    expect(errorOf(await check('code=MEMBER01')).errorCode).toBe('invalid_invitation_code');
    expect(errorOf(await check('')).errorCode).toBe('validation.failed');
  });

  it('a valid code at registration makes the agent the upline; an invalid one refuses', async () => {
    const before = Number(
      (await db.selectFrom('member').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
    const mobile = newMobile();
    await smsRegister(mobile.national);
    const refused = await call({
      method: 'PUT',
      url: '/wps/member/register',
      payload: {
        username: newName(),
        password: 'Pass1234',
        confirmPassword: 'Pass1234',
        mobileNum: mobile.national,
        verificationCode: await code(mobile.e164),
        affiliateCode: 'NOPE99',
        termsAccepted: true,
        ageConfirmed: true,
      },
    });
    expect(errorOf(refused)).toMatchObject({ status: 400, errorCode: 'invalid_invitation_code' });
    expect(
      Number((await db.selectFrom('member').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    ).toBe(before);
    const { value } = await registerMember({ affiliateCode: 'agent01' });
    const agent = await store.findMemberByUsername(db, 'khelabd', 'agent01');
    const row = await store.findMemberById(db, value.id);
    expect(row).toMatchObject({ upline_id: agent?.id, affiliate_code: 'agent01' });
  });

  it('follows AFFMAN3', async () => {
    await setModule(app, 'khelabd', 'AFFMAN3', false);
    try {
      expect(errorOf(await check('code=AGENT01'))).toMatchObject({
        status: 403,
        errorCode: 'function.not.available',
      });
    } finally {
      await setModule(app, 'khelabd', 'AFFMAN3', true);
    }
  });
});
