import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, openPostgresPool, type TestDatabase } from '../../../test/helpers';
import { type App, buildApp } from '../../app';
import type { Database } from '../../db/database';
import { verifyLedger } from './ledger';
import { newMember, type TestMember } from './test-support';

/**
 * `GCS_walletTransfer` through the whole HTTP stack, main ⇄ vendor wallet in both directions at
 * once for one member. On PostgreSQL (the CI run) the app gets a pool of 16 connections, and a
 * held row lock makes the transfers pile up in the database before they race, so they truly
 * overlap (the test checks they did); on PGlite the driver serialises transactions and this
 * checks the outcome rules only.
 */
const onPostgres = inject('khelaTestDatabases').kind === 'postgres';
const POOL = 16;

let database: TestDatabase;
let wide: Database | undefined;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase('demo');
  wide = await openPostgresPool(database, POOL);
  app = await buildApp({
    config: {
      LOG_LEVEL: 'silent',
      KHELA_MODE: 'demo',
      KHELA_SCHEDULER: 'off',
      TRUST_PROXY: undefined,
      BLOCKED_COUNTRIES: undefined,
    },
    database: wide ?? database,
    logger: false,
  });
});

afterAll(async () => {
  if (!database) return;
  const report = await verifyLedger(database.db);
  await app?.close();
  await wide?.close();
  await database.close();
  expect(report.findings).toEqual([]);
});

const MAIN = 2;
const AMOUNT = 10_000n;

const transfer = (m: TestMember, from: number, to: number) =>
  app.inject({
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: { authorization: m.token, 'idempotency-key': randomUUID() },
    payload: { fromAccountTypeId: from, toAccountTypeId: to, amount: Number(AMOUNT) },
  });

const accountIds = async (memberId: number, vendorCode: string) => {
  const rows = await database.db
    .selectFrom('ledger_account')
    .select(['id', 'kind', 'vendor_code'])
    .where('member_id', '=', memberId)
    .execute();
  const main = rows.find((r) => r.kind === 'member_main')?.id;
  const vendor = rows.find((r) => r.kind === 'member_vendor' && r.vendor_code === vendorCode)?.id;
  if (!main || !vendor) throw new Error('the member has no main or vendor wallet');
  return { main, vendor };
};

const balanceOf = async (id: string) =>
  BigInt(
    (
      await database.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).balance,
  );

/** Transactions of this database waiting on a lock right now (PostgreSQL). */
const lockWaiters = async () =>
  Number(
    (
      await sql<{ n: string }>`
        SELECT count(*)::text AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(database.db)
    ).rows[0]?.n ?? 0,
  );

/** Fails, instead of hanging the run, when the transfers are not all answered in time. */
const within = async <T>(ms: number, work: Promise<T>) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`transfers still unanswered after ${ms} ms: stuck`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

describe('concurrent wallet transfers, main ⇄ vendor wallet', () => {
  it('16 each way at once for one member: none stuck for good, none negative, sums kept, ledger verifies', async () => {
    const vendor = await database.db
      .selectFrom('vendor')
      .select(['code', 'account_type_id'])
      .where('code', '=', 'PG')
      .executeTakeFirstOrThrow();
    const m = await newMember(database.db, { prefix: 'wtc' });
    await app.services.wallet.grantDemoCredit(m.member.id, { amount: 100_000n });
    // The merchant keeps vendor wallets apart (not single-wallet), so transfers are allowed.
    const wallet = await app.inject({
      url: '/wps/relay/GCS_merchantWallet',
      headers: { authorization: m.token },
    });
    expect(wallet.json().value).toEqual({ isSingle: false });
    // Both wallets hold money before the race: 60,000 main, 40,000 in the vendor's.
    const first = await transfer(m, MAIN, vendor.account_type_id);
    expect(first.statusCode, first.body).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await transfer(m, MAIN, vendor.account_type_id)).statusCode).toBe(200);
    const ids = await accountIds(m.member.id, vendor.code);
    const [mainBefore, vendorBefore] = [await balanceOf(ids.main), await balanceOf(ids.vendor)];
    expect([mainBefore, vendorBefore]).toEqual([60_000n, 40_000n]);
    const entriesBefore = await countTransfers(m.member.id);

    // PostgreSQL: hold the main wallet's row so every transfer queues in the database, then let go.
    let release = () => {};
    let holder: Promise<void> = Promise.resolve();
    if (onPostgres) {
      let locked = () => {};
      const holding = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const go = new Promise<void>((resolve) => {
        release = resolve;
      });
      holder = database.db.transaction().execute(async (trx) => {
        await sql`SELECT id FROM ledger_account WHERE id = ${ids.main} FOR UPDATE`.execute(trx);
        locked();
        await go;
      });
      await holding;
    }

    const outcomes = within(
      90_000,
      Promise.all(
        Array.from({ length: 32 }, (_, i) => {
          const out = i % 2 === 0;
          return transfer(m, out ? MAIN : vendor.account_type_id, out ? vendor.account_type_id : MAIN).then(
            (r) => ({ out, r }),
          );
        }),
      ),
    );

    if (onPostgres) {
      // The transfers fill the app's pool, each waiting on the held row (at most 10 s).
      let most = 0;
      const until = Date.now() + 10_000;
      while (most < POOL && Date.now() < until) {
        most = Math.max(most, await lockWaiters());
        if (most < POOL) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      release();
      await holder;
      expect(most, 'transfers waiting in the database at once').toBeGreaterThanOrEqual(POOL / 2);
    }

    const answered = await outcomes;
    let movedOut = 0n;
    let movedIn = 0n;
    for (const { out, r } of answered) {
      if (r.statusCode === 200) {
        const value = r.json().value as {
          fromBalanceMinor: string;
          toBalanceMinor: string;
          replayed: boolean;
        };
        expect(value.replayed).toBe(false);
        expect(BigInt(value.fromBalanceMinor) >= 0n, r.body).toBe(true);
        expect(BigInt(value.toBalanceMinor)).toBeGreaterThanOrEqual(AMOUNT);
        if (out) movedOut += AMOUNT;
        else movedIn += AMOUNT;
      } else {
        // The only refusal: the wallet it takes from holds too little at that moment.
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json().errorCode).toBe('insufficient.balance');
      }
    }
    // Both directions moved money.
    expect(movedOut).toBeGreaterThan(0n);
    expect(movedIn).toBeGreaterThan(0n);

    const [mainAfter, vendorAfter] = [await balanceOf(ids.main), await balanceOf(ids.vendor)];
    expect(mainAfter).toBeGreaterThanOrEqual(0n);
    expect(vendorAfter).toBeGreaterThanOrEqual(0n);
    expect(mainAfter + vendorAfter).toBe(100_000n);
    // Each acknowledged transfer is in the books exactly once, and nothing else is.
    expect(mainAfter).toBe(mainBefore - movedOut + movedIn);
    const ok = answered.filter((a) => a.r.statusCode === 200).length;
    expect(await countTransfers(m.member.id)).toBe(entriesBefore + ok);
    // The balance answer agrees with the books.
    const shown = (
      await app.inject({ url: '/wps/v2/wallets/balance', headers: { authorization: m.token } })
    ).json().value as { sumBalanceMinor: string };
    expect(shown.sumBalanceMinor).toBe('100000');

    const report = await verifyLedger(database.db);
    expect(report.findings).toEqual([]);
  }, 180_000);
});

const countTransfers = async (memberId: number) =>
  Number(
    (
      await sql<{ n: string }>`
        SELECT count(*)::text AS n FROM journal_entry
        WHERE kind = 'transfer' AND (metadata->>'memberId')::int = ${memberId}`.execute(database.db)
    ).rows[0]?.n ?? 0,
  );
