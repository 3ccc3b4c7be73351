import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { cashierSteps } from '../cashier/test-support';
import { lastSmsCode } from '../identity/test-support';
import { auditRows, bo, multipartOf, PNG_BYTES, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember, type TestMember } from '../wallet/test-support';

/**
 * Erasure and reopening of a closed account, KYC in the data download, the KYC upload throttle
 * (ADR 052), through the HTTP stack with a fake clock.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = createClock(new Date('2026-03-01T10:00:00Z'));
let t: TestApp;
let risk: string;
let ipCounter = 0;
let mobileCounter = 0;
let nameCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  risk = await staffLogin(t.app, clock, 'risk');
});

afterAll(async () => {
  await t?.close();
});

const newIp = () => {
  ipCounter += 1;
  return `10.52.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; token?: string; ip?: string };
const call = ({ method, url, payload, token, ip }: Call) =>
  t.app.inject({
    method,
    url,
    remoteAddress: ip ?? newIp(),
    headers: { ...(token ? { authorization: token } : {}), 'user-agent': 'vitest' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A member registered through the site (username, password, Bangladeshi mobile). */
const register = async (mobileNum?: string) => {
  mobileCounter += 1;
  nameCounter += 1;
  const mobile = mobileNum ?? `0171${String(5200000 + mobileCounter).padStart(7, '0')}`;
  const sms = await call({
    method: 'POST',
    url: '/wps/verification/sms/register',
    payload: { mobileNo: mobile },
  });
  expect(sms.statusCode, sms.body).toBe(200);
  const code = await lastSmsCode(t.app, t.db, `+880${mobile.replace(/^0/, '')}`);
  const username = `era${String(nameCounter).padStart(4, '0')}`;
  const res = await call({
    method: 'PUT',
    url: '/wps/member/register',
    payload: {
      username,
      password: 'Pass1234',
      confirmPassword: 'Pass1234',
      mobileNum: mobile,
      termsAccepted: true,
      ageConfirmed: true,
      verificationCode: code,
    },
  });
  return { res, username, mobile };
};

const registered = async () => {
  const r = await register();
  expect(r.res.statusCode, r.res.body).toBe(200);
  const value = r.res.json().value as { token: string; id: number };
  return { ...r, token: value.token, id: value.id };
};

const login = (username: string) =>
  call({ method: 'POST', url: '/wps/session/login', payload: { username, password: 'Pass1234' } });

const upload = (token: string, ip: string, kind = 'idFront') => {
  const body = multipartOf(PNG_BYTES, 'id.png', 'image/png');
  return t.app.inject({
    method: 'PUT',
    url: `/wps/protection/kyc?kind=${kind}`,
    remoteAddress: ip,
    headers: { authorization: token, ...body.headers },
    payload: body.payload,
  });
};

const close = (token: string, reason?: 'harm' | 'other') =>
  call({
    method: 'POST',
    url: '/wps/protection/close',
    token,
    payload: { confirm: true, ...(reason ? { reason } : {}) },
  });

const identityRow = (id: number) =>
  t.db
    .selectFrom('member')
    .select([
      'username',
      'nickname',
      'mobile',
      'email',
      'password_hash',
      'register_ip',
      'id_number',
      'status',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const documentsOf = (id: number) =>
  t.db
    .selectFrom('protection_kyc_document')
    .select(['size_bytes', 'erased_at', 'kind', 'status'])
    .select((eb) => eb.fn<number>('octet_length', ['content']).as('bytes'))
    .where('member_id', '=', id)
    .execute();

const staffErase = (memberId: number) =>
  bo(t.app, risk, {
    method: 'POST',
    url: '/bo/api/protection/erasures',
    payload: { memberId, reason: 'asked by mail' },
  });

describe('erasure', () => {
  it('needs a closed account: an open one is refused and nothing changes', async () => {
    const m = await registered();
    const before = await identityRow(m.id);
    const res = await call({
      method: 'POST',
      url: '/wps/protection/erasure',
      token: m.token,
      payload: { confirm: true },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: 'protection.erasure.unavailable',
      value: { reason: 'open' },
    });
    expect(await identityRow(m.id)).toEqual(before);
    expect(
      await t.db.selectFrom('protection_erasure').selectAll().where('member_id', '=', m.id).execute(),
    ).toEqual([]);
  });

  it('pseudonymises at once, retains KYC for the AML years, keeps the ledger balanced and the person refused', async () => {
    const m = await registered();
    const steps = cashierSteps(t.app, t.db);
    await steps.fund({ token: m.token, member: { id: m.id } } as TestMember, 50_000n);
    expect((await upload(m.token, newIp())).statusCode).toBe(200);
    const closedAt = clock.now().getTime();
    expect((await close(m.token)).statusCode).toBe(200); // no reason: counted as harm
    expect((await login(m.username)).json()).toMatchObject({ errorCode: 'protection.closed' });

    const audit = (await auditRows(t.db)).length;
    const res = await staffErase(m.id);
    expect(res.statusCode, res.body).toBe(200);
    const fiveYears = new Date(closedAt);
    fiveYears.setUTCFullYear(fiveYears.getUTCFullYear() + 5);
    expect(res.json().value).toMatchObject({
      status: 'retained',
      retainedUntil: fiveYears.getTime(),
      finishedAt: null,
    });
    expect((await auditRows(t.db)).length).toBe(audit + 1);

    expect(await identityRow(m.id)).toMatchObject({
      username: `erased-${m.id}`,
      nickname: 'erased',
      mobile: null,
      email: null,
      password_hash: null,
      register_ip: null,
      status: 'locked',
    });
    const sessions = await t.db
      .selectFrom('member_session')
      .select(['ip', 'user_agent', 'revoked_at'])
      .where('member_id', '=', m.id)
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s).toMatchObject({ ip: null, user_agent: null });
    for (const s of sessions) expect(s.revoked_at).not.toBeNull();
    // Under AML retention: the KYC file is still there.
    const [doc] = await documentsOf(m.id);
    expect(doc).toMatchObject({ erased_at: null, bytes: PNG_BYTES.length });

    // Ledger rows are the member id's only: untouched and balanced.
    const accounts = await t.db
      .selectFrom('ledger_account')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(accounts.length).toBeGreaterThan(0);
    const report = await verifyLedger(t.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);

    // The mark keeps refusing the person: the same mobile opens no new account.
    clock.advance(2 * 60_000); // past the SMS code's resend interval
    const again = await register(m.mobile);
    expect(again.res.statusCode, again.res.body).toBe(403);
    expect(again.res.json()).toMatchObject({ success: false, errorCode: 'protection.excluded.person' });
    const marks = await t.db
      .selectFrom('protection_exclusion_mark')
      .select(['kind', 'digest'])
      .where('member_id', '=', m.id)
      .execute();
    expect(marks.map((k) => k.kind)).toEqual(['mobile']);
    expect(marks[0]?.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(marks[0]?.digest).not.toContain(m.mobile.slice(1));

    // Asking again answers the first erasure; nothing is erased twice.
    const twice = await staffErase(m.id);
    expect(twice.json().value).toEqual(res.json().value);
    expect(
      await t.db.selectFrom('protection_erasure').select('member_id').where('member_id', '=', m.id).execute(),
    ).toHaveLength(1);

    // Staff see its status.
    const list = await bo(t.app, risk, {
      method: 'GET',
      url: `/bo/api/protection/erasures?memberId=${m.id}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value.items).toEqual([
      expect.objectContaining({ memberId: m.id, status: 'retained', username: `erased-${m.id}` }),
    ]);

    // Once the retention is over, the job erases the retained part too.
    expect(await t.app.services.protection.erasure.finishDue()).toBe(0);
    clock.advance(5 * 366 * DAY);
    risk = await staffLogin(t.app, clock, 'risk'); // the staff session ended meanwhile
    expect(await t.app.services.protection.erasure.finishDue()).toBeGreaterThanOrEqual(1);
    const [gone] = await documentsOf(m.id);
    expect(gone?.erased_at).not.toBeNull();
    expect(gone?.bytes).toBe(0);
    const done = await bo(t.app, risk, {
      method: 'GET',
      url: `/bo/api/protection/erasures?memberId=${m.id}`,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().value.items[0]).toMatchObject({ status: 'done' });
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('a member closed for another reason signs in, sees the state and erases; no retention erases all at once', async () => {
    // (A registration after the marks above: other people are not refused.)
    const profile = await bo(t.app, risk, {
      method: 'GET',
      url: '/bo/api/protection/profile?merchant=khelabd',
    });
    const current = profile.json().value as Record<string, unknown>;
    const { merchant: _m, version, savedAt: _s, savedBy: _b, ...rest } = current;
    const saved = await bo(t.app, risk, {
      method: 'PUT',
      url: '/bo/api/protection/profile',
      payload: { ...rest, amlRetentionYears: 0, merchant: 'khelabd', baseVersion: version },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const m = await registered();
    expect((await upload(m.token, newIp(), 'selfie')).statusCode).toBe(200);
    expect((await close(m.token, 'other')).statusCode).toBe(200);
    const again = await login(m.username);
    expect(again.statusCode, again.body).toBe(200);
    const token = again.json().value.token as string;
    const state = await call({ method: 'GET', url: '/wps/protection/account', token });
    expect(state.json().value).toMatchObject({ closed: true, closureReason: 'other', erasure: null });

    const res = await call({
      method: 'POST',
      url: '/wps/protection/erasure',
      token,
      payload: { confirm: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'done', retainedUntil: null, requestedBy: null });
    const [doc] = await documentsOf(m.id);
    expect(doc).toMatchObject({ bytes: 0, kind: 'selfie' });
    expect(doc?.erased_at).not.toBeNull();
    // Not closed for harm: no mark, and the session ended with the erasure.
    expect(
      await t.db
        .selectFrom('protection_exclusion_mark')
        .select('kind')
        .where('member_id', '=', m.id)
        .execute(),
    ).toEqual([]);
    expect((await call({ method: 'GET', url: '/wps/protection/account', token })).statusCode).toBe(401);
    expect((await login(m.username)).statusCode).not.toBe(200);
  });
});

describe('reopening', () => {
  it('is refused before the request and the cooling-off, then allowed after both', async () => {
    const m = await registered();
    const closedAt = clock.now().getTime();
    expect((await close(m.token, 'other')).statusCode).toBe(200);
    let token = (await login(m.username)).json().value.token as string;
    const confirm = () =>
      call({ method: 'POST', url: '/wps/protection/reopen/confirm', token, payload: { confirm: true } });

    const early = await confirm();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      errorCode: 'protection.reopen.unavailable',
      value: { reason: 'notRequested', from: closedAt + 24 * HOUR },
    });
    const asked = await call({
      method: 'POST',
      url: '/wps/protection/reopen',
      token,
      payload: { confirm: true },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().value).toMatchObject({
      closed: true,
      reopen: { possible: true, requestedAt: clock.now().getTime(), from: closedAt + 24 * HOUR },
    });
    expect((await confirm()).json()).toMatchObject({ value: { reason: 'coolingOff' } });
    // Still closed meanwhile: deposits and play refuse.
    await expect(t.app.services.protection.assertCan(m.id, 'deposit')).rejects.toMatchObject({
      code: 'protection.closed',
    });
    clock.advance(24 * HOUR);
    token = (await login(m.username)).json().value.token as string; // the idle session ended meanwhile
    const done = await confirm();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().value).toMatchObject({ closed: false, closureReason: null, erasure: null });
  });

  it('is refused for a closure for gambling harm and for an erased account', async () => {
    const harm = await newMember(t.db, { prefix: 'erh' });
    await t.app.services.protection.account.close({ id: harm.member.id, merchantCode: 'khelabd' }, 'harm');
    await expect(
      t.app.services.protection.erasure.requestReopen({ id: harm.member.id, merchantCode: 'khelabd' }),
    ).rejects.toMatchObject({
      code: 'protection.reopen.unavailable',
      options: { value: { reason: 'harm' } },
    });
    await expect(t.app.services.protection.assertCanSignIn(harm.member.id)).rejects.toMatchObject({
      code: 'protection.closed',
    });

    const other = await newMember(t.db, { prefix: 'ero' });
    const self = { id: other.member.id, merchantCode: 'khelabd' };
    await t.app.services.protection.account.close(self, 'other');
    await t.app.services.protection.assertCanSignIn(other.member.id);
    await expect(t.app.services.protection.assertCan(other.member.id, 'deposit')).rejects.toMatchObject({
      code: 'protection.closed',
    });
    await t.app.services.protection.erasure.request(self);
    clock.advance(30 * DAY);
    await expect(t.app.services.protection.erasure.requestReopen(self)).rejects.toMatchObject({
      options: { value: { reason: 'erased' } },
    });
  });
});

describe('KYC uploads', () => {
  it('counts 50 concurrent uploads of one member exactly: 10 pass, 40 get 429', async () => {
    clock.set(Date.now()); // back from the retention years: test members' sessions start now
    const m = await registered();
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => upload(m.token, ip)));
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused[0]?.json()).toMatchObject({ success: false, errorCode: 'protection.kyc.rate' });
    expect(refused[0]?.json().value.retryAfter).toBeGreaterThan(0);
    expect(await documentsOf(m.id)).toHaveLength(10);
  });

  it('limits one address across members to 60 an hour', async () => {
    const ip = newIp();
    const members = await Promise.all(Array.from({ length: 7 }, () => newMember(t.db, { prefix: 'erk' })));
    const answers = await Promise.all(
      members.flatMap((m) => Array.from({ length: 10 }, () => upload(m.token, ip))),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(60);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(10);
  });
});

describe('data download', () => {
  it('includes KYC submissions (kind, status, dates), never the files', async () => {
    const m = await newMember(t.db, { prefix: 'erd' });
    expect((await upload(m.token, newIp(), 'address')).statusCode).toBe(200);
    const res = await call({ method: 'GET', url: '/wps/protection/my-data', token: m.token });
    expect(res.statusCode, res.body).toBe(200);
    const kyc = res.json().value.sections.responsibleGaming.kyc;
    expect(kyc.status).toBe('pending');
    expect(kyc.documents).toEqual([
      expect.objectContaining({ kind: 'address', mime: 'image/png', status: 'pending', erased_at: null }),
    ]);
    expect(kyc.documents[0]).not.toHaveProperty('content');
    expect(res.body).not.toContain(Buffer.from(PNG_BYTES).toString('base64').slice(0, 40));
  });
});
