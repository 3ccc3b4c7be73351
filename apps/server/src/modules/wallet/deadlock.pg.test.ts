import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openPostgresPool, type TestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { ensureAccount, post, verifyLedger } from './ledger';
import { newMember } from './test-support';

/**
 * A real deadlock between two PostgreSQL backends (`*.pg.test.ts`: runs when DATABASE_URL is set,
 * as in CI's second server run; PGlite has one connection and cannot deadlock).
 */
let database: TestDatabase;
let wide: Database;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase('demo');
  const pool = await openPostgresPool(database, 4);
  if (!pool) throw new Error('*.pg.test.ts needs DATABASE_URL');
  wide = pool;
  db = wide.db;
});

afterAll(async () => {
  if (!database) return;
  const report = await verifyLedger(database.db);
  await wide?.close();
  await database.close();
  expect(report.findings).toEqual([]);
});

const base = { merchantCode: 'khelabd', currency: 'BDT' } as const;
const now = new Date();

const fundedMain = async (amount: bigint) => {
  const { member } = await newMember(database.db);
  const main = await ensureAccount(db, { ...base, kind: 'member_main', memberId: member.id }, now);
  const house = await ensureAccount(db, { ...base, kind: 'house' }, now);
  await post(db, {
    merchantCode: 'khelabd',
    idempotencyKey: `c-fund-${member.id}`,
    kind: 'demo.credit',
    lines: [
      { accountId: house, amount: -amount },
      { accountId: main, amount },
    ],
  });
  return { member, main };
};

const balances = async (ids: string[]) => {
  const rows = await db
    .selectFrom('ledger_account')
    .select(['id', 'balance'])
    .where('id', 'in', ids)
    .execute();
  return ids.map((id) => BigInt(rows.find((r) => r.id === id)?.balance ?? 'x'));
};

describe('ledger posts under a real deadlock', () => {
  it('a post chosen as a deadlock victim is retried and succeeds', async () => {
    const a = await fundedMain(1_000n);
    const b = await fundedMain(1_000n);
    const [low, high] = [a.main, b.main].sort();
    let releaseHolder!: () => void;
    const holderGo = new Promise<void>((resolve) => {
      releaseHolder = resolve;
    });
    // Another transaction that locks against our order (high, then low). It waits long before
    // looking for deadlocks, so the post's own backend finds the deadlock and is the victim.
    const holder = database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL deadlock_timeout = '20s'`.execute(trx);
      await sql`SELECT id FROM ledger_account WHERE id = ${high} FOR UPDATE`.execute(trx);
      await holderGo;
      await sql`SELECT id FROM ledger_account WHERE id = ${low} FOR UPDATE`.execute(trx);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const moved = post(db, {
      merchantCode: 'khelabd',
      idempotencyKey: `c-deadlock-${a.member.id}`,
      kind: 'transfer',
      lines: [
        { accountId: a.main, amount: -300n },
        { accountId: b.main, amount: 300n },
      ],
    });
    // Let the post take `low` and wait on `high`, then close the cycle.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waits = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(database.db);
    expect(waits.rows[0]?.n).toBe('1');
    releaseHolder();
    await holder;
    const result = await moved;
    expect(result.replayed).toBe(false);
    expect(await balances([a.main, b.main])).toEqual([700n, 1_300n]);
  });
});
