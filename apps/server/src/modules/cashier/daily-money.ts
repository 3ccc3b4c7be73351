import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** One merchant's cashier money on one UTC day, in minor units. */
export type DailyCashierMoney = { day: string; merchant: string; deposits: bigint; withdrawals: bigint };

/**
 * Deposits approved (by their decision day) and withdrawals paid out (issued, by the day they were
 * distributed; refunded ones left out) per UTC day and merchant, from `from` on (the back
 * office's money dashboard).
 */
export const createCashierDailyMoney =
  (db: Kysely<DB>) =>
  async (from: Date, merchant?: string): Promise<DailyCashierMoney[]> => {
    let deposits = db
      .selectFrom('cashier_deposit')
      .where('status', '=', 'approved')
      .where('decided_at', '>=', from)
      .select([
        sql<string>`to_char(decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
        'merchant_code',
        sql<string>`sum(amount)`.as('total'),
      ])
      .groupBy([sql`1`, 'merchant_code']);
    if (merchant) deposits = deposits.where('merchant_code', '=', merchant);
    let withdrawals = db
      .selectFrom('cashier_withdrawal')
      .where('status', '=', 'issued')
      .where('refund_entry_id', 'is', null)
      .where('distributed_at', '>=', from)
      .select([
        sql<string>`to_char(distributed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
        'merchant_code',
        sql<string>`sum(amount)`.as('total'),
      ])
      .groupBy([sql`1`, 'merchant_code']);
    if (merchant) withdrawals = withdrawals.where('merchant_code', '=', merchant);
    const rows = new Map<string, DailyCashierMoney>();
    const at = (day: string, code: string) => {
      const key = `${day}|${code}`;
      let row = rows.get(key);
      if (!row) {
        row = { day, merchant: code, deposits: 0n, withdrawals: 0n };
        rows.set(key, row);
      }
      return row;
    };
    for (const r of await deposits.execute()) at(r.day, r.merchant_code).deposits += BigInt(r.total);
    for (const r of await withdrawals.execute()) at(r.day, r.merchant_code).withdrawals += BigInt(r.total);
    return [...rows.values()];
  };
