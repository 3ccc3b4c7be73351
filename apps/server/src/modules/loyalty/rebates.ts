import { sql } from 'kysely';
import type { Db } from '../../shared/db';
import { type LoyaltyWallet, payMember } from './money';
import { type PlayTotalsRow, turnoverOf } from './play';
import type { RuleInForce } from './rules';

/**
 * Daily rebates. Accrual is one INSERT … SELECT: the day's turnover per member and product (from
 * the activity module's rollup), the member's VIP level, the rate of that level and product, the
 * amount `floor(turnover × ppm / 10⁶)`, the member's daily cap spread over the products in product
 * order — under the unique (member, day, product) key with ON CONFLICT DO NOTHING, so a second or
 * a restarted run inserts nothing again. Payment moves each accrued row to `paid` together with its
 * ledger entry (`loyalty:rebate:<id>`) in one transaction per batch: a run killed half-way leaves
 * rows accrued (rolled back), and the next run pays them once.
 */
export const accrueRebates = async (
  db: Db,
  input: { merchantCode: string; day: string; rule: RuleInForce; totals: PlayTotalsRow[]; at: Date },
) => {
  const rows = input.totals.filter((r) => r.memberId !== undefined && r.product && turnoverOf(r) > 0n);
  if (rows.length === 0) return 0;
  const { rebate } = input.rule.rule;
  const levels: number[] = [];
  const rateProducts: string[] = [];
  const ppms: number[] = [];
  rebate.ratesPpm.forEach((byProduct, level) => {
    for (const [product, ppm] of Object.entries(byProduct)) {
      if (!ppm) continue;
      levels.push(level);
      rateProducts.push(product);
      ppms.push(ppm);
    }
  });
  if (ppms.length === 0) return 0;
  const topLevel = rebate.ratesPpm.length - 1;
  const result = await sql`
    WITH t AS (
      SELECT * FROM unnest(${rows.map((r) => r.memberId)}::int[], ${rows.map((r) => r.product)}::text[],
        ${rows.map((r) => turnoverOf(r).toString())}::bigint[]) AS t(member_id, product, turnover)
    ), rates AS (
      SELECT * FROM unnest(${levels}::int[], ${rateProducts}::text[], ${ppms}::int[]) AS r(lvl, product, ppm)
    ), r AS (
      SELECT t.member_id, t.product, t.turnover, rates.lvl, rates.ppm,
        floor(t.turnover::numeric * rates.ppm / 1000000)::bigint AS raw
      FROM t
      LEFT JOIN loyalty_member m ON m.member_id = t.member_id
      JOIN rates ON rates.lvl = LEAST(coalesce(m.vip_level, 0), ${topLevel}::int) AND rates.product = t.product
    ), c AS (
      SELECT r.*, LEAST(raw, GREATEST(${rebate.dailyCapMinor}::bigint
        - (sum(raw) OVER (PARTITION BY member_id ORDER BY product) - raw), 0)) AS amount
      FROM r
    )
    INSERT INTO loyalty_rebate (merchant_code, member_id, day, product, turnover_minor, vip_level, rate_ppm,
      amount_minor, rule_version, status, created_at)
    SELECT ${input.merchantCode}, member_id, ${input.day}::date, product, turnover, lvl, ppm, amount,
      ${input.rule.version}::int, 'accrued', ${input.at}
    FROM c WHERE amount > 0
    ON CONFLICT (member_id, day, product) DO NOTHING
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
};

export type RebateFilter = { merchantCode: string; day?: string; memberId?: number };

/** Pays accrued rebates matching the filter, in batches; answers how many were paid. */
export const payAccruedRebates = async (
  db: Db,
  wallet: LoyaltyWallet,
  currency: string,
  filter: RebateFilter,
  at: Date,
  batch = 200,
) => {
  let paid = 0;
  const touched = new Set<number>();
  for (;;) {
    const n = await db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('loyalty_rebate')
        .select(['id', 'member_id', 'amount_minor', sql<string>`day::text`.as('day'), 'product'])
        .where('merchant_code', '=', filter.merchantCode)
        .where('status', '=', 'accrued');
      if (filter.day) q = q.where('day', '=', sql<Date>`${filter.day}::date`);
      if (filter.memberId !== undefined) q = q.where('member_id', '=', filter.memberId);
      const rows = await q.orderBy('id').limit(batch).forUpdate().skipLocked().execute();
      for (const row of rows) {
        const entryId = await payMember(wallet, trx, {
          merchantCode: filter.merchantCode,
          currency,
          memberId: row.member_id,
          key: `loyalty:rebate:${row.id}`,
          kind: 'loyalty.rebate',
          amountMinor: BigInt(row.amount_minor),
          metadata: { rebateId: row.id, day: row.day, product: row.product },
        });
        await trx
          .updateTable('loyalty_rebate')
          .set({ status: 'paid', entry_id: entryId, paid_at: at })
          .where('id', '=', row.id)
          .where('status', '=', 'accrued')
          .execute();
        touched.add(row.member_id);
      }
      return rows.length;
    });
    paid += n;
    if (n < batch) break;
  }
  return { paid, members: [...touched] };
};

export type RebateView = {
  id: string;
  day: string;
  product: string;
  turnoverMinor: string;
  ratePpm: number;
  vipLevel: number;
  amountMinor: string;
  status: 'accrued' | 'paid';
};

/** A member's rebates, newest first. */
export const rebatesOf = async (db: Db, memberId: number, limit = 60): Promise<RebateView[]> => {
  const rows = await db
    .selectFrom('loyalty_rebate')
    .select([
      'id',
      sql<string>`day::text`.as('day'),
      'product',
      'turnover_minor',
      'rate_ppm',
      'vip_level',
      'amount_minor',
      'status',
    ])
    .where('member_id', '=', memberId)
    .orderBy('day', 'desc')
    .orderBy('product')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    day: r.day,
    product: r.product,
    turnoverMinor: String(r.turnover_minor),
    ratePpm: r.rate_ppm,
    vipLevel: r.vip_level,
    amountMinor: String(r.amount_minor),
    status: r.status as RebateView['status'],
  }));
};

/** Rebates of a merchant's day (back office preview and CSV). */
export const rebatesOfDay = async (
  db: Db,
  merchantCode: string,
  day: string,
  limit: number,
  offset: number,
) =>
  db
    .selectFrom('loyalty_rebate')
    .select([
      'id',
      'member_id',
      'product',
      'turnover_minor',
      'rate_ppm',
      'vip_level',
      'amount_minor',
      'status',
    ])
    .where('merchant_code', '=', merchantCode)
    .where('day', '=', sql<Date>`${day}::date`)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
