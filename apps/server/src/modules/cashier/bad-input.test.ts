import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, setModule, type TestApp } from '../../../test/helpers';
import { staffLogin } from '../staff/test-support';
import { newMember, type TestMember } from '../wallet/test-support';
import { cashierCounts, cashierSteps, mainBalance, memberCall, staffCall } from './test-support';

/**
 * Bad input on every money endpoint (issue 6): amounts as floats, strings (even digit strings),
 * negative, zero, over 2^53, the wrong currency, a missing payment password. Each answers 4xx with
 * the exact error code, and nothing is written. Then the same idempotency key with another
 * request: 409 idempotency.conflict over HTTP.
 */

let t: TestApp;
const clock = createClock('2026-11-20T10:00:00Z');
let finance: string;
let steps: ReturnType<typeof cashierSteps>;
let m: TestMember;
let channelId: number;
let vendorTypeId: number;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  finance = await staffLogin(t.app, clock, 'finance');
  steps = cashierSteps(t.app, t.db);
  await setModule(t.app, 'khelabd', 'FUNDTRANS3', true);
  m = await newMember(t.db);
  await steps.ready(m, 5_000_000n);
  const agent = await newMember(t.db, { type: 1, prefix: 'agt' });
  await t.db
    .updateTable('member')
    .set({ upline_id: agent.member.id })
    .where('id', '=', m.member.id)
    .execute();
  channelId = await steps.channelId();
  const vendor = await t.db
    .selectFrom('vendor')
    .select('account_type_id')
    .where('enabled', '=', true)
    .orderBy('account_type_id')
    .executeTakeFirstOrThrow();
  vendorTypeId = vendor.account_type_id;
});
afterAll(async () => {
  await t?.close();
});

/** The amount cases every money endpoint refuses with 400 validation.failed. */
const BAD_AMOUNTS: [string, unknown][] = [
  ['a float', 600.5],
  ['a digit string', '60000'],
  ['a decimal string', '600.00'],
  ['a negative', -60000],
  ['zero', 0],
  ['2^53', 2 ** 53],
  ['over 2^53 as a string', '99999999999999999999'],
  ['1e21', 1e21],
  ['null', null],
  ['true', true],
  ['an object', { value: 60000 }],
  ['missing', undefined],
];

type Case = [label: string, payload: Record<string, unknown>, status: number, code: string];

const amountCases = (good: Record<string, unknown>): Case[] =>
  BAD_AMOUNTS.map(([label, amount]) => {
    const payload = { ...good };
    if (amount === undefined) delete payload.amount;
    else payload.amount = amount;
    return [`amount ${label}`, payload, 400, 'validation.failed'];
  });

const memberRows = () =>
  t.db
    .selectFrom('cashier_member')
    .selectAll()
    .where('member_id', '=', m.member.id)
    .executeTakeFirstOrThrow();

/** Runs the cases; asserts the status, the exact code, and that nothing was written. */
const refuses = async (
  call: (payload: Record<string, unknown>) => Promise<{ statusCode: number; body: string }>,
  cases: Case[],
) => {
  const before = { counts: await cashierCounts(t.db), balance: await mainBalance(t.db, m.member.id) };
  const member = await memberRows();
  for (const [label, payload, status, code] of cases) {
    const res = await call(payload);
    expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
    expect(JSON.parse(res.body), label).toMatchObject({
      success: false,
      errorCode: code,
      message: `error.${code}`,
    });
  }
  expect(await cashierCounts(t.db)).toEqual(before.counts);
  expect(await mainBalance(t.db, m.member.id)).toBe(before.balance);
  // A wrong payment password counts a failure; nothing else of the member's cashier row changes.
  const { pay_failures: _f, pay_locked_until: _l, ...rest } = await memberRows();
  const { pay_failures: _f0, pay_locked_until: _l0, ...restBefore } = member;
  expect(rest).toEqual(restBefore);
};

const post = (url: string) => (payload: Record<string, unknown>) =>
  memberCall(t.app, m.token, 'POST', url, payload);

describe('bad input on every money endpoint: exact 4xx, nothing written', () => {
  it('ids and times past what the database (integer) or a Date holds: 400, never a failed query', async () => {
    const tooBigId = 3_000_000_000;
    const memberGet = (url: string) => () => memberCall(t.app, m.token, 'GET', url);
    const staffGet = (url: string) => () => staffCall(t.app, finance, 'GET', url);
    for (const [label, call] of [
      [
        'a wallet id',
        () =>
          post('/wps/relay/GCS_walletTransfer')({
            fromAccountTypeId: 2,
            toAccountTypeId: tooBigId,
            amount: 10_000,
          }),
      ],
      [
        'a channel id',
        () => post('/wps/cashier/deposits')({ channelId: tooBigId, amount: 60_000, reference: 'TRXBIG01' }),
      ],
      ['a record start time', memberGet('/wps/relay/ODSFE2_MemTransDet?startTime=9000000000000000')],
      ['a member id of the limits', staffGet(`/bo/api/cashier/limits?memberId=${tooBigId}`)],
      ['a member id of the ledger', staffGet(`/bo/api/cashier/ledger?memberId=${tooBigId}`)],
      ['a deposit list time', staffGet('/bo/api/cashier/deposits?from=9000000000000000')],
    ] as const) {
      await refuses(call, [[label, {}, 400, 'validation.failed']]);
    }
  });

  it('GCS_walletTransfer', async () => {
    const good = { fromAccountTypeId: 2, toAccountTypeId: vendorTypeId, amount: 10_000 };
    await refuses(post('/wps/relay/GCS_walletTransfer'), [
      ...amountCases(good),
      ['wrong currency', { ...good, currency: 'INR' }, 400, 'validation.failed'],
      ['lower-case currency', { ...good, currency: 'bdt' }, 400, 'validation.failed'],
      ['main to main', { ...good, toAccountTypeId: 2 }, 400, 'validation.failed'],
      ['unknown vendor wallet', { ...good, toAccountTypeId: 999_999 }, 400, 'validation.failed'],
      ['more than the balance', { ...good, amount: 6_000_000_00 }, 409, 'insufficient.balance'],
    ]);
  });

  it('deposit request', async () => {
    const good = { channelId, amount: 60_000, reference: 'TRXBAD001' };
    await refuses(post('/wps/cashier/deposits'), [
      ...amountCases(good),
      ['wrong currency', { ...good, currency: 'INR' }, 400, 'validation.failed'],
      ['below the channel minimum', { ...good, amount: 100 }, 400, 'cashier.amount.range'],
      ['unknown channel', { ...good, channelId: 999_999 }, 400, 'cashier.channel.unavailable'],
      ['bad reference', { ...good, reference: 'no spaces!' }, 400, 'validation.failed'],
      ['missing reference', { channelId, amount: 60_000 }, 400, 'validation.failed'],
      ['unknown receipt', { ...good, receiptId: randomUUID() }, 400, 'validation.failed'],
    ]);
  });

  it('withdrawal', async () => {
    const good = { amount: 60_000, paymentPassword: 'pay12345' };
    await refuses(post('/wps/cashier/withdrawals'), [
      ...amountCases(good),
      ['wrong currency', { ...good, currency: 'INR' }, 400, 'validation.failed'],
      ['missing payment password', { amount: 60_000 }, 400, 'validation.failed'],
      ['empty payment password', { ...good, paymentPassword: '' }, 400, 'validation.failed'],
      ['wrong payment password', { ...good, paymentPassword: 'wrong999' }, 400, 'payment.password.wrong'],
      ['below the minimum', { ...good, amount: 100 }, 400, 'cashier.amount.range'],
      ['above the maximum', { ...good, amount: 3_000_000 }, 400, 'cashier.amount.range'],
    ]);
  });

  it('transfer to upline', async () => {
    const good = { amount: 10_000, paymentPassword: 'pay12345' };
    await refuses(post('/wps/cashier/transfer-upline'), [
      ...amountCases(good),
      ['wrong currency', { ...good, currency: 'INR' }, 400, 'validation.failed'],
      ['missing payment password', { amount: 10_000 }, 400, 'validation.failed'],
      ['wrong payment password', { ...good, paymentPassword: 'wrong999' }, 400, 'payment.password.wrong'],
      ['more than withdrawable', { ...good, amount: 900_000_000 }, 409, 'withdrawable.insufficient'],
    ]);
  });

  it('finance adjustment', async () => {
    const good = { memberId: m.member.id, direction: 'credit', amount: 10_000, reason: 'goodwill' };
    await refuses(
      (payload) =>
        staffCall(t.app, finance, 'POST', '/bo/api/cashier/adjust', payload, {
          'idempotency-key': randomUUID(),
        }),
      [
        ...amountCases(good),
        ['wrong currency', { ...good, currency: 'INR' }, 400, 'validation.failed'],
        ['missing reason', { ...good, reason: undefined }, 400, 'validation.failed'],
        ['unknown direction', { ...good, direction: 'sideways' }, 400, 'validation.failed'],
        ['unknown member', { ...good, memberId: 99_999_999 }, 404, 'not.found'],
        [
          'debit more than the balance',
          { ...good, direction: 'debit', amount: 900_000_000 },
          409,
          'insufficient.balance',
        ],
      ],
    );
  });

  it('payment password', async () => {
    await refuses(post('/wps/cashier/payment-password'), [
      ['missing new password', { confirmPassword: 'abc12345' }, 400, 'validation.failed'],
      [
        'too short',
        { newPassword: 'ab1', confirmPassword: 'ab1', oldPassword: 'pay12345' },
        400,
        'validation.failed',
      ],
      [
        'confirmation differs',
        { newPassword: 'abc12345', confirmPassword: 'abc12346', oldPassword: 'pay12345' },
        400,
        'validation.failed',
      ],
      [
        'a number',
        { newPassword: 12345678, confirmPassword: 12345678, oldPassword: 'pay12345' },
        400,
        'validation.failed',
      ],
      [
        'change without the old one',
        { newPassword: 'abc12345', confirmPassword: 'abc12345' },
        400,
        'validation.failed',
      ],
      [
        'wrong old one',
        { newPassword: 'abc12345', confirmPassword: 'abc12345', oldPassword: 'wrong999' },
        400,
        'payment.password.wrong',
      ],
    ]);
  });
});

describe('same idempotency key, another request: 409 idempotency.conflict, nothing written', () => {
  const conflict = async (
    call: (payload: Record<string, unknown>, key: string) => Promise<{ statusCode: number; body: string }>,
    first: Record<string, unknown>,
    others: Record<string, unknown>[],
  ) => {
    const key = randomUUID();
    const ok = await call(first, key);
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await call(first, key);
    expect(JSON.parse(replay.body).value.replayed).toBe(true);
    const before = { counts: await cashierCounts(t.db), balance: await mainBalance(t.db, m.member.id) };
    for (const other of others) {
      const res = await call(other, key);
      expect(res.statusCode, `${JSON.stringify(other)}: ${res.body}`).toBe(409);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, errorCode: 'idempotency.conflict' });
    }
    expect(await cashierCounts(t.db)).toEqual(before.counts);
    expect(await mainBalance(t.db, m.member.id)).toBe(before.balance);
  };

  it('withdrawal: another amount, another currency field', async () => {
    await conflict(
      (payload, key) => memberCall(t.app, m.token, 'POST', '/wps/cashier/withdrawals', payload, { key }),
      { amount: 70_000, paymentPassword: 'pay12345' },
      [
        { amount: 70_001, paymentPassword: 'pay12345' },
        { amount: 70_000, paymentPassword: 'pay12345', currency: 'BDT' },
      ],
    );
  });

  it('transfer to upline: another amount', async () => {
    await conflict(
      (payload, key) => memberCall(t.app, m.token, 'POST', '/wps/cashier/transfer-upline', payload, { key }),
      { amount: 5_000, paymentPassword: 'pay12345' },
      [{ amount: 5_001, paymentPassword: 'pay12345' }],
    );
  });

  it('adjustment: another amount, another direction, another member', async () => {
    const other = await newMember(t.db);
    await conflict(
      (payload, key) =>
        staffCall(t.app, finance, 'POST', '/bo/api/cashier/adjust', payload, { 'idempotency-key': key }),
      { memberId: m.member.id, direction: 'credit', amount: 4_000, reason: 'goodwill' },
      [
        { memberId: m.member.id, direction: 'credit', amount: 4_001, reason: 'goodwill' },
        { memberId: m.member.id, direction: 'debit', amount: 4_000, reason: 'goodwill' },
        { memberId: other.member.id, direction: 'credit', amount: 4_000, reason: 'goodwill' },
      ],
    );
  });
});
