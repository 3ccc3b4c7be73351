import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { type LoyaltyWallet, payMember } from './money';
import { movePoints } from './points';

/**
 * The points mall: items (cash bonus or physical goods), redemptions (points taken at once, status
 * `processing` until staff approve — a cash item is paid then through the ledger,
 * `loyalty:mall:<id>` — or reject — the points come back, `refund:<id>`), and conversion of points
 * to cash at the merchant's ratio (`loyalty:convert:<member>:<key>`).
 */
export type MallItemView = {
  id: number;
  kind: 'cash' | 'goods';
  name: Record<string, string>;
  pointsCost: string;
  cashMinor: string;
  stock: number | null;
  active: boolean;
  sort: number;
};

const itemView = (r: {
  id: number;
  kind: string;
  name: unknown;
  points_cost: string;
  cash_minor: string;
  stock: number | null;
  active: boolean;
  sort: number;
}): MallItemView => ({
  id: r.id,
  kind: r.kind as MallItemView['kind'],
  name: r.name as Record<string, string>,
  pointsCost: String(r.points_cost),
  cashMinor: String(r.cash_minor),
  stock: r.stock,
  active: r.active,
  sort: r.sort,
});

const ITEM_COLUMNS = ['id', 'kind', 'name', 'points_cost', 'cash_minor', 'stock', 'active', 'sort'] as const;

export const mallItems = async (db: Db, merchantCode: string, onlyActive: boolean) => {
  let q = db.selectFrom('loyalty_mall_item').select(ITEM_COLUMNS).where('merchant_code', '=', merchantCode);
  if (onlyActive) q = q.where('active', '=', true);
  return (await q.orderBy('sort').orderBy('id').execute()).map(itemView);
};

export type MallItemInput = {
  kind: 'cash' | 'goods';
  name: Record<string, string>;
  pointsCost: bigint;
  cashMinor: bigint;
  stock: number | null;
  active: boolean;
  sort: number;
};

/** Creates (no id) or updates an item; answers it. */
export const saveMallItem = async (
  db: Db,
  merchantCode: string,
  id: number | undefined,
  input: MallItemInput,
  at: Date,
) => {
  if ((input.kind === 'cash') !== input.cashMinor > 0n)
    throw new AppError('loyalty.rule.invalid', {
      value: { reason: 'a cash item has a cash amount, goods none' },
    });
  const values = {
    kind: input.kind,
    name: JSON.stringify(input.name),
    points_cost: input.pointsCost.toString(),
    cash_minor: input.cashMinor.toString(),
    stock: input.stock,
    active: input.active,
    sort: input.sort,
  };
  const row =
    id === undefined
      ? await db
          .insertInto('loyalty_mall_item')
          .values({ ...values, merchant_code: merchantCode, created_at: at })
          .returning(ITEM_COLUMNS)
          .executeTakeFirstOrThrow()
      : await db
          .updateTable('loyalty_mall_item')
          .set(values)
          .where('id', '=', id)
          .where('merchant_code', '=', merchantCode)
          .returning(ITEM_COLUMNS)
          .executeTakeFirst();
  if (!row) throw new AppError('not.found');
  return itemView(row);
};

export type RedemptionView = {
  id: string;
  itemId: number;
  itemName: Record<string, string>;
  kind: 'cash' | 'goods';
  points: string;
  cashMinor: string;
  address: string | null;
  status: 'processing' | 'approved' | 'rejected';
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
};

/** Redeems an item: points taken and stock counted down in one transaction; `processing`. */
export const redeem = async (
  trx: Db,
  m: {
    merchantCode: string;
    memberId: number;
    itemId: number;
    address?: string | undefined;
    requestKey: string;
  },
  at: Date,
) => {
  const repeat = await trx
    .selectFrom('loyalty_redemption')
    .select('id')
    .where('member_id', '=', m.memberId)
    .where('request_key', '=', m.requestKey)
    .executeTakeFirst();
  if (repeat) return String(repeat.id);
  const item = await trx
    .updateTable('loyalty_mall_item')
    .set({ stock: sql`CASE WHEN stock IS NULL THEN NULL ELSE stock - 1 END` })
    .where('id', '=', m.itemId)
    .where('merchant_code', '=', m.merchantCode)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
    .returning(['kind', 'points_cost', 'cash_minor'])
    .executeTakeFirst();
  if (!item) throw new AppError('loyalty.item.unavailable');
  const address = m.address?.trim() ?? '';
  if (item.kind === 'goods' && address === '') throw new AppError('loyalty.address.required');
  const row = await trx
    .insertInto('loyalty_redemption')
    .values({
      merchant_code: m.merchantCode,
      member_id: m.memberId,
      item_id: m.itemId,
      points: item.points_cost,
      cash_minor: item.cash_minor,
      address: item.kind === 'goods' ? address : null,
      status: 'processing',
      request_key: m.requestKey,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await movePoints(trx, {
    merchantCode: m.merchantCode,
    memberId: m.memberId,
    key: `redeem:${row.id}`,
    delta: -BigInt(item.points_cost),
    reason: 'redeem',
    detail: { redemptionId: row.id, itemId: m.itemId },
    at,
  });
  return String(row.id);
};

/** Staff decide a `processing` redemption (locked): approve pays a cash item; reject refunds the points. */
export const decideRedemption = async (
  trx: Db,
  wallet: LoyaltyWallet,
  currency: string,
  d: { merchantCode: string; id: string; approve: boolean; reason?: string | undefined; by: string },
  at: Date,
) => {
  const row = await trx
    .selectFrom('loyalty_redemption')
    .select(['id', 'member_id', 'points', 'cash_minor', 'status', 'item_id'])
    .where('id', '=', d.id)
    .where('merchant_code', '=', d.merchantCode)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('not.found');
  if (row.status !== 'processing') throw new AppError('loyalty.redemption.state');
  let entryId: string | null = null;
  if (d.approve && BigInt(row.cash_minor) > 0n)
    entryId = await payMember(wallet, trx, {
      merchantCode: d.merchantCode,
      currency,
      memberId: row.member_id,
      key: `loyalty:mall:${row.id}`,
      kind: 'loyalty.mall',
      amountMinor: BigInt(row.cash_minor),
      metadata: { redemptionId: row.id, itemId: row.item_id },
    });
  if (!d.approve) {
    await movePoints(trx, {
      merchantCode: d.merchantCode,
      memberId: row.member_id,
      key: `refund:${row.id}`,
      delta: BigInt(row.points),
      reason: 'refund',
      detail: { redemptionId: row.id },
      at,
    });
    await trx
      .updateTable('loyalty_mall_item')
      .set({ stock: sql`CASE WHEN stock IS NULL THEN NULL ELSE stock + 1 END` })
      .where('id', '=', row.item_id)
      .execute();
  }
  await trx
    .updateTable('loyalty_redemption')
    .set({
      status: d.approve ? 'approved' : 'rejected',
      reason: d.reason ?? null,
      entry_id: entryId,
      decided_at: at,
      decided_by: d.by,
    })
    .where('id', '=', row.id)
    .execute();
  return { memberId: row.member_id, before: row.status, after: d.approve ? 'approved' : 'rejected' };
};

export type RedemptionQuery = { merchantCode?: string; memberId?: number; status?: string };

export const redemptions = async (db: Db, q: RedemptionQuery, limit: number, offset: number) => {
  let s = db
    .selectFrom('loyalty_redemption as r')
    .innerJoin('loyalty_mall_item as i', 'i.id', 'r.item_id')
    .select([
      'r.id',
      'r.member_id',
      'r.item_id',
      'i.name',
      'i.kind',
      'r.points',
      'r.cash_minor',
      'r.address',
      'r.status',
      'r.reason',
      'r.created_at',
      'r.decided_at',
    ]);
  if (q.merchantCode) s = s.where('r.merchant_code', '=', q.merchantCode);
  if (q.memberId !== undefined) s = s.where('r.member_id', '=', q.memberId);
  if (q.status) s = s.where('r.status', '=', q.status);
  const rows = await s.orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
  return rows.map((r) => ({
    memberId: r.member_id,
    view: {
      id: String(r.id),
      itemId: r.item_id,
      itemName: r.name as Record<string, string>,
      kind: r.kind as RedemptionView['kind'],
      points: String(r.points),
      cashMinor: String(r.cash_minor),
      address: r.address,
      status: r.status as RedemptionView['status'],
      reason: r.reason,
      createdAt: new Date(r.created_at).getTime(),
      decidedAt: r.decided_at ? new Date(r.decided_at).getTime() : null,
    } satisfies RedemptionView,
  }));
};
