import { GAME_TYPES } from '@khela/contract';
import { sql } from 'kysely';
import type { CatalogueGameType } from '../../db/column-types';
import type { Db } from '../../shared/db';

export type PlayProduct = CatalogueGameType;

/** The products of play: the catalogue's game types. */
export const PLAY_PRODUCTS: readonly PlayProduct[] = GAME_TYPES;

export type PlayColumn = 'stake_minor' | 'payout_minor' | 'refund_minor';

const HOUR_MS = 3_600_000;

/** The UTC hour an instant falls in. */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Adds an amount to the member's row of the hour (one upsert; the row is the member's own, so
 * concurrent bets of one member serialize on it, and different members never wait on each other).
 * A stake also counts one bet.
 */
export const addToHour = async (
  trx: Db,
  row: { merchantCode: string; memberId: number; product: PlayProduct; hour: Date },
  column: PlayColumn,
  amount: bigint,
) => {
  const bets = column === 'stake_minor' ? 1 : 0;
  await trx
    .insertInto('play_hourly')
    .values({
      merchant_code: row.merchantCode,
      member_id: row.memberId,
      product: row.product,
      hour: row.hour,
      [column]: amount.toString(),
      bets,
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'product', 'hour']).doUpdateSet({
        [column]: sql`play_hourly.${sql.ref(column)} + excluded.${sql.ref(column)}`,
        bets: sql`play_hourly.bets + excluded.bets`,
      }),
    )
    .execute();
};

export type TotalsQuery = {
  /** From this hour (inclusive) to this one (exclusive). */
  from: Date;
  to: Date;
  merchantCode?: string | undefined;
  memberIds?: readonly number[] | undefined;
  products?: readonly PlayProduct[] | undefined;
  /** What to group by; `day` is the UTC date of the hour. */
  groupBy: readonly ('member' | 'product' | 'day')[];
};

export type TotalsRow = {
  memberId?: number;
  product?: PlayProduct;
  day?: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  refundMinor: bigint;
  bets: number;
};

/** Sums of the hours in [from, to), grouped as asked (one set-based query). */
export const totals = async (db: Db, q: TotalsQuery): Promise<TotalsRow[]> => {
  if (q.memberIds?.length === 0 || q.products?.length === 0) return [];
  const byMember = q.groupBy.includes('member');
  const byProduct = q.groupBy.includes('product');
  const byDay = q.groupBy.includes('day');
  const day = sql<string>`to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  let query = db
    .selectFrom('play_hourly')
    .select([
      sql<string>`coalesce(sum(stake_minor), 0)::text`.as('stake'),
      sql<string>`coalesce(sum(payout_minor), 0)::text`.as('payout'),
      sql<string>`coalesce(sum(refund_minor), 0)::text`.as('refund'),
      sql<string>`coalesce(sum(bets), 0)::text`.as('bets'),
    ])
    .where('hour', '>=', q.from)
    .where('hour', '<', q.to);
  if (q.merchantCode !== undefined) query = query.where('merchant_code', '=', q.merchantCode);
  if (q.memberIds) query = query.where('member_id', 'in', [...q.memberIds]);
  if (q.products) query = query.where('product', 'in', [...q.products]);
  if (byMember) query = query.select('member_id').groupBy('member_id').orderBy('member_id');
  if (byProduct) query = query.select('product').groupBy('product').orderBy('product');
  if (byDay) query = query.select(day.as('day')).groupBy(day).orderBy(day);
  const rows = (await query.execute()) as Array<{
    stake: string;
    payout: string;
    refund: string;
    bets: string;
    member_id?: number;
    product?: PlayProduct;
    day?: string;
  }>;
  return rows.map((r) => ({
    ...(byMember ? { memberId: Number(r.member_id) } : {}),
    ...(byProduct ? { product: r.product as PlayProduct } : {}),
    ...(byDay ? { day: String(r.day) } : {}),
    stakeMinor: BigInt(r.stake),
    payoutMinor: BigInt(r.payout),
    refundMinor: BigInt(r.refund),
    bets: Number(r.bets),
  }));
};

/** The product of a catalogue game type ('RNG' for anything the catalogue does not name). */
export const playProductOf = (gameType: string | null | undefined): PlayProduct =>
  (PLAY_PRODUCTS as readonly string[]).includes(gameType ?? '') ? (gameType as PlayProduct) : 'RNG';
