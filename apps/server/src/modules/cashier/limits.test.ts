import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { auditRows, staffLogin } from '../staff/test-support';
import { newMember, type TestMember } from '../wallet/test-support';
import { cashierCounts, cashierSteps, memberCall, staffCall } from './test-support';

/** Daily cashier limits set by risk (issue 4 "limits", permission limits.write), enforced by the cashier. */

let t: TestApp;
const clock = createClock('2026-11-20T10:00:00Z');
let steps: ReturnType<typeof cashierSteps>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  steps = cashierSteps(t.app, t.db);
  for (const role of ['owner', 'finance', 'support', 'content', 'risk'])
    tokens[role] = await staffLogin(t.app, clock, role);
});
afterAll(async () => {
  await t?.close();
});

const setLimits = (token: string, body: Record<string, unknown>) =>
  staffCall(t.app, token, 'PUT', '/bo/api/cashier/limits', { reason: 'risk review', ...body });
const deposit = (m: TestMember, amount: number) =>
  memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
    channelId: channel,
    amount,
    reference: `LIM${randomUUID().replace(/-/g, '').slice(0, 10)}`,
  });
const withdraw = (m: TestMember, amount: number) =>
  memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals', { amount, paymentPassword: 'pay12345' });
const errorOf = (res: { statusCode: number; body: string }) =>
  ({ status: res.statusCode, ...JSON.parse(res.body) }) as {
    status: number;
    errorCode: string;
    value?: unknown;
  };
let channel: number;

describe('per-member limits', () => {
  it('risk sets a daily deposit limit: requests within pass, the one over it is refused (translated code), nothing written', async () => {
    channel = await steps.channelId();
    const m = await newMember(t.db);
    const saved = await setLimits(tokens.risk as string, {
      memberId: m.member.id,
      depositAmount: 100_000,
      withdrawAmount: null,
      withdrawCount: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.parse(saved.body).value).toMatchObject({
      member: { depositAmountMinor: '100000', withdrawAmountMinor: null, withdrawCount: null },
      effective: { depositAmountMinor: '100000' },
      usage: { depositedMinor: '0', withdrawals: 0 },
    });
    expect((await deposit(m, 60_000)).statusCode).toBe(200);
    const before = await cashierCounts(t.db);
    const over = await deposit(m, 50_000);
    expect(errorOf(over)).toMatchObject({
      status: 409,
      errorCode: 'cashier.limit.deposit',
      message: 'error.cashier.limit.deposit',
      value: { limitMinor: '100000', remainingMinor: '40000' },
    });
    expect(await cashierCounts(t.db)).toEqual(before);
    expect((await deposit(m, 40_000)).statusCode).toBe(200);
    // A rejected request no longer counts; 24 hours later the day starts again.
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await deposit(m, 100_000)).statusCode).toBe(200);
  });

  it('withdrawal amount and count per 24 hours; a rejected withdrawal frees its share', async () => {
    tokens.risk = await staffLogin(t.app, clock, 'risk');
    tokens.finance = await staffLogin(t.app, clock, 'finance');
    const m = await newMember(t.db);
    await steps.ready(m, 5_000_000n);
    expect(
      (
        await setLimits(tokens.risk as string, {
          memberId: m.member.id,
          depositAmount: null,
          withdrawAmount: 200_000,
          withdrawCount: 2,
        })
      ).statusCode,
    ).toBe(200);
    const w1 = await withdraw(m, 120_000);
    expect(w1.statusCode, w1.body).toBe(200);
    expect(errorOf(await withdraw(m, 90_000))).toMatchObject({
      status: 409,
      errorCode: 'cashier.limit.withdraw',
      value: { remainingMinor: '80000' },
    });
    expect((await withdraw(m, 80_000)).statusCode).toBe(200);
    expect(errorOf(await withdraw(m, 50_000))).toMatchObject({
      status: 409,
      errorCode: 'cashier.limit.withdraw.count',
      value: { limit: 2 },
    });
    await steps.act(tokens.finance as string, JSON.parse(w1.body).value.id, 'reject', 'limit test');
    expect((await withdraw(m, 60_000)).statusCode).toBe(200);
  });

  it('empty = the merchant default; the member own limit wins over it', async () => {
    const owner = await staffLogin(t.app, clock, 'owner');
    const defaults = await staffCall(t.app, owner, 'PUT', '/bo/api/cashier/limit-defaults', {
      merchant: 'khelabd',
      depositAmount: 70_000,
      withdrawAmount: null,
      withdrawCount: null,
      reason: 'brand policy',
    });
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(JSON.parse(defaults.body).value.limits).toMatchObject({ depositAmountMinor: '70000' });
    const plain = await newMember(t.db);
    expect(errorOf(await deposit(plain, 80_000))).toMatchObject({ errorCode: 'cashier.limit.deposit' });
    const vip = await newMember(t.db);
    await setLimits(owner, {
      memberId: vip.member.id,
      depositAmount: 500_000,
      withdrawAmount: null,
      withdrawCount: null,
    });
    expect((await deposit(vip, 80_000)).statusCode).toBe(200);
    // Clearing the member's own limit brings the default back.
    const cleared = await setLimits(owner, {
      memberId: vip.member.id,
      depositAmount: null,
      withdrawAmount: null,
      withdrawCount: null,
    });
    expect(JSON.parse(cleared.body).value).toMatchObject({
      member: { depositAmountMinor: null },
      effective: { depositAmountMinor: '70000' },
    });
    expect(errorOf(await deposit(vip, 30_000))).toMatchObject({ errorCode: 'cashier.limit.deposit' });
    await staffCall(t.app, owner, 'PUT', '/bo/api/cashier/limit-defaults', {
      merchant: 'khelabd',
      depositAmount: null,
      withdrawAmount: null,
      withdrawCount: null,
      reason: 'back to none',
    });
    expect((await deposit(vip, 30_000)).statusCode).toBe(200);
  });

  it('only risk and the owner: finance, support and content are refused (403 forbidden), nothing written; every change audited', async () => {
    for (const role of ['finance', 'support', 'content', 'risk', 'owner'])
      tokens[role] = await staffLogin(t.app, clock, role);
    const m = await newMember(t.db);
    const before = (await auditRows(t.db)).length;
    for (const role of ['finance', 'support', 'content']) {
      const token = tokens[role] as string;
      const read = await staffCall(t.app, token, 'GET', `/bo/api/cashier/limits?memberId=${m.member.id}`);
      const write = await setLimits(token, {
        memberId: m.member.id,
        depositAmount: 1_000,
        withdrawAmount: null,
        withdrawCount: null,
      });
      const defaults = await staffCall(t.app, token, 'PUT', '/bo/api/cashier/limit-defaults', {
        merchant: 'khelabd',
        depositAmount: 1_000,
        withdrawAmount: null,
        withdrawCount: null,
        reason: 'not mine',
      });
      for (const res of [read, write, defaults])
        expect(errorOf(res), role).toMatchObject({ status: 403, errorCode: 'forbidden' });
    }
    expect(
      await t.db
        .selectFrom('cashier_member_limit')
        .selectAll()
        .where('member_id', '=', m.member.id)
        .execute(),
    ).toEqual([]);
    expect((await auditRows(t.db)).length).toBe(before);
    // Bad input: 400 and nothing written.
    for (const body of [
      { memberId: m.member.id, depositAmount: '1000', withdrawAmount: null, withdrawCount: null },
      { memberId: m.member.id, depositAmount: 0, withdrawAmount: null, withdrawCount: null },
      { memberId: m.member.id, depositAmount: null, withdrawAmount: null, withdrawCount: 0 },
      { memberId: m.member.id, depositAmount: null, withdrawAmount: null, withdrawCount: null, reason: '' },
    ])
      expect(errorOf(await setLimits(tokens.risk as string, body))).toMatchObject({
        status: 400,
        errorCode: 'validation.failed',
      });
    expect((await auditRows(t.db)).length).toBe(before);
    const ok = await setLimits(tokens.risk as string, {
      memberId: m.member.id,
      depositAmount: 1_000_000,
      withdrawAmount: 500_000,
      withdrawCount: 3,
    });
    expect(ok.statusCode).toBe(200);
    const read = await staffCall(
      t.app,
      tokens.risk as string,
      'GET',
      `/bo/api/cashier/limits?memberId=${m.member.id}`,
    );
    expect(JSON.parse(read.body).value).toMatchObject({
      username: m.member.username,
      member: { depositAmountMinor: '1000000', withdrawAmountMinor: '500000', withdrawCount: 3 },
      updatedBy: 'staff:risk',
    });
    const audit = (await auditRows(t.db)).at(-1);
    expect(audit).toMatchObject({ action: 'cashier.limits.member', target: `member:${m.member.id}` });
  });
});
