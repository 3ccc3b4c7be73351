import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** One merchant's bonus cost on one UTC day, in minor units. */
export type DailyBonus = { day: string; merchant: string; bonusCost: bigint };

/**
 * What left the merchant's bonus account (granted to members) per UTC day, less what came back
 * (a reversed or expired grant), from `from` on. For the money dashboard.
 */
export const createDailyBonus =
  (db: Kysely<DB>) =>
  async (from: Date, merchant?: string): Promise<DailyBonus[]> => {
    let lines = db
      .selectFrom('journal_line as l')
      .innerJoin('ledger_account as a', 'a.id', 'l.account_id')
      .innerJoin('journal_entry as e', 'e.id', 'l.entry_id')
      .where('a.kind', '=', 'bonus')
      .where('e.created_at', '>=', from);
    if (merchant) lines = lines.where('a.merchant_code', '=', merchant);
    const rows = await lines
      .select([
        sql<string>`to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
        'a.merchant_code',
        sql<string>`-sum(l.amount)`.as('cost'),
      ])
      .groupBy([sql`1`, 'a.merchant_code'])
      .execute();
    return rows.map((r) => ({ day: r.day, merchant: r.merchant_code, bonusCost: BigInt(r.cost) }));
  };
