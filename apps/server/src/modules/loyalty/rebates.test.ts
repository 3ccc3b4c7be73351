import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { ensureLoyaltyMember } from './members';
import type { LoyaltyWallet } from './money';
import type { PlayTotalsRow } from './play';
import { earnPoints, movePoints } from './points';
import { accrueRebates, payAccruedRebates } from './rebates';
import { DEFAULT_RULE, type RuleInForce } from './rules';

/*
 * Daily rebates and points at the service level, on the day's turnover rows as the activity
 * module answers them: rates per VIP level and product (floored to the minor unit), the daily cap
 * spread over the products in product order, one row per (member, day, product) however often the
 * run repeats, and payment that survives a run killed half-way (the next run pays each row once).
 * Expected values are worked out by hand from the rates below.
 */

let t: TestApp;
const day = '2026-01-14';
const at = new Date('2026-01-15T06:00:00Z');

const rule: RuleInForce = {
  version: 3,
  rule: {
    ...DEFAULT_RULE,
    rebate: {
      ...DEFAULT_RULE.rebate,
      dailyCapMinor: '50000',
      // level 0: RNG 0.4 %, LIVE 0.35 %; level 2: RNG 0.6 %, LIVE 0.55 %.
      ratesPpm: [{ RNG: 4000, LIVE: 3500 }, { RNG: 5000 }, { RNG: 6000, LIVE: 5500 }, {}, {}],
    },
  },
};

const row = (
  memberId: number,
  product: 'RNG' | 'LIVE' | 'FISH',
  stake: bigint,
  refund = 0n,
): PlayTotalsRow => ({
  memberId,
  product,
  stakeMinor: stake,
  refundMinor: refund,
  payoutMinor: 0n,
  bets: 1,
});

let a = 0;
let b = 0;
let c = 0;

beforeAll(async () => {
  t = await createTestApp();
  a = (await newMember(t.db)).member.id;
  b = (await newMember(t.db)).member.id;
  c = (await newMember(t.db)).member.id;
  await ensureLoyaltyMember(t.db, b, 'khelabd', at);
  await t.db.updateTable('loyalty_member').set({ vip_level: 2 }).where('member_id', '=', b).execute();
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const totals = () => [
  // a: 1,000,000 staked, 100,000 refunded → turnover 900,000 × 0.4 % = 3,600.
  row(a, 'RNG', 1_000_000n, 100_000n),
  // a: 333,333 × 0.35 % = 1,166.66… → 1,166.
  row(a, 'LIVE', 333_333n),
  // a: fishing has no rate at level 0 → nothing.
  row(a, 'FISH', 500_000n),
  // b (level 2): LIVE 2,000,000 × 0.55 % = 11,000, then RNG 10,000,000 × 0.6 % = 60,000 capped to
  // 50,000 − 11,000 = 39,000.
  row(b, 'LIVE', 2_000_000n),
  row(b, 'RNG', 10_000_000n),
  // c: everything refunded → no turnover, no rebate.
  row(c, 'RNG', 70_000n, 70_000n),
];

const rebateRows = () =>
  t.db
    .selectFrom('loyalty_rebate')
    .select(['member_id', 'product', 'amount_minor', 'rate_ppm', 'vip_level', 'status', 'rule_version'])
    .where('day', '=', sql<Date>`${day}::date`)
    .orderBy('member_id')
    .orderBy('product')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, amount_minor: String(r.amount_minor) })));

const mainBalance = async (memberId: number) =>
  BigInt(
    (
      await t.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('owner_key', '=', `main:${memberId}`)
        .where('merchant_code', '=', 'khelabd')
        .executeTakeFirst()
    )?.balance ?? '0',
  );

describe('daily rebates', () => {
  it('accrues per member and product at the level rate, floored and capped, once', async () => {
    const inserted = await accrueRebates(t.db, { merchantCode: 'khelabd', day, rule, totals: totals(), at });
    expect(inserted).toBe(4);
    expect(await rebateRows()).toEqual([
      {
        member_id: a,
        product: 'LIVE',
        amount_minor: '1166',
        rate_ppm: 3500,
        vip_level: 0,
        status: 'accrued',
        rule_version: 3,
      },
      {
        member_id: a,
        product: 'RNG',
        amount_minor: '3600',
        rate_ppm: 4000,
        vip_level: 0,
        status: 'accrued',
        rule_version: 3,
      },
      {
        member_id: b,
        product: 'LIVE',
        amount_minor: '11000',
        rate_ppm: 5500,
        vip_level: 2,
        status: 'accrued',
        rule_version: 3,
      },
      {
        member_id: b,
        product: 'RNG',
        amount_minor: '39000',
        rate_ppm: 6000,
        vip_level: 2,
        status: 'accrued',
        rule_version: 3,
      },
    ]);
    // The run again (or a second node): nothing new.
    expect(await accrueRebates(t.db, { merchantCode: 'khelabd', day, rule, totals: totals(), at })).toBe(0);
    expect(await rebateRows()).toHaveLength(4);
  });

  it('pays each row once when the payment is killed half-way and run again', async () => {
    const wallet = t.app.services.wallet;
    const before = { a: await mainBalance(a), b: await mainBalance(b) };
    // A payment that dies after its second ledger post: the batch's transaction is rolled back.
    let posts = 0;
    const dying: LoyaltyWallet = {
      accountOf: wallet.accountOf,
      post: async (input, within) => {
        posts += 1;
        if (posts === 3) throw new Error('killed');
        return wallet.post(input, within);
      },
    };
    await expect(payAccruedRebates(t.db, dying, 'BDT', { merchantCode: 'khelabd', day }, at)).rejects.toThrow(
      'killed',
    );
    expect((await rebateRows()).filter((r) => r.status === 'paid')).toEqual([]);
    expect(await mainBalance(a)).toBe(before.a);

    // Two runs at once, then one more: each row paid exactly once.
    const [one, two] = await Promise.all([
      payAccruedRebates(t.db, wallet, 'BDT', { merchantCode: 'khelabd', day }, at),
      payAccruedRebates(t.db, wallet, 'BDT', { merchantCode: 'khelabd', day }, at),
    ]);
    expect(one.paid + two.paid).toBe(4);
    expect((await payAccruedRebates(t.db, wallet, 'BDT', { merchantCode: 'khelabd', day }, at)).paid).toBe(0);
    expect((await rebateRows()).every((r) => r.status === 'paid')).toBe(true);
    expect(await mainBalance(a)).toBe(before.a + 3600n + 1166n);
    expect(await mainBalance(b)).toBe(before.b + 50_000n);
    const entries = await t.db
      .selectFrom('journal_entry')
      .select(sql<string>`count(*)`.as('n'))
      .where('idempotency_key', 'like', 'loyalty:rebate:%')
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(4);
  });
});

describe('points', () => {
  it('earns floor(turnover / turnoverPerPoint) per product once, and never spends below zero', async () => {
    // RNG 1 point per 10,000: a 900,000 → 90; LIVE 1 per 20,000: 333,333 → 16; FISH 1 per 10,000:
    // 500,000 → 50. b: LIVE 2,000,000 → 100, RNG 10,000,000 → 1,000. c: no turnover.
    const earned = await earnPoints(t.db, { merchantCode: 'khelabd', day, rule, totals: totals(), at });
    expect(earned).toBe(5);
    expect(await earnPoints(t.db, { merchantCode: 'khelabd', day, rule, totals: totals(), at })).toBe(0);
    const points = async (id: number) =>
      (
        await t.db
          .selectFrom('loyalty_member')
          .select('points')
          .where('member_id', '=', id)
          .executeTakeFirst()
      )?.points?.toString();
    expect(await points(a)).toBe('156');
    expect(await points(b)).toBe('1100');
    expect(await points(c)).toBeUndefined();

    const spend = (delta: bigint, key: string) =>
      t.db.transaction().execute((trx) =>
        movePoints(trx, {
          merchantCode: 'khelabd',
          memberId: a,
          key,
          delta,
          reason: 'redeem',
          detail: {},
          at,
        }),
      );
    await expect(spend(-157n, 'too-much')).rejects.toMatchObject({ code: 'loyalty.points.insufficient' });
    expect(await points(a)).toBe('156');
    expect(await spend(-150n, 'ok')).toBe(true);
    expect(await spend(-150n, 'ok')).toBe(false);
    expect(await points(a)).toBe('6');
  });
});
