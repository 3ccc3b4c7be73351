import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { ensureLoyaltyMember } from './members';
import { type PlayTotalsRow, turnoverOf } from './play';
import type { RuleInForce } from './rules';

/**
 * Points: a ledger of their own (`loyalty_point_entry`, one row per movement under a unique key)
 * with the balance on `loyalty_member` (never negative, a CHECK). Earned once a day per (member,
 * day, product) on turnover, `floor(turnover / turnoverPerPoint)`, by one statement: the entries
 * inserted under their keys (ON CONFLICT DO NOTHING) and only those inserted added to the balances.
 * Points never expire.
 */
export const earnPoints = async (
  db: Db,
  input: { merchantCode: string; day: string; rule: RuleInForce; totals: PlayTotalsRow[]; at: Date },
) => {
  const every = input.rule.rule.points.turnoverPerPoint;
  const rows = input.totals.flatMap((r) => {
    const per = r.product ? every[r.product] : undefined;
    if (r.memberId === undefined || !r.product || !per) return [];
    const points = turnoverOf(r) / BigInt(per);
    return points > 0n ? [{ memberId: r.memberId, product: r.product, points }] : [];
  });
  if (rows.length === 0) return 0;
  const result = await sql<{ n: string }>`
    WITH p AS (
      SELECT * FROM unnest(${rows.map((r) => r.memberId)}::int[], ${rows.map((r) => r.product)}::text[],
        ${rows.map((r) => r.points.toString())}::bigint[]) AS p(member_id, product, points)
    ), ins AS (
      INSERT INTO loyalty_point_entry (merchant_code, member_id, key, delta, reason, detail, at)
      SELECT ${input.merchantCode}, member_id, 'earn:' || ${input.day} || ':' || product || ':' || member_id,
        points, 'earn', jsonb_build_object('day', ${input.day}::text, 'product', product), ${input.at}
      FROM p
      ON CONFLICT (key) DO NOTHING
      RETURNING member_id, delta
    ), agg AS (
      SELECT member_id, sum(delta)::bigint AS d, count(*) AS n FROM ins GROUP BY member_id
    ), up AS (
      INSERT INTO loyalty_member (member_id, merchant_code, level_since, points, points_earned)
      SELECT member_id, ${input.merchantCode}, ${input.at}, d, d FROM agg
      ON CONFLICT (member_id) DO UPDATE SET points = loyalty_member.points + excluded.points,
        points_earned = loyalty_member.points_earned + excluded.points_earned
      RETURNING member_id
    )
    SELECT coalesce((SELECT sum(n) FROM agg), 0)::text AS n, (SELECT count(*) FROM up) AS members
  `.execute(db);
  return Number(result.rows[0]?.n ?? '0');
};

/**
 * Moves a member's points (negative: spends) under `key`, in the caller's transaction; a key used
 * before moves nothing (answers false). Spending more than the balance: 409 `loyalty.points.insufficient`.
 */
export const movePoints = async (
  trx: Db,
  m: {
    merchantCode: string;
    memberId: number;
    key: string;
    delta: bigint;
    reason: 'redeem' | 'refund' | 'convert';
    detail: Record<string, unknown>;
    at: Date;
  },
) => {
  await ensureLoyaltyMember(trx, m.memberId, m.merchantCode, m.at);
  const balance = await trx
    .selectFrom('loyalty_member')
    .select('points')
    .where('member_id', '=', m.memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const inserted = await trx
    .insertInto('loyalty_point_entry')
    .values({
      merchant_code: m.merchantCode,
      member_id: m.memberId,
      key: m.key,
      delta: m.delta.toString(),
      reason: m.reason,
      detail: JSON.stringify(m.detail),
      at: m.at,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  if (BigInt(balance.points) + m.delta < 0n)
    throw new AppError('loyalty.points.insufficient', {
      value: { points: balance.points, needed: (-m.delta).toString() },
    });
  await trx
    .updateTable('loyalty_member')
    .set({ points: sql`points + ${m.delta.toString()}::bigint` })
    .where('member_id', '=', m.memberId)
    .execute();
  return true;
};

/** A member's point movements, newest first. */
export const pointEntriesOf = async (db: Db, memberId: number, limit: number) => {
  const rows = await db
    .selectFrom('loyalty_point_entry')
    .select(['id', 'delta', 'reason', 'detail', 'at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    delta: String(r.delta),
    reason: r.reason,
    detail: r.detail as Record<string, unknown>,
    at: new Date(r.at).getTime(),
  }));
};
