import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, expectedError, type TestApp } from '../../../test/helpers';
import { hashSessionToken } from '../../shared/tokens';
import { mainBalance } from '../cashier/test-support';
import { verifyLedger } from './ledger';
import { newMember, vendorTypeId } from './test-support';

/**
 * The transfer route's fast path (docs/decisions/020-wallet-transfer-throughput.md): once a token
 * has passed the full session check on the route, its member is remembered and the next
 * transfers check the session in the posting statement itself. Whatever changed since, every
 * call must be refused at once and answered exactly as the full path answers it.
 */
let t: TestApp;
let pgTypeId: number;

beforeAll(async () => {
  t = await createTestApp();
  pgTypeId = await vendorTypeId(t.db, 'PG');
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const transfer = (token: string, payload: unknown, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: { authorization: token, 'idempotency-key': key },
    payload: payload as Record<string, unknown>,
  });

const toVendor = (amount: unknown) => ({ fromAccountTypeId: 2, toAccountTypeId: pgTypeId, amount });

const writes = async () =>
  (await sql<{ n: string }>`SELECT count(*)::text AS n FROM journal_entry`.execute(t.db)).rows[0]?.n;

/** A member holding `minor` in the main wallet whose token the route remembers (full path, then fast). */
const remembered = async (minor: bigint) => {
  const m = await newMember(t.db);
  await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: minor });
  const warm = await transfer(m.token, toVendor(1));
  expect(warm.statusCode, warm.body).toBe(200);
  const fast = await transfer(m.token, toVendor(1));
  expect(fast.statusCode, fast.body).toBe(200);
  await t.app.inject({
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: { authorization: m.token, 'idempotency-key': randomUUID() },
    payload: { fromAccountTypeId: pgTypeId, toAccountTypeId: 2, amount: 2 },
  });
  return m;
};

describe('transfers of a remembered token', () => {
  it('skip the separate session read: the session is checked by the posting statement', async () => {
    const m = await remembered(10_000n);
    const reads = vi.spyOn(t.app.services.identity, 'authenticate');
    try {
      for (let i = 0; i < 3; i++) expect((await transfer(m.token, toVendor(10))).statusCode).toBe(200);
      expect(reads).not.toHaveBeenCalled();
      // A new token is read in full; a refusal of a remembered one is answered by the full path.
      const other = await newMember(t.db);
      expect((await transfer(other.token, toVendor(10))).statusCode).toBe(409);
      expect(reads).toHaveBeenCalledTimes(1);
      expect((await transfer(other.token, toVendor(10))).statusCode).toBe(409);
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });

  it('after logout the next transfer is refused at once and writes nothing', async () => {
    const m = await remembered(10_000n);
    const out = await t.app.inject({
      method: 'POST',
      url: '/wps/session/logout',
      headers: { authorization: m.token },
    });
    expect(out.statusCode).toBe(200);
    const before = await writes();
    const res = await transfer(m.token, toVendor(100));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expectedError('login.not.session'));
    expect(await writes()).toBe(before);
  });

  it('revoked, idle, past its end, locked, trial or due to change the password: refused as the full path refuses', async () => {
    const cases: [string, (memberId: number, token: string) => Promise<unknown>, number, string][] = [
      [
        'revoked',
        (_, token) =>
          t.db
            .updateTable('member_session')
            .set({ revoked_at: new Date() })
            .where('token_hash', '=', hashSessionToken(token))
            .execute(),
        401,
        'login.not.session',
      ],
      [
        'idle',
        (_, token) =>
          t.db
            .updateTable('member_session')
            .set({ last_seen_at: new Date(Date.now() - 31 * 60_000) })
            .where('token_hash', '=', hashSessionToken(token))
            .execute(),
        401,
        'login.not.session',
      ],
      [
        'past its end',
        (_, token) =>
          t.db
            .updateTable('member_session')
            .set({ expires_at: new Date(Date.now() - 1000) })
            .where('token_hash', '=', hashSessionToken(token))
            .execute(),
        401,
        'login.not.session',
      ],
      [
        'locked',
        (id) => t.db.updateTable('member').set({ status: 'locked' }).where('id', '=', id).execute(),
        401,
        'login.not.session',
      ],
      [
        'trial',
        (id) => t.db.updateTable('member').set({ type: 4 }).where('id', '=', id).execute(),
        403,
        'in_need_true_account',
      ],
      [
        'must change the password',
        (id) => t.db.updateTable('member').set({ must_change_password: true }).where('id', '=', id).execute(),
        403,
        'password.change.required',
      ],
    ];
    for (const [name, change, status, code] of cases) {
      const m = await remembered(10_000n);
      await change(m.member.id, m.token);
      const before = await writes();
      const res = await transfer(m.token, toVendor(100));
      expect(res.json().errorCode, name).toBe(code);
      expect(res.statusCode, name).toBe(status);
      expect(await writes(), name).toBe(before);
    }
  });

  it('a bad body is refused after the session: 401 once logged out, 400 while live', async () => {
    const m = await remembered(10_000n);
    const live = await transfer(m.token, toVendor(0));
    expect(live.statusCode).toBe(400);
    expect(live.json().errorCode).toBe('validation.failed');
    await t.app.inject({ method: 'POST', url: '/wps/session/logout', headers: { authorization: m.token } });
    const out = await transfer(m.token, toVendor(0));
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual(expectedError('login.not.session'));
  });

  it('refuses what the full path refuses and answers a repeated key with the stored answer', async () => {
    const m = await remembered(10_000n);
    const before = await writes();
    const tooMuch = await transfer(m.token, toVendor(10_001));
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errorCode).toBe('insufficient.balance');
    for (const amount of [0, -5, 1.5, '100'])
      expect((await transfer(m.token, toVendor(amount))).statusCode, String(amount)).toBe(400);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { authorization: m.token },
      payload: toVendor(100),
    });
    expect(noKey.statusCode).toBe(400);
    expect(await writes()).toBe(before);
    const key = randomUUID();
    const first = await transfer(m.token, toVendor(2_500), key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await transfer(m.token, toVendor(2_500), key);
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toEqual({ ...first.json().value, replayed: true });
    const other = await transfer(m.token, toVendor(2_400), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('idempotency.conflict');
    expect(await mainBalance(t.db, m.member.id)).toBe(7500n);
  });

  it('a refusal is answered once: the transfer runs once and posts nothing', async () => {
    const m = await remembered(10_000n);
    const transfers = vi.spyOn(t.app.services.wallet, 'transfer');
    const reads = vi.spyOn(t.app.services.identity, 'authenticate');
    try {
      const before = await writes();
      // Refused by the statement (the funds), and before it (the currency): each one call, one
      // run of the transfer, then the session's full check, as the full path makes it first.
      const tooMuch = await transfer(m.token, toVendor(10_001));
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().errorCode).toBe('insufficient.balance');
      expect(transfers).toHaveBeenCalledTimes(1);
      expect(reads).toHaveBeenCalledTimes(1);
      const currency = await transfer(m.token, { ...toVendor(100), currency: 'USD' });
      expect(currency.statusCode).toBe(400);
      expect(currency.json().value).toEqual({ fields: { currency: 'wallet.currency.mismatch' } });
      expect(transfers).toHaveBeenCalledTimes(2);
      expect(reads).toHaveBeenCalledTimes(2);
      expect(await writes()).toBe(before);
      expect(await mainBalance(t.db, m.member.id)).toBe(10_000n - 1n - 1n + 2n);
    } finally {
      transfers.mockRestore();
      reads.mockRestore();
    }
  });

  it('a refusal before the statement, once logged out: the session is refused first, as on the full path', async () => {
    const m = await remembered(10_000n);
    await t.app.inject({ method: 'POST', url: '/wps/session/logout', headers: { authorization: m.token } });
    const before = await writes();
    const res = await transfer(m.token, { ...toVendor(100), currency: 'USD' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expectedError('login.not.session'));
    expect(await writes()).toBe(before);
  });

  it('a member changed since it was remembered, still allowed: the statement writes nothing, the full path posts once', async () => {
    const m = await remembered(10_000n);
    // Changed behind the route's memory without ending the session (a password change would end it).
    await t.db
      .updateTable('member')
      .set({ password_changed_at: new Date(Date.now() - 1000) })
      .where('id', '=', m.member.id)
      .execute();
    const transfers = vi.spyOn(t.app.services.wallet, 'transfer');
    try {
      const before = Number(await writes());
      const res = await transfer(m.token, toVendor(100));
      expect(res.statusCode, res.body).toBe(200);
      expect(transfers).toHaveBeenCalledTimes(2);
      expect(Number(await writes())).toBe(before + 1);
      expect(await mainBalance(t.db, m.member.id)).toBe(10_000n - 100n);
      // Remembered afresh: the next one takes the fast path again, one run.
      expect((await transfer(m.token, toVendor(100))).statusCode).toBe(200);
      expect(transfers).toHaveBeenCalledTimes(3);
    } finally {
      transfers.mockRestore();
    }
  });

  it('concurrent transfers of the whole balance: exactly one succeeds, never negative', async () => {
    const m = await remembered(50_000n);
    const results = await Promise.all(Array.from({ length: 24 }, () => transfer(m.token, toVendor(50_000))));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(23);
    expect(await mainBalance(t.db, m.member.id)).toBe(0n);
  });

  it('keeps the sliding idle expiry: last use written at most once a minute', async () => {
    const m = await remembered(10_000n);
    const hash = hashSessionToken(m.token);
    const seen = async () =>
      (
        await t.db
          .selectFrom('member_session')
          .select('last_seen_at')
          .where('token_hash', '=', hash)
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const recent = new Date(Date.now() - 10_000);
    await t.db
      .updateTable('member_session')
      .set({ last_seen_at: recent })
      .where('token_hash', '=', hash)
      .execute();
    expect((await transfer(m.token, toVendor(1))).statusCode).toBe(200);
    expect(await seen()).toBe(recent.getTime());
    const old = new Date(Date.now() - 5 * 60_000);
    await t.db
      .updateTable('member_session')
      .set({ last_seen_at: old })
      .where('token_hash', '=', hash)
      .execute();
    expect((await transfer(m.token, toVendor(1))).statusCode).toBe(200);
    expect(await seen()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a wallet type whose vendor was disabled since: 400 wallet.vendor.unknown, nothing written', async () => {
    const m = await remembered(10_000n);
    const before = await writes();
    await t.db.updateTable('vendor').set({ enabled: false }).where('code', '=', 'PG').execute();
    try {
      const res = await transfer(m.token, toVendor(100));
      expect(res.statusCode).toBe(400);
      expect(res.json().value).toEqual({ fields: { toAccountTypeId: 'wallet.vendor.unknown' } });
    } finally {
      await t.db.updateTable('vendor').set({ enabled: true }).where('code', '=', 'PG').execute();
    }
    expect(await writes()).toBe(before);
    expect((await transfer(m.token, toVendor(100))).statusCode).toBe(200);
  });

  it('a wallet type given to another vendor since: the transfer goes to that vendor’s wallet', async () => {
    /** What `wallet_transfer` reads (kept by a trigger on vendor) and what the vendor table says. */
    const kept = () => t.db.selectFrom('wallet_type_vendor').selectAll().orderBy('account_type_id').execute();
    const fromVendors = async () =>
      (
        await sql<{ account_type_id: number; vendor_code: string }>`
          SELECT DISTINCT ON (account_type_id) account_type_id, code AS vendor_code
          FROM vendor WHERE enabled ORDER BY account_type_id, code`.execute(t.db)
      ).rows;
    expect((await kept()).find((w) => w.account_type_id === pgTypeId)?.vendor_code).toBe('PG');
    expect(await kept()).toEqual(await fromVendors());
    const m = await remembered(10_000n);
    // A vendor whose code sorts before PG's takes the wallet type.
    await sql`INSERT INTO vendor (code, game_type, display_name, account_type_id, account_type_name)
      VALUES ('AAPG', 'RNG', 'AA', ${pgTypeId}, 'AA')`.execute(t.db);
    try {
      expect((await kept()).find((w) => w.account_type_id === pgTypeId)?.vendor_code).toBe('AAPG');
      expect(await kept()).toEqual(await fromVendors());
      const res = await transfer(m.token, toVendor(100));
      expect(res.statusCode, res.body).toBe(200);
      const entry = await t.db
        .selectFrom('journal_entry')
        .select('metadata')
        .where('id', '=', res.json().value.transactionId)
        .executeTakeFirstOrThrow();
      expect(entry.metadata).toMatchObject({ vendorCode: 'AAPG' });
      // Switched off again: PG's wallet once more.
      await t.db.updateTable('vendor').set({ enabled: false }).where('code', '=', 'AAPG').execute();
      expect(await kept()).toEqual(await fromVendors());
      const back = await transfer(m.token, toVendor(100));
      expect(back.statusCode, back.body).toBe(200);
      expect(
        (
          await t.db
            .selectFrom('journal_entry')
            .select('metadata')
            .where('id', '=', back.json().value.transactionId)
            .executeTakeFirstOrThrow()
        ).metadata,
      ).toMatchObject({ vendorCode: 'PG' });
    } finally {
      await t.db.deleteFrom('vendor').where('code', '=', 'AAPG').execute();
    }
    expect(await kept()).toEqual(await fromVendors());
  });
});
