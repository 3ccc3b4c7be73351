import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectedError, setModule, type TestApp } from '../../../test/helpers';
import { verifyLedger } from './ledger';
import { newMember, vendorTypeId } from './test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

type Call = { token?: string | undefined; key?: string | null; payload?: unknown; merchant?: string };

const balance = (token?: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/wps/v2/wallets/balance${query}`,
    headers: token ? { authorization: token } : {},
  });

const transfer = ({ token, key, payload, merchant }: Call) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(key === null ? {} : { 'idempotency-key': key ?? randomUUID() }),
      ...(merchant ? { merchant } : {}),
    },
    payload: payload as Record<string, unknown>,
  });

/** The PG vendor's wallet type, from the catalogue. */
let pgTypeId: number;
beforeAll(async () => {
  pgTypeId = await vendorTypeId(t.db, 'PG');
});

const funded = async (minor: bigint) => {
  const m = await newMember(t.db);
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: minor });
  return m;
};

const writes = async () =>
  (await sql<{ n: string }>`SELECT count(*)::text AS n FROM journal_entry`.execute(t.db)).rows[0]?.n;

describe('GET /wps/v2/wallets/balance', () => {
  it('answers the seeded demo credit of demo01 with the merchant currency', async () => {
    const demo = await t.db
      .selectFrom('member')
      .select('id')
      .where('username', '=', 'demo01')
      .where('merchant_code', '=', 'khelabd')
      .executeTakeFirstOrThrow();
    const value = await t.app.services.wallet.balance({
      id: demo.id,
      merchantCode: 'khelabd',
      username: 'demo01',
      nickname: 'demo01',
      type: 0,
      mobile: null,
      createdAt: new Date(),
      passwordChangedAt: new Date(),
      mustChangePassword: false,
    });
    expect(value).toMatchObject({ sumBalance: '10000.00', sumBalanceMinor: '1000000', currency: 'BDT' });
  });

  it('lists the main wallet and every vendor wallet; typeId narrows the list', async () => {
    const { token } = await funded(123_456n);
    const res = await balance(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const value = res.json().value;
    expect(value).toMatchObject({ sumBalance: '1234.56', sumBalanceMinor: '123456', currency: 'BDT' });
    expect(value.currencySymbol).toBeTruthy();
    expect(value.balance[0]).toEqual({
      accountTypeId: 2,
      accountTypeName: 'MAIN',
      availBalance: '1234.56',
      availBalanceMinor: '123456',
    });
    expect(value.balance.length).toBeGreaterThan(10);
    expect(value.balance.find((b: { accountTypeName: string }) => b.accountTypeName === 'PG')).toMatchObject({
      accountTypeId: pgTypeId,
      availBalance: '0.00',
    });
    const only = (await balance(token, `?typeId=${pgTypeId}`)).json().value;
    expect(only.balance).toHaveLength(1);
    expect(only.sumBalance).toBe('1234.56');
  });

  it('a new member has 0.00; a trial account may read its balance', async () => {
    const trial = await newMember(t.db, { type: 4 });
    const res = await balance(trial.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.sumBalance).toBe('0.00');
  });

  it('needs a session', async () => {
    const res = await balance();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expectedError('login.not.session'));
    const bad = await balance('x'.repeat(43));
    expect(bad.statusCode).toBe(401);
  });
});

describe('POST /wps/relay/GCS_walletTransfer', () => {
  it('moves money main -> vendor -> main and answers both balances', async () => {
    const { token } = await funded(100_000n);
    const key = randomUUID();
    const out = await transfer({
      token,
      key,
      payload: { fromAccountTypeId: 2, toAccountTypeId: pgTypeId, amount: 25050 },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().value).toMatchObject({
      replayed: false,
      amount: '250.50',
      amountMinor: '25050',
      fromBalance: '749.50',
      toBalance: '250.50',
      fromAccountTypeId: 2,
      toAccountTypeId: pgTypeId,
    });
    // The same key again: the first answer, nothing moved.
    const before = await writes();
    const again = await transfer({
      token,
      key,
      payload: { fromAccountTypeId: 2, toAccountTypeId: pgTypeId, amount: 25050 },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toEqual({ ...out.json().value, replayed: true });
    expect(await writes()).toBe(before);
    // The same key with another amount: 409, nothing moved.
    const conflict = await transfer({
      token,
      key,
      payload: { fromAccountTypeId: 2, toAccountTypeId: pgTypeId, amount: 25051 },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual(expectedError('idempotency.conflict'));
    expect(await writes()).toBe(before);

    const back = await transfer({
      token,
      payload: { fromAccountTypeId: pgTypeId, toAccountTypeId: 2, amount: 50 },
    });
    expect(back.json().value).toMatchObject({ fromBalance: '250.00', toBalance: '750.00' });
    const value = (await balance(token)).json().value;
    expect(value.sumBalance).toBe('1000.00');
    expect(value.balance[0].availBalance).toBe('750.00');
  });

  it('one client key used by two members is two transfers', async () => {
    const a = await funded(1_000n);
    const b = await funded(1_000n);
    const key = randomUUID();
    const payload = { fromAccountTypeId: 2, toAccountTypeId: pgTypeId, amount: 100 };
    const ra = await transfer({ token: a.token, key, payload });
    const rb = await transfer({ token: b.token, key, payload });
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(ra.json().value.transactionId).not.toBe(rb.json().value.transactionId);
  });

  it('more than the wallet holds: 409 insufficient.balance, nothing written', async () => {
    const { token } = await funded(1_000n);
    const before = await writes();
    const res = await transfer({
      token,
      payload: { fromAccountTypeId: 2, toAccountTypeId: pgTypeId, amount: 1_001 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(expectedError('insufficient.balance'));
    expect(await writes()).toBe(before);
  });

  it('every bad amount, pair, currency or key: 400 and nothing written', async () => {
    const { token } = await funded(1_000_000n);
    const ok = { fromAccountTypeId: 2, toAccountTypeId: pgTypeId };
    const bodies: unknown[] = [
      { ...ok, amount: 1.5 },
      { ...ok, amount: '1.5' },
      { ...ok, amount: '10.00' },
      { ...ok, amount: -100 },
      { ...ok, amount: '-100' },
      { ...ok, amount: 0 },
      { ...ok, amount: '0' },
      { ...ok, amount: '0100' },
      { ...ok, amount: 2 ** 53 },
      { ...ok, amount: '9007199254740992' },
      { ...ok, amount: '99999999999999999999' },
      { ...ok, amount: 1e21 },
      { ...ok, amount: '1e5' },
      // A digit string is refused too (issue 6; ADR 007): amounts are JSON integers.
      { ...ok, amount: '100' },
      { ...ok, amount: '12345' },
      { ...ok, amount: ' 100' },
      { ...ok, amount: 'abc' },
      { ...ok, amount: true },
      { ...ok, amount: null },
      { ...ok, amount: { value: 1 } },
      { ...ok },
      { ...ok, amount: 100, currency: 'INR' },
      { ...ok, amount: 100, currency: 'bdt' },
      { fromAccountTypeId: 2, toAccountTypeId: 2, amount: 100 },
      { fromAccountTypeId: pgTypeId, toAccountTypeId: pgTypeId, amount: 100 },
      { fromAccountTypeId: 2, toAccountTypeId: 999_999, amount: 100 },
      { fromAccountTypeId: 2, toAccountTypeId: -1, amount: 100 },
      { fromAccountTypeId: '2', toAccountTypeId: pgTypeId, amount: 100 },
    ];
    const before = await writes();
    for (const payload of bodies) {
      const res = await transfer({ token, payload });
      expect(res.statusCode, `${JSON.stringify(payload)} -> ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: expect.any(String) });
    }
    // Not JSON at all: 415.
    expect((await transfer({ token, payload: 'amount=100' })).statusCode).toBe(415);
    for (const key of [null, '', 'x'.repeat(101), 'with space']) {
      const res = await transfer({ token, key, payload: { ...ok, amount: 100 } });
      expect(res.statusCode, `key ${key}`).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'validation.failed',
        value: { fields: { 'Idempotency-Key': 'idempotency.key.required' } },
      });
    }
    expect(await writes()).toBe(before);
    // The right currency is accepted.
    const fine = await transfer({ token, payload: { ...ok, amount: 100, currency: 'BDT' } });
    expect(fine.statusCode).toBe(200);
  });

  it('logged out 401, trial account 403 in_need_true_account', async () => {
    const payload = { fromAccountTypeId: 2, toAccountTypeId: pgTypeId, amount: 100 };
    const out = await transfer({ payload });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual(expectedError('login.not.session'));
    const trial = await newMember(t.db, { type: 4 });
    await t.app.services.wallet.grantDemoCredit(trial.member.id);
    const before = await writes();
    const res = await transfer({ token: trial.token, payload });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(expectedError('in_need_true_account'));
    await expect(
      t.app.services.wallet.transfer(trial.member, { ...payload, amount: 100n }, 'k'),
    ).rejects.toMatchObject({
      code: 'in_need_true_account',
    });
    expect(await writes()).toBe(before);
  });

  it('32 concurrent transfers of the whole balance: exactly one succeeds', async () => {
    const { token } = await funded(77_777n);
    const results = await Promise.all(
      Array.from({ length: 32 }, () =>
        transfer({ token, payload: { fromAccountTypeId: 2, toAccountTypeId: pgTypeId, amount: 77777 } }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(31);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json().errorCode).toBe('insufficient.balance');
    const value = (await balance(token)).json().value;
    expect(value.balance[0].availBalanceMinor).toBe('0');
    expect(value.sumBalanceMinor).toBe('77777');
  });

  it('16 concurrent repeats of one key: one transfer, the same answer to all', async () => {
    const { token } = await funded(10_000n);
    const key = randomUUID();
    const before = await writes();
    const results = await Promise.all(
      Array.from({ length: 16 }, () =>
        transfer({ token, key, payload: { fromAccountTypeId: 2, toAccountTypeId: pgTypeId, amount: 400 } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(16).fill(200));
    expect(new Set(results.map((r) => r.json().value.transactionId)).size).toBe(1);
    expect(results.filter((r) => r.json().value.replayed === false)).toHaveLength(1);
    expect(Number(await writes())).toBe(Number(before) + 1);
    expect((await balance(token)).json().value.balance[0].availBalance).toBe('96.00');
  });
});

describe('GET /wps/relay/GCS_merchantWallet and the FUNDTRANS3 module', () => {
  it('isSingle follows FUNDTRANS3; with it off transfers answer 403 and only the main wallet shows', async () => {
    const { token } = await funded(1_000n);
    const wallet = () =>
      t.app.inject({
        method: 'GET',
        url: '/wps/relay/GCS_merchantWallet',
        headers: { authorization: token },
      });
    expect((await wallet()).json()).toEqual({ success: true, value: { isSingle: false } });
    expect((await t.app.inject({ method: 'GET', url: '/wps/relay/GCS_merchantWallet' })).statusCode).toBe(
      401,
    );
    await setModule(t.app, 'khelabd', 'FUNDTRANS3', false);
    try {
      expect((await wallet()).json().value).toEqual({ isSingle: true });
      const res = await transfer({
        token,
        payload: { fromAccountTypeId: 2, toAccountTypeId: pgTypeId, amount: 1 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(expectedError('function.not.available'));
      const value = (await balance(token)).json().value;
      expect(value.balance).toHaveLength(1);
      expect(value.sumBalance).toBe('10.00');
    } finally {
      await setModule(t.app, 'khelabd', 'FUNDTRANS3', true);
    }
    // The other merchant was never affected.
    const india = await newMember(t.db, { merchantCode: 'khelain' });
    const other = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GCS_merchantWallet',
      headers: { authorization: india.token, merchant: 'khelain' },
    });
    expect(other.json().value).toEqual({ isSingle: false });
  });
});

describe('GET /wps/relay/ODSFE2_MemTransDet (account record)', () => {
  const records = (token: string | undefined, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/wps/relay/ODSFE2_MemTransDet${query}`,
      headers: token ? { authorization: token } : {},
    });

  it('lists the member movements newest first, 15 a page, filtered by type and range', async () => {
    const { token } = await funded(100_000n);
    for (let i = 1; i <= 17; i++) {
      const res = await transfer({
        token,
        payload: { fromAccountTypeId: 2, toAccountTypeId: pgTypeId, amount: i },
      });
      expect(res.statusCode).toBe(200);
    }
    const first = await records(token, '');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().value;
    // 1 demo credit line + 17 transfers x 2 lines (main and vendor wallet).
    expect(page1).toMatchObject({ pageNo: 1, pageSize: 15, totalCount: 35, totalPages: 3 });
    expect(page1.list).toHaveLength(15);
    expect(page1.list[0]).toMatchObject({ type: 'transfer' });
    // The last transfer is on the first page (two made in the same millisecond may come in
    // either order: entries are ordered by time, then by their random id).
    type Line = { accountTypeId: number; accountTypeName: string; amountMinor: string };
    const last = page1.list.filter((r: Line) => r.amountMinor === '-17' || r.amountMinor === '17');
    expect(last.find((r: Line) => r.accountTypeId === 2)).toMatchObject({
      accountTypeName: 'MAIN',
      amount: '-0.17',
    });
    expect(last.find((r: Line) => r.accountTypeName === 'PG')).toMatchObject({
      accountTypeId: pgTypeId,
      amount: '0.17',
      balanceAfter: '1.53',
    });
    const page3 = (await records(token, '?pageNo=3')).json().value;
    expect(page3.list).toHaveLength(5);
    expect(page3.list.at(-1)).toMatchObject({
      type: 'demo.credit',
      amount: '1000.00',
      balanceAfter: '1000.00',
    });
    const credits = (await records(token, '?type=demo.credit')).json().value;
    expect(credits.totalCount).toBe(1);
    const past = Date.now() - 40 * 24 * 3600_000;
    const none = (await records(token, `?startTime=${past}&endTime=${past + 24 * 3600_000}`)).json().value;
    expect(none).toMatchObject({ totalCount: 0, list: [], totalPages: 0 });
  });

  it('bad ranges 400; logged out 401; module off 403', async () => {
    const { token } = await funded(1n);
    const now = Date.now();
    for (const q of [
      `?startTime=${now}&endTime=${now - 1}`,
      `?startTime=${now - 32 * 24 * 3600_000}&endTime=${now}`,
      '?pageNo=0',
      '?type=DROP TABLE',
    ]) {
      const res = await records(token, q);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await records(undefined, '')).statusCode).toBe(401);
    await setModule(t.app, 'khelabd', 'MEMTRANS3', false);
    try {
      const res = await records(token, '');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(expectedError('function.not.available'));
    } finally {
      await setModule(t.app, 'khelabd', 'MEMTRANS3', true);
    }
  });
});

it('the wallet calls are in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  expect(doc.paths['/wps/v2/wallets/balance']).toHaveProperty('get');
  expect(doc.paths['/wps/relay/GCS_merchantWallet']).toHaveProperty('get');
  expect(doc.paths['/wps/relay/GCS_walletTransfer']).toHaveProperty('post');
  expect(doc.paths['/wps/relay/ODSFE2_MemTransDet']).toHaveProperty('get');
});
