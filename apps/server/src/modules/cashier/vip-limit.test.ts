import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { DEFAULT_RULE } from '../loyalty';
import { bo, staffLogin } from '../staff/test-support';
import { newMember, type TestMember } from '../wallet/test-support';
import { cashierCounts, cashierSteps, mainBalance, memberCall } from './test-support';

/*
 * The VIP withdrawal limit (ADR 056): the member's tier in the loyalty rule caps what the member's
 * withdrawal requests (not rejected) add up to over the last 24 hours. Over it: 409
 * `cashier.limit.vip` and nothing written; under it, and after 24 hours, accepted. Limits here:
 * level 0 1,500.00 (150,000 minor), level 1 4,000.00 (400,000 minor).
 */

let t: TestApp;
const clock = createClock('2026-10-05T10:00:00Z');
let steps: ReturnType<typeof cashierSteps>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  steps = cashierSteps(t.app, t.db);
  const owner = await staffLogin(t.app, clock, 'owner');
  const rule = structuredClone(DEFAULT_RULE);
  rule.vip.tiers = rule.vip.tiers.map((tier) => ({
    ...tier,
    withdrawDailyMinor: tier.level === 0 ? '150000' : tier.level === 1 ? '400000' : '0',
  }));
  const saved = await bo(t.app, owner, {
    method: 'PUT',
    url: '/bo/api/loyalty/rule',
    payload: { merchant: 'khelabd', rule },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  clock.advance(60_000);
});
afterAll(async () => {
  await t?.close();
});

const withdraw = (m: TestMember, amount: number) =>
  memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals', { amount, paymentPassword: 'pay12345' });

describe('VIP withdrawal limit', () => {
  it('refuses a request over the tier limit of the last 24 hours with nothing written; under it passes', async () => {
    const m = await newMember(t.db, { prefix: 'viplim' });
    await steps.ready(m, 1_000_000n);
    const first = await withdraw(m, 100_000);
    expect(first.statusCode, first.body).toBe(200);

    const counts = await cashierCounts(t.db);
    const balance = await mainBalance(t.db, m.member.id);
    // 100,000 + 60,000 > 150,000: refused, 50,000 left.
    const over = await withdraw(m, 60_000);
    expect({ status: over.statusCode, ...JSON.parse(over.body) }).toMatchObject({
      status: 409,
      success: false,
      errorCode: 'cashier.limit.vip',
      message: 'error.cashier.limit.vip',
      value: { level: 0, limitMinor: '150000', remainingMinor: '50000' },
    });
    expect(await cashierCounts(t.db)).toEqual(counts);
    expect(await mainBalance(t.db, m.member.id)).toBe(balance);

    // Exactly up to the limit passes; the next 24 hours start again.
    expect((await withdraw(m, 50_000)).statusCode).toBe(200);
    expect((await withdraw(m, 50_000)).statusCode).toBe(409);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const nextDay = await withdraw(m, 150_000);
    expect(nextDay.statusCode, nextDay.body).toBe(200);
  });

  it('follows the member tier: level 1 may take what level 0 may not', async () => {
    const m = await newMember(t.db, { prefix: 'viplv1' });
    await steps.ready(m, 1_000_000n);
    await t.db
      .insertInto('loyalty_member')
      .values({ member_id: m.member.id, merchant_code: 'khelabd', vip_level: 1, level_since: clock.now() })
      .execute();
    const big = await withdraw(m, 300_000);
    expect(big.statusCode, big.body).toBe(200);
    const over = await withdraw(m, 100_001);
    expect(over.statusCode).toBe(409);
    expect(JSON.parse(over.body)).toMatchObject({
      errorCode: 'cashier.limit.vip',
      value: { level: 1, limitMinor: '400000', remainingMinor: '100000' },
    });
    expect((await withdraw(m, 100_000)).statusCode).toBe(200);
  });
});
