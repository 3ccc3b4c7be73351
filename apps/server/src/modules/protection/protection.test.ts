import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { cashierSteps, memberCall } from '../cashier/test-support';
import { newMember } from '../wallet/test-support';

/**
 * Player protection (docs/decisions/030) through the HTTP stack, on a clock the test moves:
 * limits (lowest wins, decrease at once, increase only after cooling-off and confirmation),
 * time-out and self-exclusion (sessions end, sign-in refused, withdrawals stay open).
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = createClock('2026-03-02T10:30:00Z');
let t: TestApp;
let steps: ReturnType<typeof cashierSteps>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  steps = cashierSteps(t.app, t.db);
});

afterAll(async () => {
  await t?.close();
});

/** A member signed in with a password at the test clock (sessions use the app's clock). */
const signedIn = async (username: string, password = 'Demo1234', remember = false) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    remoteAddress: '10.16.0.1',
    payload: { username, password, remember },
  });
  return res;
};

const login = async (username: string) => {
  const res = await signedIn(username);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: { token: string } }).value.token;
};

const memberOf = async (username: string) =>
  (
    await t.db
      .selectFrom('member')
      .select(['id', 'merchant_code'])
      .where('username', '=', username)
      .where('merchant_code', '=', 'khelabd')
      .executeTakeFirstOrThrow()
  ).id;

/** Moves the member's live sessions to the test clock (the clock jumps days; sessions idle out). */
const keepAlive = (memberId: number) =>
  t.db
    .updateTable('member_session')
    .set({
      created_at: clock.now(),
      last_seen_at: clock.now(),
      expires_at: new Date(clock.now().getTime() + DAY),
    })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();

const state = async (token: string) => {
  const res = await memberCall(t.app, token, 'GET', '/wps/protection');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    limits: { kind: string; period: string; amount: string | null; usage: string; pending: unknown }[];
    restriction: { type: string; until: number | null } | null;
  };
};

const setLimit = (token: string, body: Record<string, unknown>) =>
  memberCall(t.app, token, 'POST', '/wps/protection/limits', body);

const deposit = async (token: string, amount: number) =>
  memberCall(t.app, token, 'POST', '/wps/cashier/deposits', {
    channelId: await steps.channelId(),
    amount,
    reference: `RG${randomUUID().slice(0, 10)}`,
  });

describe('limits', () => {
  it('refuses a deposit over the lowest limit, naming limit, period, amount and usage', async () => {
    const m = await newMember(t.db, { prefix: 'rgdep' });
    // newMember's session is stamped with the real time; move it to the test clock.
    const token = m.token;
    await keepAlive(m.member.id);
    expect((await setLimit(token, { kind: 'deposit', period: 'week', amount: 100_000 })).statusCode).toBe(
      200,
    );
    expect((await setLimit(token, { kind: 'deposit', period: 'day', amount: 60_000 })).statusCode).toBe(200);
    expect((await deposit(token, 40_000)).statusCode).toBe(200);
    const refused = await deposit(token, 30_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      errorCode: 'protection.limit',
      message: 'error.protection.limit',
      value: { limit: 'deposit', period: 'day', amount: '60000', usage: '40000' },
    });
    // Nothing was written: still one deposit.
    const rows = await t.db
      .selectFrom('cashier_deposit')
      .select('amount')
      .where('member_id', '=', m.member.id)
      .execute();
    expect(rows.map((r) => String(r.amount))).toEqual(['40000']);
    // A day later the daily window has room again; the weekly one now binds (100 000 - 40 000).
    clock.advance(DAY);
    await keepAlive(m.member.id);
    expect((await deposit(token, 60_000)).statusCode).toBe(200);
    const weekly = await deposit(token, 20_000);
    expect(weekly.json()).toMatchObject({
      errorCode: 'protection.limit',
      value: { limit: 'deposit', period: 'week', amount: '100000', usage: '100000' },
    });
    // The used-up weekly limit closes the deposit door before the body is even read.
    const atDoor = await memberCall(t.app, token, 'POST', '/wps/cashier/deposits', {});
    expect(atDoor.json()).toMatchObject({ errorCode: 'protection.limit', value: { period: 'week' } });
  });

  it('a decrease is in force at once; an increase or removal only after cooling-off and confirmation', async () => {
    const token = await login('team01');
    const id = await memberOf('team01');
    const limitOf = async () => {
      await keepAlive(id);
      return (await state(token)).limits.find((l) => l.kind === 'loss' && l.period === 'month');
    };
    expect((await setLimit(token, { kind: 'loss', period: 'month', amount: 50_000 })).statusCode).toBe(200);
    expect((await limitOf())?.amount).toBe('50000');
    // Decrease: at once.
    await setLimit(token, { kind: 'loss', period: 'month', amount: 30_000 });
    expect((await limitOf())?.amount).toBe('30000');
    // Increase: pending, the lower amount stays in force.
    await setLimit(token, { kind: 'loss', period: 'month', amount: 90_000 });
    const pending = await limitOf();
    expect(pending?.amount).toBe('30000');
    expect(pending?.pending).toEqual({
      action: 'raise',
      amount: '90000',
      from: clock.now().getTime() + DAY,
      until: clock.now().getTime() + 8 * DAY,
    });
    const confirm = async () => {
      await keepAlive(id);
      return memberCall(t.app, token, 'POST', '/wps/protection/limits/confirm', {
        kind: 'loss',
        period: 'month',
      });
    };
    // Not before the cooling-off ends, not even a second before.
    clock.advance(DAY - 1000);
    const early = await confirm();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'protection.confirm.unavailable' });
    expect((await limitOf())?.amount).toBe('30000');
    // Cooling-off over but not confirmed: still the lower amount.
    clock.advance(2000);
    expect((await limitOf())?.amount).toBe('30000');
    expect((await confirm()).statusCode).toBe(200);
    expect((await limitOf())?.amount).toBe('90000');
    // Removal: the same way; it lapses when not confirmed within 7 days.
    await keepAlive(id);
    await setLimit(token, { kind: 'loss', period: 'month', amount: null });
    clock.advance(8 * DAY + 1000);
    expect((await confirm()).statusCode).toBe(409);
    expect((await limitOf())?.amount).toBe('90000');
    expect((await limitOf())?.pending).toBeNull();
    // A decrease while an increase waits cancels the increase.
    await keepAlive(id);
    await setLimit(token, { kind: 'loss', period: 'month', amount: 200_000 });
    await setLimit(token, { kind: 'loss', period: 'month', amount: 10_000 });
    expect(await limitOf()).toMatchObject({ amount: '10000', pending: null });
  });

  it('refuses bad limit input with a 4xx and writes nothing', async () => {
    const token = await login('team01');
    const before = await state(token);
    for (const body of [
      { kind: 'deposit', period: 'year', amount: 100 },
      { kind: 'deposit', period: 'day', amount: -5 },
      { kind: 'deposit', period: 'day', amount: 1.5 },
      { kind: 'session', amount: 5 },
      { kind: 'bonus', period: 'day', amount: 100 },
    ]) {
      const res = await setLimit(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect(await state(token)).toEqual(before);
  });
});

describe('time-out and self-exclusion', () => {
  it('a time-out ends every session at once, refuses sign-in until it ends, keeps withdrawals open', async () => {
    const token = await login('team02');
    const remembered = await signedIn('team02', 'Demo1234', true);
    const rememberToken = (remembered.json() as { value: { rememberToken: string } }).value.rememberToken;
    const id = await memberOf('team02');
    const pause = await memberCall(t.app, token, 'POST', '/wps/protection/pause', {
      type: 'timeout',
      days: 2,
    });
    expect(pause.statusCode, pause.body).toBe(200);
    // Signed out everywhere.
    expect((await memberCall(t.app, token, 'GET', '/wps/member/info')).statusCode).toBe(401);
    // Sign-in refused, by password and by remember-me token, naming the end.
    const until = clock.now().getTime() + 2 * DAY;
    const refused = await signedIn('team02');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'protection.timeout', value: { until } });
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/wps/session/remember',
      payload: { rememberToken },
    });
    expect(byToken.statusCode).not.toBe(200);
    // Withdrawals stay possible: the door lets the member's withdrawal through (with a live
    // session, e.g. one opened before the time-out on a node that had not yet seen it).
    const live = await newMember(t.db, { prefix: 'rgwd' });
    await steps.ready(live, 100_000n);
    await t.app.services.protection.pauses.pause(
      { id: live.member.id, merchantCode: 'khelabd' },
      { type: 'timeout', days: 1, allMerchants: false },
    );
    await t.db
      .updateTable('member_session')
      .set({
        revoked_at: null,
        created_at: clock.now(),
        last_seen_at: clock.now(),
        expires_at: new Date(clock.now().getTime() + DAY),
      })
      .where('member_id', '=', live.member.id)
      .execute();
    const withdrawal = await memberCall(t.app, live.token, 'POST', '/wps/cashier/withdrawals', {
      amount: 50_000,
      paymentPassword: 'pay12345',
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const depositRefused = await deposit(live.token, 30_000);
    expect(depositRefused.json()).toMatchObject({ errorCode: 'protection.timeout' });
    // After the end, sign-in works again.
    clock.advance(2 * DAY + 1000);
    expect((await signedIn('team02')).statusCode).toBe(200);
    expect(id).toBeGreaterThan(0);
  });

  it('self-exclusion is permanent when asked; a later shorter time-out does not shorten it', async () => {
    const token = await login('team03');
    const res = await memberCall(t.app, token, 'POST', '/wps/protection/pause', {
      type: 'selfExclusion',
      term: 'permanent',
    });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await signedIn('team03');
    expect(refused.json()).toMatchObject({ errorCode: 'protection.excluded', value: { until: null } });
    const id = await memberOf('team03');
    await t.app.services.protection.pauses.pause(
      { id, merchantCode: 'khelabd' },
      { type: 'timeout', days: 1, allMerchants: false },
    );
    clock.advance(400 * DAY);
    expect((await signedIn('team03')).json()).toMatchObject({ errorCode: 'protection.excluded' });
  });
});
