import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { multipartOf, PNG_BYTES, staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember, type TestMember } from '../wallet/test-support';
import { DEMO_GATEWAY_SECRET } from '.';
import { createGatewaySimulator } from './gateway';
import { cashierCounts, mainBalance, memberCall, staffCall } from './test-support';

let t: TestApp;
const clock = createClock('2026-11-20T10:00:00Z');
let finance: string;
let support: string;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  finance = await staffLogin(t.app, clock, 'finance');
  support = await staffLogin(t.app, clock, 'support');
  owner = await staffLogin(t.app, clock, 'owner');
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const value = <T = Record<string, unknown>>(res: { body: string }) =>
  (JSON.parse(res.body) as { value: T }).value;
const errorOf = (res: { body: string }) => JSON.parse(res.body) as { success: boolean; errorCode: string };

/** Real money for a member: a deposit entry from payment clearing (what an approval posts). */
const fund = async (m: TestMember, amount: bigint, merchant = 'khelabd', currency = 'BDT') => {
  const w = t.app.services.wallet;
  const clearing = await w.accountOf({ merchantCode: merchant, currency, kind: 'payment_clearing' });
  const main = await w.accountOf({
    merchantCode: merchant,
    currency,
    kind: 'member_main',
    memberId: m.member.id,
  });
  await w.post({
    merchantCode: merchant,
    idempotencyKey: `test-fund:${randomUUID()}`,
    kind: 'deposit',
    lines: [
      { accountId: clearing, amount: -amount },
      { accountId: main, amount },
    ],
  });
};

const bkashId = async () =>
  (
    await t.db
      .selectFrom('cashier_channel')
      .select('id')
      .where('merchant_code', '=', 'khelabd')
      .where('code', '=', 'BKASH')
      .executeTakeFirstOrThrow()
  ).id;

const withPassword = async (m: TestMember, password = 'pay12345') => {
  const res = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
    newPassword: password,
    confirmPassword: password,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const bound = async (m: TestMember, password?: string) => {
  const res = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payout-account', {
    payeeName: 'Test Payee',
    channel: 'BKASH',
    number: '01711112222',
    ...(password ? { paymentPassword: password } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('deposit channels', () => {
  it('lists the enabled channels of the member merchant in order', async () => {
    const bd = await newMember(t.db);
    const res = await memberCall(t.app, bd.token, 'GET', '/wps/cashier/channels');
    expect(res.statusCode).toBe(200);
    const v = value<{ currency: string; channels: { code: string; minMinor: string }[] }>(res);
    expect(v.currency).toBe('BDT');
    expect(v.channels.map((c) => c.code)).toEqual(['BKASH', 'NAGAD', 'ROCKET', 'BANK']);
    const inr = await newMember(t.db, { merchantCode: 'khelain' });
    const res2 = await memberCall(t.app, inr.token, 'GET', '/wps/cashier/channels', undefined, {
      merchant: 'khelain',
    });
    expect(value<{ channels: { code: string }[] }>(res2).channels.map((c) => c.code)).toEqual([
      'UPI',
      'IMPS',
    ]);
  });

  it('needs a session', async () => {
    const res = await memberCall(t.app, null, 'GET', '/wps/cashier/channels');
    expect(res.statusCode).toBe(401);
  });
});

describe('deposit requests', () => {
  it('creates a pending request, replays the same key, refuses the same key with another request', async () => {
    const m = await newMember(t.db);
    const channelId = await bkashId();
    const key = randomUUID();
    const body = { channelId, amount: 50000, reference: 'TRX123ABC' };
    const first = await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', body, { key });
    expect(first.statusCode, first.body).toBe(200);
    const d = value<{ id: string; status: string; amount: string; replayed: boolean; reference: string }>(
      first,
    );
    expect(d).toMatchObject({ status: 'pending', amount: '500.00', replayed: false, reference: 'TRX123ABC' });
    const again = await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', body, { key });
    expect(value<{ id: string; replayed: boolean }>(again)).toMatchObject({ id: d.id, replayed: true });
    const other = await memberCall(
      t.app,
      m.token,
      'POST',
      '/wps/cashier/deposits',
      { ...body, amount: 60000 },
      { key },
    );
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).errorCode).toBe('idempotency.conflict');
    const list = await memberCall(t.app, m.token, 'GET', '/wps/cashier/deposits');
    expect(value<{ totalCount: number; list: { id: string }[] }>(list)).toMatchObject({
      totalCount: 1,
      list: [{ id: d.id }],
    });
    expect(await mainBalance(t.db, m.member.id)).toBe(0n);
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const m = await newMember(t.db);
    const channelId = await bkashId();
    const before = await cashierCounts(t.db);
    const cases: [unknown, number, string][] = [
      [{ channelId, amount: 500.5, reference: 'TRX1' }, 400, 'validation.failed'],
      [{ channelId, amount: '500.50', reference: 'TRX1' }, 400, 'validation.failed'],
      [{ channelId, amount: 'abc', reference: 'TRX1' }, 400, 'validation.failed'],
      [{ channelId, amount: -50000, reference: 'TRX1' }, 400, 'validation.failed'],
      [{ channelId, amount: 0, reference: 'TRX1' }, 400, 'validation.failed'],
      [{ channelId, amount: '9007199254740993', reference: 'TRX1' }, 400, 'validation.failed'],
      [{ channelId, amount: 2 ** 60, reference: 'TRX1' }, 400, 'validation.failed'],
      [{ channelId, amount: 50000, reference: 'TRX1', currency: 'INR' }, 400, 'validation.failed'],
      [{ channelId, amount: 50000 }, 400, 'validation.failed'],
      [{ channelId, amount: 50000, reference: 'bad ref!' }, 400, 'validation.failed'],
      [{ channelId, amount: 100, reference: 'TRX1' }, 400, 'cashier.amount.range'],
      [{ channelId, amount: 999_999_999, reference: 'TRX1' }, 400, 'cashier.amount.range'],
      [{ channelId: 999999, amount: 50000, reference: 'TRX1' }, 400, 'cashier.channel.unavailable'],
      [{ channelId, amount: 50000, reference: 'TRX1', receiptId: randomUUID() }, 400, 'validation.failed'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(errorOf(res).errorCode, JSON.stringify(payload)).toBe(code);
    }
    const noKey = await memberCall(
      t.app,
      m.token,
      'POST',
      '/wps/cashier/deposits',
      { channelId, amount: 50000, reference: 'TRX1' },
      { key: null },
    );
    expect(noKey.statusCode).toBe(400);
    // A channel of the other merchant is not this member's.
    const inrChannel = await t.db
      .selectFrom('cashier_channel')
      .select('id')
      .where('merchant_code', '=', 'khelain')
      .executeTakeFirstOrThrow();
    const foreign = await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
      channelId: inrChannel.id,
      amount: 50000,
      reference: 'TRX1',
    });
    expect(errorOf(foreign).errorCode).toBe('cashier.channel.unavailable');
    expect(await cashierCounts(t.db)).toEqual(before);
  });

  it('refuses a trial account (type 4)', async () => {
    const trial = await newMember(t.db, { type: 4 });
    const before = await cashierCounts(t.db);
    const res = await memberCall(t.app, trial.token, 'POST', '/wps/cashier/deposits', {
      channelId: await bkashId(),
      amount: 50000,
      reference: 'TRX1',
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).errorCode).toBe('in_need_true_account');
    for (const [url, payload] of [
      ['/wps/cashier/withdrawals', { amount: 50000, paymentPassword: 'pay12345' }],
      ['/wps/cashier/transfer-upline', { amount: 50000, paymentPassword: 'pay12345' }],
      ['/wps/cashier/payment-password', { newPassword: 'pay12345', confirmPassword: 'pay12345' }],
    ] as const) {
      const r = await memberCall(t.app, trial.token, 'POST', url, payload);
      expect(r.statusCode, url).toBe(403);
    }
    expect(await cashierCounts(t.db)).toEqual(before);
  });

  it('refuses a reference (TrxID) already claimed on the channel', async () => {
    const a = await newMember(t.db);
    const b = await newMember(t.db);
    const channelId = await bkashId();
    const first = await memberCall(t.app, a.token, 'POST', '/wps/cashier/deposits', {
      channelId,
      amount: 50000,
      reference: 'DUPREF01',
    });
    expect(first.statusCode).toBe(200);
    const second = await memberCall(t.app, b.token, 'POST', '/wps/cashier/deposits', {
      channelId,
      amount: 50000,
      reference: 'dupref01',
    });
    expect(second.statusCode).toBe(400);
    expect(errorOf(second).errorCode).toBe('validation.failed');
  });

  it('accepts a PNG/JPEG receipt by its bytes, refuses other files and oversize ones', async () => {
    const m = await newMember(t.db);
    const png = multipartOf(PNG_BYTES, 'receipt.png', 'image/png');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/uploads',
      payload: png.payload,
      headers: { ...png.headers, authorization: m.token },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const receipt = value<{ id: string; mime: string }>(ok);
    expect(receipt.mime).toBe('image/png');
    const fake = multipartOf(Buffer.from('<svg></svg>'), 'receipt.png', 'image/png');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/uploads',
      payload: fake.payload,
      headers: { ...fake.headers, authorization: m.token },
    });
    expect(bad.statusCode).toBe(400);
    const big = multipartOf(
      Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]),
      'big.png',
      'image/png',
    );
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/uploads',
      payload: big.payload,
      headers: { ...big.headers, authorization: m.token },
    });
    expect(tooBig.statusCode).toBe(400);
    const withReceipt = await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
      channelId: await bkashId(),
      amount: 50000,
      reference: 'RCPT0001',
      receiptId: receipt.id,
    });
    expect(value<{ hasReceipt: boolean }>(withReceipt).hasReceipt).toBe(true);
    // Someone else's receipt is not usable.
    const other = await newMember(t.db);
    const stolen = await memberCall(t.app, other.token, 'POST', '/wps/cashier/deposits', {
      channelId: await bkashId(),
      amount: 50000,
      reference: 'RCPT0002',
      receiptId: receipt.id,
    });
    expect(stolen.statusCode).toBe(400);
    // Finance sees the image.
    const image = await staffCall(t.app, finance, 'GET', `/bo/api/cashier/upload?id=${receipt.id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
  });
});

describe('finance: deposit queue', () => {
  it('approves once (credit through the ledger), audits, and refuses a second decision', async () => {
    const m = await newMember(t.db);
    const created = await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
      channelId: await bkashId(),
      amount: 123456,
      reference: 'APPROVE01',
    });
    const { id } = value<{ id: string }>(created);
    const queue = await staffCall(
      t.app,
      finance,
      'GET',
      `/bo/api/cashier/deposits?status=pending&memberId=${m.member.id}`,
    );
    expect(value<{ items: { id: string; username: string }[] }>(queue).items).toMatchObject([
      { id, username: m.member.username },
    ]);
    const refused = await staffCall(t.app, support, 'POST', '/bo/api/cashier/deposits/approve', { id });
    expect(refused.statusCode).toBe(403);
    const anonymous = await staffCall(t.app, null, 'POST', '/bo/api/cashier/deposits/approve', { id });
    expect(anonymous.statusCode).toBe(401);
    const memberToken = await staffCall(t.app, m.token, 'POST', '/bo/api/cashier/deposits/approve', { id });
    expect(memberToken.statusCode).toBe(401);
    const before = await cashierCounts(t.db);
    const ok = await staffCall(t.app, finance, 'POST', '/bo/api/cashier/deposits/approve', { id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(value<{ status: string }>(ok).status).toBe('approved');
    expect(await mainBalance(t.db, m.member.id)).toBe(123456n);
    const after = await cashierCounts(t.db);
    expect(after.entries).toBe(before.entries + 1);
    expect(after.audit).toBe(before.audit + 1);
    const twice = await staffCall(t.app, finance, 'POST', '/bo/api/cashier/deposits/approve', { id });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).errorCode).toBe('cashier.state');
    const reject = await staffCall(t.app, finance, 'POST', '/bo/api/cashier/deposits/reject', {
      id,
      reason: 'too late',
    });
    expect(reject.statusCode).toBe(409);
    expect(await mainBalance(t.db, m.member.id)).toBe(123456n);
    const audit = await t.db
      .selectFrom('bo_audit')
      .selectAll()
      .where('target', '=', `deposit:${id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['cashier.deposit.approve']);
    // The account record shows the deposit.
    const records = await memberCall(t.app, m.token, 'GET', '/wps/relay/ODSFE2_MemTransDet?type=deposit');
    expect(value<{ list: { type: string; amountMinor: string }[] }>(records).list).toMatchObject([
      { type: 'deposit', amountMinor: '123456' },
    ]);
  });

  it('rejects with a mandatory reason the member then sees', async () => {
    const m = await newMember(t.db);
    const created = await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', {
      channelId: await bkashId(),
      amount: 50000,
      reference: 'REJECT01',
    });
    const { id } = value<{ id: string }>(created);
    const noReason = await staffCall(t.app, finance, 'POST', '/bo/api/cashier/deposits/reject', { id });
    expect(noReason.statusCode).toBe(400);
    const ok = await staffCall(t.app, finance, 'POST', '/bo/api/cashier/deposits/reject', {
      id,
      reason: 'No such TrxID at bKash',
    });
    expect(value<{ status: string }>(ok).status).toBe('rejected');
    const list = await memberCall(t.app, m.token, 'GET', '/wps/cashier/deposits');
    expect(value<{ list: { status: string; reason: string }[] }>(list).list[0]).toMatchObject({
      status: 'rejected',
      reason: 'No such TrxID at bKash',
    });
    expect(await mainBalance(t.db, m.member.id)).toBe(0n);
    const csv = await staffCall(
      t.app,
      finance,
      'GET',
      `/bo/api/cashier/deposits.csv?memberId=${m.member.id}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('reference');
    expect(csv.body).toContain('REJECT01');
  });
});

describe('payment password and payout account', () => {
  it('sets, changes with the old one, refuses a wrong one and locks after five', async () => {
    const m = await newMember(t.db);
    const mismatch = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
      newPassword: 'pay12345',
      confirmPassword: 'pay99999',
    });
    expect(mismatch.statusCode).toBe(400);
    const short = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
      newPassword: '123',
      confirmPassword: '123',
    });
    expect(short.statusCode).toBe(400);
    await withPassword(m);
    const info = await memberCall(t.app, m.token, 'GET', '/wps/cashier/withdraw/info');
    expect(value<{ paymentPasswordSet: boolean }>(info).paymentPasswordSet).toBe(true);
    const stored = await t.db
      .selectFrom('cashier_member')
      .select('pay_password_hash')
      .where('member_id', '=', m.member.id)
      .executeTakeFirstOrThrow();
    expect(stored.pay_password_hash).toMatch(/^\$argon2id\$/);
    const withoutOld = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
      newPassword: 'new12345',
      confirmPassword: 'new12345',
    });
    expect(withoutOld.statusCode).toBe(400);
    const changed = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
      oldPassword: 'pay12345',
      newPassword: 'new12345',
      confirmPassword: 'new12345',
    });
    expect(changed.statusCode).toBe(200);
    for (let i = 1; i <= 4; i++) {
      const wrong = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
        oldPassword: 'wrong999',
        newPassword: 'x1234567',
        confirmPassword: 'x1234567',
      });
      expect(errorOf(wrong).errorCode, `try ${i}`).toBe('payment.password.wrong');
    }
    const fifth = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
      oldPassword: 'wrong999',
      newPassword: 'x1234567',
      confirmPassword: 'x1234567',
    });
    expect(fifth.statusCode).toBe(423);
    expect(errorOf(fifth).errorCode).toBe('payment.password.locked');
    // Even the right one is refused while locked.
    const locked = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
      oldPassword: 'new12345',
      newPassword: 'x1234567',
      confirmPassword: 'x1234567',
    });
    expect(locked.statusCode).toBe(423);
    clock.advance(16 * 60_000);
    const unlocked = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
      oldPassword: 'new12345',
      newPassword: 'x1234567',
      confirmPassword: 'x1234567',
    });
    expect(unlocked.statusCode).toBe(200);
  });

  it('checks at most 5 of 19 simultaneous wrong payment passwords; a right one in the burst does not unlock (ADR 029)', async () => {
    const m = await newMember(t.db);
    await withPassword(m);
    const call = (oldPassword: string) =>
      memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
        oldPassword,
        newPassword: 'x1234567',
        confirmPassword: 'x1234567',
      });
    const answers = await Promise.all([
      ...Array.from({ length: 18 }, () => call('wrong999')),
      call('pay12345'),
    ]);
    const codes = answers.map((r) => errorOf(r).errorCode);
    const rightChanged = (answers[18] as { statusCode: number }).statusCode === 200;
    // Four wrong ones answered as wrong, the fifth checked one locks; the rest are refused unchecked.
    expect(codes.filter((c) => c === 'payment.password.wrong').length).toBeLessThanOrEqual(4);
    expect(
      codes.filter((c) => c === 'payment.password.wrong').length + (rightChanged ? 1 : 0),
    ).toBeLessThanOrEqual(5);
    if (!rightChanged) {
      expect(codes[18]).toBe('payment.password.locked');
      const row = await t.db
        .selectFrom('cashier_member')
        .select('pay_locked_until')
        .where('member_id', '=', m.member.id)
        .executeTakeFirstOrThrow();
      expect(row.pay_locked_until).not.toBeNull();
    }
  });

  it('rate-limits payment-password calls per session (429 TOO_MANY_REQUESTS)', async () => {
    const m = await newMember(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      // Refused bodies count too: the limit runs before anything else.
      const res = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payment-password', {
        newPassword: 'a',
        confirmPassword: 'b',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('binds a payout account; changing it needs the payment password', async () => {
    const m = await newMember(t.db);
    const badChannel = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payout-account', {
      payeeName: 'A B',
      channel: 'UPI',
      number: 'x@upi',
    });
    expect(badChannel.statusCode).toBe(400);
    await bound(m);
    await withPassword(m);
    const noPassword = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payout-account', {
      payeeName: 'Other',
      channel: 'NAGAD',
      number: '01899990000',
    });
    expect(noPassword.statusCode).toBe(400);
    const wrong = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payout-account', {
      payeeName: 'Other',
      channel: 'NAGAD',
      number: '01899990000',
      paymentPassword: 'wrong999',
    });
    expect(errorOf(wrong).errorCode).toBe('payment.password.wrong');
    const ok = await memberCall(t.app, m.token, 'POST', '/wps/cashier/payout-account', {
      payeeName: 'Other',
      channel: 'NAGAD',
      number: '01899990000',
      paymentPassword: 'pay12345',
    });
    expect(
      value<{ payoutAccount: { channel: string; numberMasked: string } }>(ok).payoutAccount,
    ).toMatchObject({ channel: 'NAGAD', numberMasked: '*******0000' });
  });
});

describe('withdrawals', () => {
  const ready = async (funds: bigint) => {
    const m = await newMember(t.db);
    await fund(m, funds);
    await bound(m);
    await withPassword(m);
    return m;
  };
  const withdraw = (m: TestMember, payload: unknown, key?: string) =>
    memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals', payload, key ? { key } : {});
  const act = (id: string, action: string, reason?: string, token = finance) =>
    staffCall(t.app, token, 'POST', '/bo/api/cashier/withdrawals/action', {
      id,
      action,
      ...(reason ? { reason } : {}),
    });

  it('refuses bad input, a missing or wrong payment password, and more than withdrawable; nothing written', async () => {
    const m = await ready(100_000n);
    // Demo credit is not withdrawable.
    await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 500_000n });
    const before = await cashierCounts(t.db);
    const cases: [unknown, number, string][] = [
      [{ amount: 60000 }, 400, 'validation.failed'],
      [{ amount: 60000, paymentPassword: '' }, 400, 'validation.failed'],
      [{ amount: 60000.5, paymentPassword: 'pay12345' }, 400, 'validation.failed'],
      [{ amount: '60000.00', paymentPassword: 'pay12345' }, 400, 'validation.failed'],
      [{ amount: -60000, paymentPassword: 'pay12345' }, 400, 'validation.failed'],
      [{ amount: 0, paymentPassword: 'pay12345' }, 400, 'validation.failed'],
      [{ amount: '99999999999999999999', paymentPassword: 'pay12345' }, 400, 'validation.failed'],
      [{ amount: 60000, paymentPassword: 'pay12345', currency: 'USD' }, 400, 'validation.failed'],
      [{ amount: 100, paymentPassword: 'pay12345' }, 400, 'cashier.amount.range'],
      [{ amount: 60000, paymentPassword: 'wrong999' }, 400, 'payment.password.wrong'],
      [{ amount: 200_000, paymentPassword: 'pay12345' }, 409, 'withdrawable.insufficient'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await withdraw(m, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(errorOf(res).errorCode, JSON.stringify(payload)).toBe(code);
    }
    expect(await cashierCounts(t.db)).toEqual(before);
    const info = value<{ withdrawableMinor: string; balanceMinor: string }>(
      await memberCall(t.app, m.token, 'GET', '/wps/cashier/withdraw/info'),
    );
    expect(info).toMatchObject({ withdrawableMinor: '100000', balanceMinor: '600000' });
  });

  it('needs a payment password set and a payout account', async () => {
    const m = await newMember(t.db);
    await fund(m, 100_000n);
    const noPassword = await withdraw(m, { amount: 60000, paymentPassword: 'pay12345' });
    expect(errorOf(noPassword).errorCode).toBe('payment.password.not.set');
    await withPassword(m);
    const noAccount = await withdraw(m, { amount: 60000, paymentPassword: 'pay12345' });
    expect(errorOf(noAccount).errorCode).toBe('cashier.payout.required');
  });

  it('in process → approved → issued → received, with the timeline; holds then pays out', async () => {
    const m = await ready(200_000n);
    const key = randomUUID();
    const res = await withdraw(m, { amount: 150000, paymentPassword: 'pay12345' }, key);
    expect(res.statusCode, res.body).toBe(200);
    const w = value<{ id: string; status: string; numberMasked: string }>(res);
    expect(w).toMatchObject({ status: 'in_process', numberMasked: '*******2222' });
    const replay = await withdraw(m, { amount: 150000, paymentPassword: 'pay12345' }, key);
    expect(value<{ id: string; replayed: boolean }>(replay)).toMatchObject({ id: w.id, replayed: true });
    expect(await mainBalance(t.db, m.member.id)).toBe(50_000n);
    const refused = await act(w.id, 'approve', undefined, support);
    expect(refused.statusCode).toBe(403);
    const early = await act(w.id, 'issue');
    expect(errorOf(early).errorCode).toBe('cashier.state');
    expect(value<{ status: string }>(await act(w.id, 'approve')).status).toBe('approved');
    const issued = value<{ status: string; confirmation: string; number: string }>(await act(w.id, 'issue'));
    expect(issued).toMatchObject({ status: 'issued', confirmation: 'distributed', number: '01711112222' });
    const detail = value<{ awaitingConfirmation: boolean; autoConfirmAt: number }>(
      await memberCall(t.app, m.token, 'GET', `/wps/cashier/withdrawals/detail?id=${w.id}`),
    );
    expect(detail.awaitingConfirmation).toBe(true);
    expect(detail.autoConfirmAt).toBe(clock.now().getTime() + 30 * 60_000);
    const confirmed = await memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals/confirm', {
      id: w.id,
      answer: 'received',
    });
    const done = value<{
      confirmation: string;
      timeline: { status: string; confirmation: string | null; by: string }[];
    }>(confirmed);
    expect(done.confirmation).toBe('received');
    expect(done.timeline.map((e) => [e.status, e.confirmation, e.by])).toEqual([
      ['in_process', null, 'member'],
      ['approved', null, 'finance'],
      ['issued', 'distributed', 'finance'],
      ['issued', 'received', 'member'],
    ]);
    const pending = await t.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('member_id', '=', m.member.id)
      .where('kind', '=', 'pending_withdrawal')
      .executeTakeFirstOrThrow();
    expect(String(pending.balance)).toBe('0');
    const profit = value<{ withdrawalsMinor: string; depositsMinor: string }>(
      await memberCall(t.app, m.token, 'GET', '/wps/cashier/profit'),
    );
    expect(profit).toMatchObject({ withdrawalsMinor: '150000', depositsMinor: '200000' });
    const audit = await t.db
      .selectFrom('bo_audit')
      .select('action')
      .where('target', '=', `withdrawal:${w.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['cashier.withdrawal.approve', 'cashier.withdrawal.issue']);
  });

  it('reject releases the held amount back with the reason', async () => {
    const m = await ready(100_000n);
    const w = value<{ id: string }>(await withdraw(m, { amount: 80_000, paymentPassword: 'pay12345' }));
    expect(await mainBalance(t.db, m.member.id)).toBe(20_000n);
    const noReason = await act(w.id, 'reject');
    expect(noReason.statusCode).toBe(400);
    const rejected = value<{ status: string; reason: string }>(
      await act(w.id, 'reject', 'Payee name does not match'),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Payee name does not match' });
    expect(await mainBalance(t.db, m.member.id)).toBe(100_000n);
    const again = await act(w.id, 'reject', 'twice');
    expect(errorOf(again).errorCode).toBe('cashier.state');
  });

  it('not received with proof → finance refunds, or forces the receipt; all received; auto-confirm', async () => {
    const m = await ready(400_000n);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const w = value<{ id: string }>(await withdraw(m, { amount: 60_000, paymentPassword: 'pay12345' }));
      await act(w.id, 'approve');
      await act(w.id, 'issue');
      ids.push(w.id);
    }
    const [a, b, c, d] = ids as [string, string, string, string];
    const noProof = await memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals/confirm', {
      id: a,
      answer: 'not_received',
    });
    expect(noProof.statusCode).toBe(400);
    const png = multipartOf(PNG_BYTES, 'proof.png', 'image/png');
    const proof = value<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/wps/cashier/uploads',
        payload: png.payload,
        headers: { ...png.headers, authorization: m.token },
      }),
    );
    const nr = await memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals/confirm', {
      id: a,
      answer: 'not_received',
      proofId: proof.id,
    });
    expect(value<{ confirmation: string }>(nr).confirmation).toBe('not_received');
    const queue = await staffCall(
      t.app,
      finance,
      'GET',
      `/bo/api/cashier/withdrawals?confirmation=not_received&memberId=${m.member.id}`,
    );
    expect(value<{ items: { id: string; proofId: string }[] }>(queue).items).toMatchObject([
      { id: a, proofId: proof.id },
    ]);
    const before = await mainBalance(t.db, m.member.id);
    const refunded = value<{ status: string }>(await act(a, 'refund', 'Payment bounced at bKash'));
    expect(refunded.status).toBe('rejected');
    expect(await mainBalance(t.db, m.member.id)).toBe(before + 60_000n);
    const nr2 = await memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals/confirm', {
      id: b,
      answer: 'not_received',
      proofId: proof.id,
    });
    expect(nr2.statusCode).toBe(200);
    const forced = value<{ confirmation: string }>(
      await act(b, 'force_receipt', 'Provider statement shows it paid'),
    );
    expect(forced.confirmation).toBe('forced');
    const all = value<{ confirmed: number }>(
      await memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals/confirm-all'),
    );
    expect(all.confirmed).toBe(2);
    const cRow = await t.db
      .selectFrom('cashier_withdrawal')
      .select('confirmation')
      .where('id', 'in', [c, d])
      .execute();
    expect(cRow.map((r) => r.confirmation)).toEqual(['all_received', 'all_received']);
    // Another one left unanswered counts as received after the operator's minutes.
    const e = value<{ id: string }>(await withdraw(m, { amount: 60_000, paymentPassword: 'pay12345' }));
    await act(e.id, 'approve');
    await act(e.id, 'issue');
    clock.advance(29 * 60_000);
    expect(await t.app.services.cashier.autoConfirmWithdrawals()).toBe(0);
    clock.advance(2 * 60_000);
    expect(await t.app.services.cashier.autoConfirmWithdrawals()).toBe(1);
    const eRow = value<{ confirmation: string; timeline: { by: string }[] }>(
      await memberCall(t.app, m.token, 'GET', `/wps/cashier/withdrawals/detail?id=${e.id}`),
    );
    expect(eRow.confirmation).toBe('auto_received');
    expect(eRow.timeline.at(-1)?.by).toBe('system');
    // Staff sessions idle out with the clock moved on: sign in again.
    finance = await staffLogin(t.app, clock, 'finance');
    const late = await memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals/confirm', {
      id: e.id,
      answer: 'received',
    });
    expect(errorOf(late).errorCode).toBe('cashier.state');
    // Another member cannot see or confirm it.
    const stranger = await newMember(t.db);
    const peek = await memberCall(t.app, stranger.token, 'GET', `/wps/cashier/withdrawals/detail?id=${e.id}`);
    expect(peek.statusCode).toBe(404);
    const list = value<{ totalCount: number }>(
      await memberCall(t.app, m.token, 'GET', '/wps/cashier/withdrawals'),
    );
    expect(list.totalCount).toBe(5);
    const csv = await staffCall(
      t.app,
      finance,
      'GET',
      `/bo/api/cashier/withdrawals.csv?memberId=${m.member.id}`,
    );
    expect(csv.body.trim().split('\r\n')).toHaveLength(6);
  });
});

describe('personal profit and the account record', () => {
  it('sums deposits, withdrawals, bets, wins and bonuses over the range; the record filters by kind family', async () => {
    const m = await newMember(t.db);
    await fund(m, 300_000n);
    const w = t.app.services.wallet;
    const base = { merchantCode: 'khelabd', currency: 'BDT' } as const;
    const house = await w.accountOf({ ...base, kind: 'house' });
    const main = await w.accountOf({ ...base, kind: 'member_main', memberId: m.member.id });
    const move = (kind: string, amount: bigint) =>
      w.post({
        merchantCode: 'khelabd',
        idempotencyKey: `profit:${randomUUID()}`,
        kind,
        lines: [
          { accountId: house, amount: -amount },
          { accountId: main, amount },
        ],
      });
    await move('game.bet', -10_000n);
    await move('game.bet', -5_000n);
    await move('game.win', 12_000n);
    await move('game.refund', 5_000n);
    await move('bonus.welcome', 2_000n);
    const p = value<Record<string, string>>(await memberCall(t.app, m.token, 'GET', '/wps/cashier/profit'));
    expect(p).toMatchObject({
      depositsMinor: '300000',
      withdrawalsMinor: '0',
      betsMinor: '10000',
      winsMinor: '12000',
      bonusesMinor: '2000',
      profitMinor: '4000',
      profit: '40.00',
    });
    const past = value<Record<string, string>>(
      await memberCall(t.app, m.token, 'GET', `/wps/cashier/profit?startTime=0&endTime=${24 * 3600_000}`),
    );
    expect(past.depositsMinor).toBe('0');
    const tooLong = await memberCall(
      t.app,
      m.token,
      'GET',
      `/wps/cashier/profit?startTime=0&endTime=${40 * 24 * 3600_000}`,
    );
    expect(tooLong.statusCode).toBe(400);
    const games = value<{ list: { type: string }[] }>(
      await memberCall(t.app, m.token, 'GET', '/wps/relay/ODSFE2_MemTransDet?type=game'),
    );
    expect(games.list.map((r) => r.type).sort()).toEqual(['game.bet', 'game.bet', 'game.refund', 'game.win']);
  });
});

describe('transfer to upline', () => {
  it('moves main → the upline agent main wallet with the payment password', async () => {
    const agent = await newMember(t.db, { type: 1 });
    const m = await newMember(t.db);
    await t.db
      .updateTable('member')
      .set({ upline_id: agent.member.id })
      .where('id', '=', m.member.id)
      .execute();
    await fund(m, 100_000n);
    await withPassword(m);
    const info = value<{ upline: string }>(await memberCall(t.app, m.token, 'GET', '/wps/cashier/upline'));
    expect(info.upline).toBe(agent.member.username);
    const before = await cashierCounts(t.db);
    for (const payload of [
      { amount: 10_000 },
      { amount: 10_000, paymentPassword: 'wrong999' },
      { amount: 1.5, paymentPassword: 'pay12345' },
      { amount: 500_000, paymentPassword: 'pay12345' },
    ]) {
      const res = await memberCall(t.app, m.token, 'POST', '/wps/cashier/transfer-upline', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await cashierCounts(t.db)).toEqual(before);
    const key = randomUUID();
    const res = await memberCall(
      t.app,
      m.token,
      'POST',
      '/wps/cashier/transfer-upline',
      { amount: 30000, paymentPassword: 'pay12345' },
      { key },
    );
    expect(value<{ upline: string; balanceMinor: string; replayed: boolean }>(res)).toMatchObject({
      upline: agent.member.username,
      balanceMinor: '70000',
      replayed: false,
    });
    const again = await memberCall(
      t.app,
      m.token,
      'POST',
      '/wps/cashier/transfer-upline',
      { amount: 30000, paymentPassword: 'pay12345' },
      { key },
    );
    expect(value<{ replayed: boolean }>(again).replayed).toBe(true);
    expect(await mainBalance(t.db, agent.member.id)).toBe(30_000n);
    expect(await mainBalance(t.db, m.member.id)).toBe(70_000n);
  });

  it('refuses a member without an upline', async () => {
    const m = await newMember(t.db);
    await withPassword(m);
    const res = await memberCall(t.app, m.token, 'POST', '/wps/cashier/transfer-upline', {
      amount: 100,
      paymentPassword: 'pay12345',
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).errorCode).toBe('cashier.upline.none');
  });
});

describe('finance: adjustments, ledger, channels, settings', () => {
  beforeAll(async () => {
    finance = await staffLogin(t.app, clock, 'finance');
    support = await staffLogin(t.app, clock, 'support');
    owner = await staffLogin(t.app, clock, 'owner');
  });
  it('adjusts with a mandatory reason (audited), refuses other roles and overdrafts', async () => {
    const m = await newMember(t.db);
    const body = {
      memberId: m.member.id,
      direction: 'credit',
      amount: 25_000,
      reason: 'Goodwill after outage',
    };
    const noKey = await staffCall(t.app, finance, 'POST', '/bo/api/cashier/adjust', body);
    expect(noKey.statusCode).toBe(400);
    const noReason = await staffCall(
      t.app,
      finance,
      'POST',
      '/bo/api/cashier/adjust',
      { ...body, reason: '' },
      { 'idempotency-key': randomUUID() },
    );
    expect(noReason.statusCode).toBe(400);
    const byRole = await staffCall(t.app, support, 'POST', '/bo/api/cashier/adjust', body, {
      'idempotency-key': randomUUID(),
    });
    expect(byRole.statusCode).toBe(403);
    const key = randomUUID();
    const ok = await staffCall(t.app, finance, 'POST', '/bo/api/cashier/adjust', body, {
      'idempotency-key': key,
    });
    expect(value<{ balanceMinor: string }>(ok).balanceMinor).toBe('25000');
    const replay = await staffCall(t.app, finance, 'POST', '/bo/api/cashier/adjust', body, {
      'idempotency-key': key,
    });
    expect(value<{ replayed: boolean }>(replay).replayed).toBe(true);
    const overdraft = await staffCall(
      t.app,
      finance,
      'POST',
      '/bo/api/cashier/adjust',
      { ...body, direction: 'debit', amount: 30_000 },
      { 'idempotency-key': randomUUID() },
    );
    expect(overdraft.statusCode).toBe(409);
    expect(errorOf(overdraft).errorCode).toBe('insufficient.balance');
    const audit = await t.db
      .selectFrom('bo_audit')
      .selectAll()
      .where('target', '=', `member:${m.member.id}`)
      .where('action', '=', 'cashier.adjust')
      .execute();
    expect(audit).toHaveLength(1);
    const ledger = value<{
      items: { kind: string; amountMinor: string }[];
      balances: { account: string; balanceMinor: string }[];
    }>(await staffCall(t.app, finance, 'GET', `/bo/api/cashier/ledger?memberId=${m.member.id}`));
    expect(ledger.items).toMatchObject([{ kind: 'adjustment', amountMinor: '25000' }]);
    expect(ledger.balances).toContainEqual({
      account: 'member_main',
      balance: '250.00',
      balanceMinor: '25000',
    });
  });

  it('configures channels (create, update, disable, delete unused) and limits; audited; roles checked', async () => {
    const forbidden = await staffCall(t.app, support, 'GET', '/bo/api/cashier/channels?merchant=khelabd');
    expect(forbidden.statusCode).toBe(403);
    const created = await staffCall(t.app, finance, 'PUT', '/bo/api/cashier/channels', {
      merchant: 'khelabd',
      code: 'NAGAD',
      name: 'Nagad 2',
      kind: 'manual',
      accountName: 'Khela',
      accountNumber: '01800000099',
      min: 10_000,
      max: 100_000,
      sort: 9,
      enabled: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const ch = value<{ id: number; name: string }>(created);
    const badRange = await staffCall(t.app, finance, 'PUT', '/bo/api/cashier/channels', {
      merchant: 'khelabd',
      code: 'NAGAD',
      name: 'x',
      kind: 'manual',
      min: 500,
      max: 100,
      enabled: true,
    });
    expect(badRange.statusCode).toBe(400);
    const disabled = await staffCall(t.app, finance, 'PUT', '/bo/api/cashier/channels', {
      id: ch.id,
      merchant: 'khelabd',
      code: 'NAGAD',
      name: 'Nagad 2',
      kind: 'manual',
      min: 10_000,
      max: 100_000,
      enabled: false,
    });
    expect(value<{ enabled: boolean }>(disabled).enabled).toBe(false);
    const m = await newMember(t.db);
    const listed = value<{ channels: { id: number }[] }>(
      await memberCall(t.app, m.token, 'GET', '/wps/cashier/channels'),
    );
    expect(listed.channels.map((c) => c.id)).not.toContain(ch.id);
    const used = await staffCall(t.app, finance, 'DELETE', '/bo/api/cashier/channels', {
      id: await bkashId(),
    });
    expect(used.statusCode).toBe(409);
    const deleted = await staffCall(t.app, owner, 'DELETE', '/bo/api/cashier/channels', { id: ch.id });
    expect(deleted.statusCode).toBe(200);
    const actions = await t.db
      .selectFrom('bo_audit')
      .select('action')
      .where('target', '=', `channel:${ch.id}`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'cashier.channel.create',
      'cashier.channel.update',
      'cashier.channel.delete',
    ]);
    const settings = await staffCall(t.app, finance, 'PUT', '/bo/api/cashier/settings', {
      merchant: 'khelain',
      withdrawMin: 20_000,
      withdrawMax: 30_000,
      autoConfirmMinutes: 10,
    });
    expect(value<{ autoConfirmMinutes: number; withdrawMinMinor: string }>(settings)).toMatchObject({
      autoConfirmMinutes: 10,
      withdrawMinMinor: '20000',
    });
    const inr = await newMember(t.db, { merchantCode: 'khelain' });
    const info = value<{ minMinor: string; autoConfirmMinutes: number }>(
      await memberCall(t.app, inr.token, 'GET', '/wps/cashier/withdraw/info', undefined, {
        merchant: 'khelain',
      }),
    );
    expect(info).toMatchObject({ minMinor: '20000', autoConfirmMinutes: 10 });
  });
});

describe('payment gateway (simulator)', () => {
  it('credits once on a signed notification; duplicates and retries change nothing; bad signatures are refused', async () => {
    const channel = await staffCall(t.app, finance, 'PUT', '/bo/api/cashier/channels', {
      merchant: 'khelabd',
      code: 'BKASH',
      name: 'bKash (auto)',
      kind: 'gateway',
      gateway: 'sim',
      min: 10_000,
      max: 1_000_000,
      enabled: true,
    });
    expect(channel.statusCode, channel.body).toBe(200);
    const channelId = value<{ id: number }>(channel).id;
    const m = await newMember(t.db);
    const d = value<{ id: string; payUrl: string; status: string }>(
      await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', { channelId, amount: 77_700 }),
    );
    expect(d.status).toBe('pending');
    expect(d.payUrl).toContain(d.id);
    const sim = createGatewaySimulator(DEMO_GATEWAY_SECRET);
    const paid = sim.notify({
      orderId: d.id,
      providerRef: 'SIMREF1',
      amountMinor: '77700',
      currency: 'BDT',
      status: 'paid',
    });
    const post = (n: { rawBody: string; headers: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/cashier/gateway/webhook?provider=sim',
        payload: n.rawBody,
        headers: n.headers,
      });
    const forged = await post({
      rawBody: paid.rawBody,
      headers: { ...paid.headers, 'x-signature': 'a'.repeat(64) },
    });
    expect(forged.statusCode).toBe(401);
    expect(await mainBalance(t.db, m.member.id)).toBe(0n);
    const first = await post(paid);
    expect(value<{ outcome: string }>(first).outcome).toBe('credited');
    const retries = await Promise.all([post(paid), post(paid), post(paid)]);
    for (const r of retries) expect(value<{ outcome: string }>(r).outcome).toBe('duplicate');
    // The same payment announced again under a new event id: still credited once.
    const again = sim.notify({
      orderId: d.id,
      providerRef: 'SIMREF1',
      amountMinor: '77700',
      currency: 'BDT',
      status: 'paid',
    });
    expect(value<{ outcome: string }>(await post(again)).outcome).toBe('duplicate');
    expect(await mainBalance(t.db, m.member.id)).toBe(77_700n);
    // A notification whose amount differs from the order is ignored.
    const d2 = value<{ id: string }>(
      await memberCall(t.app, m.token, 'POST', '/wps/cashier/deposits', { channelId, amount: 50_000 }),
    );
    const wrong = sim.notify({
      orderId: d2.id,
      providerRef: 'SIMREF2',
      amountMinor: '99999',
      currency: 'BDT',
      status: 'paid',
    });
    expect(value<{ outcome: string }>(await post(wrong)).outcome).toBe('ignored');
    const failed = sim.notify({
      orderId: d2.id,
      providerRef: 'SIMREF2',
      amountMinor: '50000',
      currency: 'BDT',
      status: 'failed',
    });
    expect(value<{ outcome: string }>(await post(failed)).outcome).toBe('rejected');
    expect(await mainBalance(t.db, m.member.id)).toBe(77_700n);
  });
});
