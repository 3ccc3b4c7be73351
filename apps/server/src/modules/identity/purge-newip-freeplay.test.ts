import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, setModule, type TestApp } from '../../../test/helpers';
import type { App } from '../../app';
import { readOutbox } from '../messaging';
import { DEMO_CREDIT_MINOR } from '../wallet';
import { FREE_PLAYS_PER_HOUR } from './routes';
import { LOGIN_CHALLENGE_INTERVAL_MS, LOGIN_CHALLENGE_MAX_TRIES } from './service';
import { hashSessionToken, newSessionToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions';
import * as store from './store';
import { createCaller, errorOf } from './test-support';

/** Session purge, new-IP verification (LOGINIPVERF3) and free play (FREEPLAY3). */
let testApp: TestApp;
let app: App;
let db: TestApp['db'];
let clock = new Date('2026-05-01T08:00:00Z');
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

/** A member with password `Pass1234`, straight into the table. */
const newMember = async (contact: { mobile?: boolean; email?: boolean } = { mobile: true }) => {
  counter += 1;
  const username = `ext${String(counter).padStart(4, '0')}`;
  const mobile = contact.mobile ? `+8801913${String(100000 + counter).padStart(6, '0')}` : null;
  return store.insertMember(db, {
    merchantCode: 'khelabd',
    username,
    mobile,
    email: contact.email ? `${username}@example.com` : null,
    passwordHash,
    type: 0,
    uplineId: null,
    nickname: username,
    now: clock,
    lastLoginAt: null,
  });
};

const login = (username: string, ip: string, extra: Record<string, unknown> = {}) =>
  call({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password: 'Pass1234', ...extra },
    ip,
  });
const verify = (challengeId: string, answer: string, ip: string, method = 'sms') =>
  call({
    method: 'POST',
    url: '/wps/session/login/verification',
    payload: { challengeId, method, answer },
    ip,
  });
const send = (challengeId: string, method: 'sms' | 'email', ip: string) =>
  call({
    method: 'POST',
    url: '/wps/session/login/verification/send',
    payload: { challengeId, method },
    ip,
  });
const lastCode = async (to: string) => {
  await app.services.identity.settled();
  const messages = await readOutbox(db, to);
  return /\b([0-9]{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1] ?? null;
};

describe('identity.purge (scheduler job)', () => {
  it('deletes dead sessions, tokens, codes, captchas and challenges, and keeps live ones', async () => {
    const member = await newMember();
    const at = clock;
    const session = async (over: { createdAt: Date; lastSeen?: Date; revokedAt?: Date | null }) => {
      const tokenHash = hashSessionToken(newSessionToken());
      await db
        .insertInto('member_session')
        .values({
          token_hash: tokenHash,
          member_id: member.id,
          created_at: over.createdAt,
          last_seen_at: over.lastSeen ?? over.createdAt,
          expires_at: new Date(over.createdAt.getTime() + SESSION_ABSOLUTE_MS),
          revoked_at: over.revokedAt ?? null,
          ip: null,
          user_agent: null,
        })
        .execute();
      return tokenHash;
    };
    const day = 24 * 3600_000;
    const live = await session({ createdAt: at });
    const recentlyRevoked = await session({ createdAt: at, revokedAt: at });
    const oldRevoked = await session({
      createdAt: new Date(at.getTime() - 3 * day),
      revokedAt: new Date(at.getTime() - 2 * day),
      lastSeen: new Date(at.getTime() - 2 * day),
    });
    const idle = await session({
      createdAt: new Date(at.getTime() - day - SESSION_IDLE_MS - 60_000),
      lastSeen: new Date(at.getTime() - day - SESSION_IDLE_MS - 60_000),
    });
    const expiredLongAgo = await session({ createdAt: new Date(at.getTime() - 3 * day) });
    await store.insertRememberToken(db, {
      tokenHash: hashSessionToken(newSessionToken()),
      family: 'f-old',
      memberId: member.id,
      at: new Date(at.getTime() - 3 * day),
      expiresAt: new Date(at.getTime() - 2 * day),
    });
    await store.insertRememberToken(db, {
      tokenHash: hashSessionToken(newSessionToken()),
      family: 'f-live',
      memberId: member.id,
      at,
      expiresAt: new Date(at.getTime() + day),
    });
    const code = (createdAt: Date) =>
      store.insertCode(db, {
        merchantCode: 'khelabd',
        mobile: '+8801900000001',
        purpose: 'login',
        codeHash: 'x',
        at: createdAt,
        expiresAt: new Date(createdAt.getTime() + 5 * 60_000),
        delivered: true,
      });
    const oldCode = await code(new Date(at.getTime() - 2 * day));
    const recentCode = await code(new Date(at.getTime() - 30 * 60_000));
    await store.insertCaptcha(db, {
      idHash: hashSessionToken('old-captcha'),
      merchantCode: 'khelabd',
      answerHash: 'x',
      at: new Date(at.getTime() - 10 * 60_000),
      expiresAt: new Date(at.getTime() - 5 * 60_000),
    });

    await app.services.scheduler.runNow('identity.purge');

    const sessions = (await db.selectFrom('member_session').select('token_hash').execute()).map(
      (r) => r.token_hash,
    );
    expect(sessions).toContain(live);
    expect(sessions).toContain(recentlyRevoked);
    for (const gone of [oldRevoked, idle, expiredLongAgo]) expect(sessions).not.toContain(gone);
    const families = (await db.selectFrom('remember_token').select('family').execute()).map((r) => r.family);
    expect(families).toContain('f-live');
    expect(families).not.toContain('f-old');
    const codes = (await db.selectFrom('verification_code').select('id').execute()).map((r) => r.id);
    expect(codes).toContain(recentCode.id);
    expect(codes).not.toContain(oldCode.id);
    const captcha = await db
      .selectFrom('captcha')
      .select('id_hash')
      .where('id_hash', '=', hashSessionToken('old-captcha'))
      .executeTakeFirst();
    expect(captcha).toBeUndefined();
    const status = app.services.scheduler.status().find((j) => j.name === 'identity.purge');
    expect(status).toMatchObject({ runs: 1, failures: 0 });
  });
});

describe('new-IP verification (LOGINIPVERF3)', () => {
  it('is off by default: a login from any IP is let in', async () => {
    const m = await newMember();
    expect((await login(m.username, '10.30.0.1')).statusCode).toBe(200);
    expect((await login(m.username, '10.30.0.2')).statusCode).toBe(200);
  });

  it('holds a login from a new IP until the SMS code, sent on request, comes back from that IP', async () => {
    await setModule(app, 'khelabd', 'LOGINIPVERF3', true);
    try {
      const m = await newMember();
      // The first login ever: nothing is known yet, so the IP is recorded and trusted.
      expect((await login(m.username, '10.31.0.1')).statusCode).toBe(200);
      advance(1000);
      expect((await login(m.username, '10.31.0.1')).statusCode).toBe(200);

      const held = await login(m.username, '10.31.0.2', { remember: true });
      const error = errorOf(held);
      expect(error).toMatchObject({ status: 403, errorCode: 'login.verification.required' });
      // Only the methods this member has: a mobile, nothing else.
      expect(error.value).toMatchObject({ methods: [{ method: 'sms' }], expiredMinutes: 5, maxTries: 5 });
      const methods = error.value?.methods as { method: string; target: string }[];
      expect(methods[0]?.target).toMatch(/^\+880\*+\d{4}$/);
      const challengeId = String(error.value?.challengeId);
      expect(held.body).not.toContain('"token"');
      // Nothing is sent until the member picks the method.
      expect(await lastCode(m.mobile as string)).toBeNull();
      const audit = await store.readAudit(db, 'khelabd', { memberId: m.id });
      expect(audit.map((a) => a.event)).toContain('login.challenge');

      // A method this login was not offered is refused; the SMS goes out when asked for.
      expect(errorOf(await send(challengeId, 'email', '10.31.0.2')).value).toEqual({
        fields: { method: { key: 'verification_method_unavailable' } },
      });
      const sent = await send(challengeId, 'sms', '10.31.0.2');
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().value).toMatchObject({ method: 'sms', expiredMinutes: 5, resendAfter: 60 });
      const code = await lastCode(m.mobile as string);
      expect(code).toMatch(/^[0-9]{6}$/);

      // The right code from another IP, and a wrong code, are refused.
      const elsewhere = await verify(challengeId, code as string, '10.31.0.3');
      expect(errorOf(elsewhere)).toMatchObject({ status: 400, errorCode: 'login.verification.expired' });
      const wrong = await verify(challengeId, code === '000000' ? '111111' : '000000', '10.31.0.2');
      expect(errorOf(wrong).value).toEqual({
        fields: { answer: { key: 'invalid_verification_code' } },
      });

      const ok = await verify(challengeId, code as string, '10.31.0.2');
      expect(ok.statusCode, ok.body).toBe(200);
      const info = ok.json().value;
      expect(info).toMatchObject({ userName: m.username, customerType: 0 });
      expect(info.rememberToken).toEqual(expect.any(String));
      const me = await call({ method: 'GET', url: '/wps/member/info', token: info.token });
      expect(me.json().value.id).toBe(m.id);
      // Single use.
      expect(errorOf(await verify(challengeId, code as string, '10.31.0.2')).errorCode).toBe(
        'login.verification.expired',
      );
      // The IP is known now.
      advance(1000);
      expect((await login(m.username, '10.31.0.2')).statusCode).toBe(200);
    } finally {
      await setModule(app, 'khelabd', 'LOGINIPVERF3', false);
    }
  });

  it('mails the code when asked; throttles resends; 5 wrong tries end it and count towards the lock', async () => {
    await setModule(app, 'khelabd', 'LOGINIPVERF3', true);
    try {
      const m = await newMember({ email: true });
      expect((await login(m.username, '10.32.0.1')).statusCode).toBe(200);
      const held = errorOf(await login(m.username, '10.32.0.2'));
      expect(held.value).toMatchObject({ methods: [{ method: 'email', target: 'e***@example.com' }] });
      const challengeId = String(held.value?.challengeId);
      expect((await send(challengeId, 'email', '10.32.0.2')).statusCode).toBe(200);
      await app.services.identity.settled();
      const mail = (await readOutbox(db, m.email as string)).at(-1);
      expect(mail).toMatchObject({ channel: 'email', purpose: 'code.login.ip' });
      const code = await lastCode(m.email as string);

      // Another code within a minute, and another held login within a minute, are throttled.
      const resend = errorOf(await send(challengeId, 'email', '10.32.0.2'));
      expect(resend).toMatchObject({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
      expect(Number(resend.value?.retryAfter)).toBeGreaterThan(0);
      const again = errorOf(await login(m.username, '10.32.0.2'));
      expect(again).toMatchObject({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });

      for (let i = 0; i < LOGIN_CHALLENGE_MAX_TRIES; i += 1) {
        const res = errorOf(
          await verify(challengeId, '999999' === code ? '888888' : '999999', '10.32.0.2', 'email'),
        );
        expect(res.value).toEqual({ fields: { answer: { key: 'invalid_verification_code' } } });
      }
      // Out of tries: even the right code is refused.
      expect(errorOf(await verify(challengeId, code as string, '10.32.0.2', 'email')).errorCode).toBe(
        'login.verification.expired',
      );
      // The wrong answers count as failed logins: the next password login needs the captcha.
      advance(LOGIN_CHALLENGE_INTERVAL_MS);
      expect(errorOf(await login(m.username, '10.32.0.2'))).toMatchObject({
        errorCode: 'captcha.invalid',
        value: { captcha: true },
      });
      const failures = await store.readThrottle(db, 'khelabd', `m:${m.id}`);
      expect(failures?.failures).toBe(LOGIN_CHALLENGE_MAX_TRIES);
    } finally {
      await setModule(app, 'khelabd', 'LOGINIPVERF3', false);
    }
  });

  it('expires after 5 minutes; a wrong password never reaches the challenge', async () => {
    await setModule(app, 'khelabd', 'LOGINIPVERF3', true);
    try {
      const m = await newMember();
      expect((await login(m.username, '10.33.0.1')).statusCode).toBe(200);
      const bad = await call({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: m.username, password: 'Wrong1234' },
        ip: '10.33.0.2',
      });
      expect(errorOf(bad).errorCode).toBe('login.failed');
      const held = errorOf(await login(m.username, '10.33.0.2'));
      const challengeId = String(held.value?.challengeId);
      expect((await send(challengeId, 'sms', '10.33.0.2')).statusCode).toBe(200);
      const code = await lastCode(m.mobile as string);
      advance(5 * 60_000 + 1000);
      expect(errorOf(await verify(challengeId, code as string, '10.33.0.2')).errorCode).toBe(
        'login.verification.expired',
      );
    } finally {
      await setModule(app, 'khelabd', 'LOGINIPVERF3', false);
    }
  });
});

describe('free play (FREEPLAY3)', () => {
  const freePlay = (ip: string, payload: unknown = { os: 'Linux', platform: 'W' }) =>
    call({ method: 'POST', url: '/wps/session/login/freeplay', payload, ip });

  it('creates a signed-in trial account with play money that real-money calls refuse', async () => {
    const res = await freePlay('10.40.0.1');
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().value;
    expect(info).toMatchObject({ customerType: 4, firstTimeLogin: false, mustChangePassword: false });
    expect(info.userName).toMatch(/^guest[0-9]{8}$/);
    const me = await call({ method: 'GET', url: '/wps/member/info', token: info.token });
    expect(me.json().value).toMatchObject({ type: 4, account: info.userName });
    const balance = await call({ method: 'GET', url: '/wps/v2/wallets/balance', token: info.token });
    expect(balance.json().value.sumBalanceMinor).toBe(DEMO_CREDIT_MINOR.toString());
    const fav = await call({
      method: 'POST',
      url: '/wps/relay/MCSFE_addFavoriteGameV2',
      payload: { gameId: 1 },
      token: info.token,
    });
    expect(fav.statusCode).toBe(403);
    expect(fav.json()).toEqual(expectedError('in_need_true_account'));
    const change = await call({
      method: 'POST',
      url: '/wps/member/password',
      payload: { newPassword: 'Pass12345', confirmNewPassword: 'Pass12345' },
      token: info.token,
    });
    expect(change.json()).toEqual(expectedError('in_need_true_account'));
    const audit = await store.readAudit(db, 'khelabd', { memberId: info.id });
    expect(audit[0]).toMatchObject({ event: 'register', detail: { mode: 'freeplay' } });
  });

  it('is refused where the brand turns it off, and limited per IP', async () => {
    await setModule(app, 'khelabd', 'FREEPLAY3', false);
    try {
      expect(errorOf(await freePlay('10.41.0.1'))).toMatchObject({
        status: 403,
        errorCode: 'function.not.available',
      });
    } finally {
      await setModule(app, 'khelabd', 'FREEPLAY3', true);
    }
    for (let i = 0; i < FREE_PLAYS_PER_HOUR; i += 1)
      expect((await freePlay('10.42.0.1', {})).statusCode).toBe(200);
    expect(errorOf(await freePlay('10.42.0.1'))).toMatchObject({
      status: 429,
      errorCode: 'TOO_MANY_REQUESTS',
    });
    expect((await freePlay('10.42.0.2')).statusCode).toBe(200);
  });
});
