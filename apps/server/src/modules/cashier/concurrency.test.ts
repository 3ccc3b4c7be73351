import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { newMember, type TestMember } from '../wallet/test-support';
import { mainBalance, memberCall } from './test-support';

/**
 * Concurrency through the whole HTTP stack. On PostgreSQL (the CI run) requests really overlap on
 * the app's connection pool; on PGlite the driver serialises transactions, so these check the
 * outcome rules rather than the locking.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const fund = async (m: TestMember, amount: bigint) => {
  const w = t.app.services.wallet;
  const base = { merchantCode: 'khelabd', currency: 'BDT' } as const;
  const clearing = await w.accountOf({ ...base, kind: 'payment_clearing' });
  const main = await w.accountOf({ ...base, kind: 'member_main', memberId: m.member.id });
  await w.post({
    merchantCode: 'khelabd',
    idempotencyKey: `conc-fund:${randomUUID()}`,
    kind: 'deposit',
    lines: [
      { accountId: clearing, amount: -amount },
      { accountId: main, amount },
    ],
  });
};

const prepared = async (funds: bigint) => {
  const m = await newMember(t.db, { prefix: 'conc' });
  await fund(m, funds);
  await t.app.services.cashier.bindPayoutAccount(m.member, {
    payeeName: 'Conc',
    channel: 'BKASH',
    number: '01700000001',
  });
  await t.app.services.cashier.setPaymentPassword(m.member, { newPassword: 'pay12345' });
  return m;
};

describe('concurrent withdrawals', () => {
  it('32 requests each withdrawing the whole balance: exactly one succeeds', async () => {
    const m = await prepared(1_000_000n);
    const responses = await Promise.all(
      Array.from({ length: 32 }, () =>
        memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals', {
          amount: 1000000,
          paymentPassword: 'pay12345',
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const r of responses.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect((JSON.parse(r.body) as { errorCode: string }).errorCode).toBe('withdrawable.insufficient');
    }
    expect(await mainBalance(t.db, m.member.id)).toBe(0n);
    const rows = await t.db
      .selectFrom('cashier_withdrawal')
      .select('amount')
      .where('member_id', '=', m.member.id)
      .execute();
    expect(rows.map((r) => String(r.amount))).toEqual(['1000000']);
  }, 120_000);
});

describe('concurrent transfers both ways', () => {
  it('two members sending to each other at once: none stuck for good, none negative, sums kept', async () => {
    const a = await prepared(300_000n);
    const b = await prepared(300_000n);
    // Each is the other's upline, so transfer-upline runs in both directions.
    await t.db.updateTable('member').set({ upline_id: b.member.id }).where('id', '=', a.member.id).execute();
    await t.db.updateTable('member').set({ upline_id: a.member.id }).where('id', '=', b.member.id).execute();
    const send = (from: TestMember) =>
      memberCall(t.app, from.token, 'POST', '/wps/cashier/transfer-upline', {
        amount: 40_000,
        paymentPassword: 'pay12345',
      });
    const calls = Array.from({ length: 24 }, (_, i) => send(i % 2 === 0 ? a : b));
    const responses = await Promise.all(calls);
    for (const r of responses) expect([200, 409], r.body).toContain(r.statusCode);
    const ok = responses.filter((r) => r.statusCode === 200).length;
    expect(ok).toBeGreaterThan(0);
    const [ba, bb] = [await mainBalance(t.db, a.member.id), await mainBalance(t.db, b.member.id)];
    expect(ba >= 0n && bb >= 0n).toBe(true);
    expect(ba + bb).toBe(600_000n);
    const report = await verifyLedger(t.db);
    expect(report.findings).toEqual([]);
  }, 120_000);
});
