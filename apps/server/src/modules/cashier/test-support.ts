import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { App } from '../../app';
import type { DB } from '../../db/schema';

/** Test support for the cashier: calls as a member or as staff, and row counts. */

export type Caller = { app: App };

export const memberCall = (
  app: App,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  options: { key?: string | null; merchant?: string; headers?: Record<string, string> } = {},
) =>
  app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(options.key === null
        ? {}
        : method === 'POST'
          ? { 'idempotency-key': options.key ?? randomUUID() }
          : {}),
      ...(options.merchant ? { merchant: options.merchant } : {}),
      ...(options.headers ?? {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

export const staffCall = (
  app: App,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: token } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** Everything a cashier call could write, counted: "nothing written" means these stay equal. */
export const cashierCounts = async (db: Kysely<DB>) => {
  const count = async (table: keyof DB) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    entries: await count('journal_entry'),
    deposits: await count('cashier_deposit'),
    withdrawals: await count('cashier_withdrawal'),
    uploads: await count('cashier_upload'),
    audit: await count('bo_audit'),
  };
};

/** The member's main wallet balance in minor units. */
export const mainBalance = async (db: Kysely<DB>, memberId: number) => {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'member_main')
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
};

type Member = { token: string; member: { id: number } };

/** Set-up steps most cashier tests share, for one test app. */
export const cashierSteps = (app: App, db: Kysely<DB>) => {
  /** Real money for a member: a deposit entry from payment clearing (what an approval posts). */
  const fund = async (m: Member, amount: bigint, merchant = 'khelabd', currency = 'BDT') => {
    const w = app.services.wallet;
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
  const ok = (res: { statusCode: number; body: string }) => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return (JSON.parse(res.body) as { value: Record<string, unknown> }).value;
  };
  const withPassword = async (m: Member, password = 'pay12345') =>
    ok(
      await memberCall(app, m.token, 'POST', '/wps/cashier/payment-password', {
        newPassword: password,
        confirmPassword: password,
      }),
    );
  const bound = async (m: Member, password?: string) =>
    ok(
      await memberCall(app, m.token, 'POST', '/wps/cashier/payout-account', {
        payeeName: 'Test Payee',
        channel: 'BKASH',
        number: '01711112222',
        ...(password ? { paymentPassword: password } : {}),
      }),
    );
  const channelId = async (code = 'BKASH', merchant = 'khelabd') =>
    (
      await db
        .selectFrom('cashier_channel')
        .select('id')
        .where('merchant_code', '=', merchant)
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  /** Funded, with a payment password (`pay12345`) and a payout account: ready to withdraw. */
  const ready = async (m: Member, funds: bigint) => {
    await fund(m, funds);
    await bound(m);
    await withPassword(m);
    return m;
  };
  const withdraw = async (m: Member, amount: number) =>
    ok(
      await memberCall(app, m.token, 'POST', '/wps/cashier/withdrawals', {
        amount,
        paymentPassword: 'pay12345',
      }),
    );
  const act = async (staffToken: string, id: string, action: string, reason?: string) =>
    ok(
      await staffCall(app, staffToken, 'POST', '/bo/api/cashier/withdrawals/action', {
        id,
        action,
        ...(reason ? { reason } : {}),
      }),
    );
  return { fund, withPassword, bound, channelId, ready, withdraw, act, ok };
};
