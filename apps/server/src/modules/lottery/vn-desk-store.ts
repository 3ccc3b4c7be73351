import type { VnRegion } from '@khela/fair';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/** The results desk's reads of the Vietnamese lotteries' tables (ADR 046, screen in ADR 051). */

/** The ids of one Vietnamese day's draws of a merchant, by region and station, in draw order. */
export const drawIdsOfDay = async (
  db: Db,
  f: { merchantCode: string; date: string; region?: VnRegion | undefined; station?: string | undefined },
) => {
  let q = db
    .selectFrom('lottery_vn_draw')
    .select('id')
    .where('merchant_code', '=', f.merchantCode)
    .where('draw_date', '=', sql<Date>`${f.date}::date`);
  if (f.region) q = q.where('region', '=', f.region);
  if (f.station) q = q.where('station', '=', f.station);
  const rows = await q.orderBy('draws_at').orderBy('station').limit(100).execute();
  return rows.map((r) => r.id);
};

/** Each draw's bets: count, paid in total, owed in total (what corrections could not take back). */
export const betTotalsByDraw = async (db: Db, drawIds: readonly string[]) => {
  if (drawIds.length === 0)
    return new Map<string, { bets: number; payoutMinor: bigint; owedMinor: bigint }>();
  const rows = await db
    .selectFrom('lottery_vn_bet')
    .select((eb) => [
      'draw_id',
      eb.fn.countAll<string>().as('bets'),
      sql<string>`coalesce(sum(payout_minor), 0)`.as('payout'),
      sql<string>`coalesce(sum(owed_minor), 0)`.as('owed'),
    ])
    .where('draw_id', 'in', drawIds)
    .groupBy('draw_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.draw_id,
      { bets: Number(r.bets), payoutMinor: BigInt(r.payout), owedMinor: BigInt(r.owed) },
    ]),
  );
};

/** The entries of these draws still waiting for a second staff member, oldest first. */
export const pendingEntriesOf = async (db: Db, drawIds: readonly string[]) => {
  if (drawIds.length === 0) return [];
  return db
    .selectFrom('lottery_vn_result_entry')
    .select(['id', 'draw_id', 'entered_by', 'entered_at', 'result'])
    .where('draw_id', 'in', drawIds)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
};
