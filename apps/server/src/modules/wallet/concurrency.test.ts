import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openPostgresPool, type TestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { ensureAccount, post, verifyLedger } from './ledger';
import { newMember } from './test-support';

/**
 * Concurrent money movements. On PostgreSQL (DATABASE_URL set) the posts run on a pool of 16
 * connections, truly in parallel; on PGlite our driver serialises them.
 */
let database: TestDatabase;
let wide: Database | undefined;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase('demo');
  db = database.db;
  wide = await openPostgresPool(database, 16);
  if (wide) db = wide.db;
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

/** Runs every movement at once; each ends in success or insufficient.balance, nothing else. */
const runAll = async (moves: { from: string; to: string; amount: bigint; key: string }[]) => {
  const outcomes = await Promise.all(
    moves.map(async (m) => {
      try {
        await post(db, {
          merchantCode: 'khelabd',
          idempotencyKey: m.key,
          kind: 'transfer',
          lines: [
            { accountId: m.from, amount: -m.amount },
            { accountId: m.to, amount: m.amount },
          ],
        });
        return { ...m, ok: true };
      } catch (error) {
        if ((error as { code?: string }).code === 'insufficient.balance') return { ...m, ok: false };
        throw error;
      }
    }),
  );
  return outcomes;
};

describe('concurrent posts', () => {
  it('32 concurrent moves of the whole balance: exactly one succeeds', async () => {
    const a = await fundedMain(5_000n);
    const b = await fundedMain(1n);
    const outcomes = await runAll(
      Array.from({ length: 32 }, (_, i) => ({
        from: a.main,
        to: b.main,
        amount: 5_000n,
        key: `c-all-${a.member.id}-${i}`,
      })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await balances([a.main, b.main])).toEqual([0n, 5_001n]);
  });

  it('transfers between two wallets in both directions finish, never go negative and add up', async () => {
    const a = await fundedMain(10_000n);
    const b = await fundedMain(10_000n);
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let previousA = 10_000n;
    for (let round = 0; round < 3; round++) {
      const moves = Array.from({ length: 60 }, (_, i) => {
        const forward = random() < 0.5;
        return {
          from: forward ? a.main : b.main,
          to: forward ? b.main : a.main,
          amount: BigInt(1 + Math.floor(random() * 6_000)),
          key: `c-bi-${a.member.id}-${round}-${i}`,
        };
      });
      const outcomes = await runAll(moves);
      let expectA = 0n;
      for (const o of outcomes.filter((o) => o.ok)) expectA += o.from === a.main ? -o.amount : o.amount;
      const [balanceA, balanceB] = await balances([a.main, b.main]);
      expect((balanceA ?? 0n) + (balanceB ?? 0n)).toBe(20_000n);
      expect(balanceA).toBeGreaterThanOrEqual(0n);
      expect(balanceB).toBeGreaterThanOrEqual(0n);
      // The balance before the round plus the successful moves is the stored balance.
      expect(balanceA).toBe(previousA + expectA);
      previousA = balanceA ?? 0n;
      expect(outcomes.some((o) => o.ok)).toBe(true);
    }
  });

  it('a ring of wallets moved in every direction at once never deadlocks for good', async () => {
    const ring = await Promise.all([1, 2, 3, 4].map(() => fundedMain(2_000n)));
    const moves = Array.from({ length: 80 }, (_, i) => {
      const from = ring[i % 4];
      const to = ring[(i + 1 + (i % 3)) % 4];
      if (!from || !to) throw new Error('ring');
      return {
        from: from.main,
        to: to.main,
        amount: BigInt(100 + (i % 7) * 150),
        key: `c-ring-${ring[0]?.member.id}-${i}`,
      };
    });
    const outcomes = await runAll(moves);
    const total = (await balances(ring.map((r) => r.main))).reduce((x, y) => x + y, 0n);
    expect(total).toBe(8_000n);
    expect(outcomes.length).toBe(80);
  });
});
