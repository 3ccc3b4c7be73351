import { randomUUID } from 'node:crypto';
import { GAME_TYPES } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { cashierSteps, memberCall } from '../cashier/test-support';
import { gamesOf, openGame, spinOnce } from '../games/test-support';
import { ruleBody } from '../promotions/test-support';
import { auditRows, bo, multipartOf, PNG_BYTES, staffLogin } from '../staff/test-support';
import { newMember } from '../wallet/test-support';

/**
 * Licence profiles and KYC (ADR 045) through the HTTP stack: a saved profile is a new audited
 * version; play money refuses deposits and real-money launches; a disallowed vertical refuses
 * launch and bets; the cooling-off follows the profile; KYC documents are checked by content,
 * reviewed by staff (minimum age on approval) and gate withdrawals above the profile's threshold.
 */
const HOUR = 3_600_000;
const clock = createClock(new Date());
let t: TestApp;
let risk: string;
let steps: ReturnType<typeof cashierSteps>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  risk = await staffLogin(t.app, clock, 'risk');
  steps = cashierSteps(t.app, t.db);
});

afterAll(async () => {
  await t?.close();
});

const DEFAULTS = {
  minAge: 18,
  moneyMode: 'real',
  allowedProducts: [...GAME_TYPES],
  coolingOffHours: 24,
  limitPrompt: 'none',
  kycBeforeDeposit: false,
  kycWithdrawalAbove: null,
};

const profileOf = async (merchant: string) => {
  const res = await bo(t.app, risk, {
    method: 'GET',
    url: `/bo/api/protection/profile?merchant=${merchant}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { version: number } & Record<string, unknown>;
};

const saveProfile = async (merchant: string, change: Record<string, unknown>) => {
  const { version } = await profileOf(merchant);
  const res = await bo(t.app, risk, {
    method: 'PUT',
    url: '/bo/api/protection/profile',
    payload: { ...DEFAULTS, ...change, merchant, baseVersion: version },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Record<string, unknown>;
};

const upload = (token: string, kind: string, bytes: Buffer, type = 'image/png') => {
  const body = multipartOf(bytes, 'doc.bin', type);
  return t.app.inject({
    method: 'PUT',
    url: `/wps/protection/kyc?kind=${kind}`,
    headers: { authorization: token, ...body.headers },
    payload: body.payload,
  });
};

const review = (payload: Record<string, unknown>) =>
  bo(t.app, risk, { method: 'POST', url: '/bo/api/protection/kyc/review', payload });

describe('licence profiles', () => {
  it('saves versions (audited, a stale editor refused); defaults before the first', async () => {
    expect(await profileOf('khelain')).toMatchObject({ ...DEFAULTS, version: 0, savedAt: null });
    const before = (await auditRows(t.db)).length;
    const saved = await saveProfile('khelain', { minAge: 21, coolingOffHours: 72 });
    expect(saved).toMatchObject({ version: 1, minAge: 21, coolingOffHours: 72, merchant: 'khelain' });
    const audit = await auditRows(t.db);
    expect(audit.length).toBe(before + 1);
    expect(audit.at(-1)).toMatchObject({ action: 'protection.profile.save', target: 'merchant:khelain' });
    const stale = await bo(t.app, risk, {
      method: 'PUT',
      url: '/bo/api/protection/profile',
      payload: { ...DEFAULTS, merchant: 'khelain', baseVersion: 0 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      success: false,
      errorCode: 'protection.profile.stale',
      value: { version: 1 },
    });
    const bad = await bo(t.app, risk, {
      method: 'PUT',
      url: '/bo/api/protection/profile',
      payload: { ...DEFAULTS, minAge: 12, merchant: 'khelain', baseVersion: 1 },
    });
    expect(bad.statusCode).toBe(400);
    // Only the valid save made a version.
    const versions = await t.db
      .selectFrom('protection_profile')
      .select('version')
      .where('merchant_code', '=', 'khelain')
      .execute();
    expect(versions.map((v) => v.version).sort()).toEqual([1]);
    await saveProfile('khelain', { minAge: 18 });
    expect((await profileOf('khelain')).version).toBe(2);
  });

  it("an increase waits the profile's cooling-off (72 h here)", async () => {
    await saveProfile('khelain', { coolingOffHours: 72 });
    const m = await newMember(t.db, { merchantCode: 'khelain', prefix: 'lpcool' });
    const call = (body: Record<string, unknown>) =>
      memberCall(t.app, m.token, 'POST', '/wps/protection/limits', body, { merchant: 'khelain' });
    expect((await call({ kind: 'deposit', period: 'day', amount: 10_000 })).statusCode).toBe(200);
    const raised = await call({ kind: 'deposit', period: 'day', amount: 50_000 });
    expect(raised.statusCode, raised.body).toBe(200);
    const limit = (raised.json().value.limits as { kind: string; pending: { from: number } | null }[]).find(
      (l) => l.kind === 'deposit',
    );
    expect(limit?.pending?.from).toBe(clock.now().getTime() + 72 * HOUR);
  });

  it('play money only: deposits and real-money launches refused, nothing written', async () => {
    await saveProfile('khelain', { moneyMode: 'play' });
    const m = await newMember(t.db, { merchantCode: 'khelain', prefix: 'lpplay' });
    const channel = await t.db
      .selectFrom('cashier_channel')
      .select('id')
      .where('merchant_code', '=', 'khelain')
      .executeTakeFirstOrThrow();
    const refused = await memberCall(
      t.app,
      m.token,
      'POST',
      '/wps/cashier/deposits',
      { channelId: channel.id, amount: 50_000, reference: `LP${randomUUID().slice(0, 8)}` },
      { merchant: 'khelain' },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'protection.play.money' });
    const deposits = await t.db
      .selectFrom('cashier_deposit')
      .select('id')
      .where('member_id', '=', m.member.id)
      .execute();
    expect(deposits).toEqual([]);
    const [nodeId = ''] = await gamesOf(t.db);
    const real = await memberCall(
      t.app,
      m.token,
      'GET',
      `/wps/game/launchGame?launchMode=GLS&accountType=1&nodeId=${nodeId}`,
      undefined,
      {
        merchant: 'khelain',
      },
    );
    expect(real.statusCode).toBe(403);
    expect(real.json()).toMatchObject({ errorCode: 'protection.play.money' });
    await saveProfile('khelain', {});
  });

  it('a disallowed vertical: launch refused; a bet in a game already open refused, nothing debited', async () => {
    const m = await newMember(t.db, { prefix: 'lpvert' });
    await steps.fund(m, 100_000n);
    const [nodeId = ''] = await gamesOf(t.db);
    const session = await openGame(t.app, m.token, nodeId);
    await saveProfile('khelabd', { allowedProducts: GAME_TYPES.filter((g) => g !== 'RNG') });
    // The profile is remembered for at most a second per node.
    clock.advance(1_100);
    const spin = await spinOnce(t.app, session, 100);
    expect(spin.statusCode).toBe(403);
    expect(spin.json()).toMatchObject({
      success: false,
      errorCode: 'protection.vertical',
      value: { product: 'RNG' },
    });
    const rounds = await t.db
      .selectFrom('game_round')
      .select('id')
      .where('member_id', '=', m.member.id)
      .execute();
    expect(rounds).toEqual([]);
    const launch = await memberCall(
      t.app,
      m.token,
      'GET',
      `/wps/game/launchGame?launchMode=GLS&accountType=1&nodeId=${nodeId}`,
    );
    expect(launch.json()).toMatchObject({ errorCode: 'protection.vertical' });
    await saveProfile('khelabd', {});
    clock.advance(1_100);
  });
});

describe('KYC', () => {
  it('checks uploads by content; withdrawals above the threshold wait for verification; staff review is audited', async () => {
    const m = await newMember(t.db, { prefix: 'kyc' });
    await steps.ready(m, 200_000n);
    await saveProfile('khelabd', { kycWithdrawalAbove: '50000' });
    clock.advance(1_100);
    // At or under the threshold: no KYC needed.
    await steps.withdraw(m, 50_000);
    const over = await memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals', {
      amount: 60_000,
      paymentPassword: 'pay12345',
    });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      errorCode: 'protection.kyc.required',
      value: { status: 'none', above: '50000' },
    });

    const text = await upload(m.token, 'idFront', Buffer.from('not an image at all'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      success: false,
      errorCode: 'protection.kyc.file',
      value: { reason: 'type' },
    });
    const pdf = await upload(m.token, 'address', Buffer.from('%PDF-1.4\n%test\n'), 'application/pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    const png = await upload(m.token, 'idFront', PNG_BYTES);
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().value).toMatchObject({
      status: 'pending',
      required: { beforeDeposit: false, withdrawalAbove: '50000' },
    });
    const docs = png.json().value.documents as { id: number; kind: string; mime: string }[];
    expect(docs.map((d) => [d.kind, d.mime])).toEqual([
      ['idFront', 'image/png'],
      ['address', 'application/pdf'],
    ]);
    const pending = await memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals', {
      amount: 60_000,
      paymentPassword: 'pay12345',
    });
    expect(pending.json()).toMatchObject({
      errorCode: 'protection.kyc.required',
      value: { status: 'pending' },
    });

    // The queue lists the member's documents, oldest first; staff see the file as uploaded.
    const queue = await bo(t.app, risk, { method: 'GET', url: '/bo/api/protection/kyc?merchant=khelabd' });
    const mine = (queue.json().value.items as { id: number; username: string; memberId: number }[]).filter(
      (i) => i.memberId === m.member.id,
    );
    expect(mine.map((i) => i.username)).toEqual([m.member.username, m.member.username]);
    const [idFront] = docs;
    const file = await bo(t.app, risk, {
      method: 'GET',
      url: `/bo/api/protection/kyc/document?id=${idFront?.id}`,
    });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);

    // Under 18 on the clock's date: refused, nothing changed.
    const year = clock.now().getUTCFullYear();
    const young = await review({ id: idFront?.id, decision: 'approve', birthDate: `${year - 17}-01-01` });
    expect(young.statusCode).toBe(409);
    expect(young.json()).toMatchObject({ errorCode: 'protection.kyc.underage', value: { minAge: 18 } });
    const before = (await auditRows(t.db)).length;
    const ok = await review({ id: idFront?.id, decision: 'approve', birthDate: `${year - 30}-06-15` });
    expect(ok.statusCode, ok.body).toBe(200);
    const audit = await auditRows(t.db);
    expect(audit.length).toBe(before + 1);
    expect(audit.at(-1)).toMatchObject({ action: 'protection.kyc.approve', target: `member:${m.member.id}` });
    const again = await review({ id: idFront?.id, decision: 'reject', reason: 'blurred' });
    expect(again.json()).toMatchObject({ errorCode: 'protection.kyc.reviewed' });

    const status = await memberCall(t.app, m.token, 'GET', '/wps/protection/kyc');
    expect(status.json().value).toMatchObject({ status: 'verified', reason: null });
    const allowed = await memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals', {
      amount: 60_000,
      paymentPassword: 'pay12345',
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    await saveProfile('khelabd', {});
    clock.advance(1_100);
  });

  it('a rejection carries its reason; a profile asking for KYC before deposits refuses the unverified', async () => {
    const m = await newMember(t.db, { prefix: 'kycrej' });
    const png = await upload(m.token, 'selfie', PNG_BYTES);
    const [doc] = png.json().value.documents as { id: number }[];
    expect((await review({ id: doc?.id, decision: 'reject', reason: 'face not visible' })).statusCode).toBe(
      200,
    );
    const status = await memberCall(t.app, m.token, 'GET', '/wps/protection/kyc');
    expect(status.json().value).toMatchObject({ status: 'rejected', reason: 'face not visible' });
    await saveProfile('khelabd', { kycBeforeDeposit: true });
    clock.advance(1_100);
    const refused = await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
      channelId: await steps.channelId(),
      amount: 50_000,
      reference: `KY${randomUUID().slice(0, 8)}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorCode: 'protection.kyc.required',
      value: { status: 'rejected' },
    });
    await saveProfile('khelabd', {});
    clock.advance(1_100);
  });
});

describe('account closure and lifting an ended self-exclusion', () => {
  const login = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: '10.16.0.1',
      payload: { username, password: 'Demo1234' },
    });
  const tokenOf = async (username: string) => {
    const res = await login(username);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { value: { token: string } }).value.token;
  };

  it('a closed account has no session and cannot sign in', async () => {
    const token = await tokenOf('team01');
    const closed = await memberCall(t.app, token, 'POST', '/wps/protection/close', { confirm: true });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await memberCall(t.app, token, 'GET', '/wps/member/info')).statusCode).toBe(401);
    const again = await login('team01');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'protection.closed' });
  });

  it('after its term an exclusion needs a request, 24 h and a confirmation before money moves again', async () => {
    const owner = await staffLogin(t.app, clock, 'owner');
    const rule = await bo(t.app, owner, {
      method: 'POST',
      url: '/bo/api/promotions/rules',
      payload: ruleBody(),
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const first = await tokenOf('team02');
    const paused = await memberCall(t.app, first, 'POST', '/wps/protection/pause', {
      type: 'selfExclusion',
      term: '6m',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await login('team02')).json()).toMatchObject({ errorCode: 'protection.excluded' });
    // Six calendar months are at most 184 days.
    clock.advance(185 * 24 * HOUR);
    // Half a year on, the password would have expired (a forced change): not what this test is about.
    await t.db
      .updateTable('member')
      .set({ password_changed_at: clock.now() })
      .where('username', '=', 'team02')
      .where('merchant_code', '=', 'khelabd')
      .execute();
    const token = await tokenOf('team02');
    const deposit = () =>
      memberCall(t.app, token, 'POST', '/wps/cashier/deposits', {
        channelId: 0,
        amount: 50_000,
        reference: `LF${randomUUID().slice(0, 8)}`,
      });
    const offers = async (tk: string) =>
      ((await memberCall(t.app, tk, 'GET', '/wps/promotions/offers')).json().value.offers as unknown[])
        .length;
    // Marketing stop: no promotion is offered until the exclusion is lifted.
    expect(await offers(token)).toBe(0);
    const shut = await deposit();
    expect(shut.statusCode).toBe(403);
    expect(shut.json()).toMatchObject({ errorCode: 'protection.lift.required', value: { from: null } });
    const early = await memberCall(t.app, token, 'POST', '/wps/protection/lift/confirm');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'protection.lift.unavailable', value: { from: null } });
    expect((await memberCall(t.app, token, 'POST', '/wps/protection/lift')).statusCode).toBe(200);
    const asked = clock.now().getTime();
    const waiting = await memberCall(t.app, token, 'POST', '/wps/protection/lift/confirm');
    expect(waiting.json()).toMatchObject({
      errorCode: 'protection.lift.unavailable',
      value: { from: asked + 24 * HOUR },
    });
    clock.advance(24 * HOUR);
    const fresh = await tokenOf('team02');
    const lifted = await memberCall(t.app, fresh, 'POST', '/wps/protection/lift/confirm');
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await offers(fresh)).toBeGreaterThan(0);
    // The door lets the deposit through now (the unknown channel is what refuses it).
    const open = await memberCall(t.app, fresh, 'POST', '/wps/cashier/deposits', {
      channelId: 999_999,
      amount: 50_000,
      reference: `LF${randomUUID().slice(0, 8)}`,
    });
    expect(open.json().errorCode).not.toMatch(/^protection\./);
  });
});
