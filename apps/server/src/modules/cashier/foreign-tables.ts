import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthMember } from '../identity';
import type { SiteService } from '../site';

/** Entry kinds whose credits to the main wallet are not withdrawable (play money, bonuses). */
export const NON_WITHDRAWABLE_KINDS = ['demo.credit'] as const;
export const NON_WITHDRAWABLE_PREFIX = 'bonus';

/**
 * The cashier's queries on other modules' tables (the wallet's ledger, the identity's members),
 * kept in this one file until each moves behind its owner's index
 * (scripts/table-access-exceptions.txt, docs/decisions/024-module-shape.md).
 */
export const createCashierForeignQueries = ({
  db,
  merchantOf,
  mainAccount,
}: {
  db: Kysely<DB>;
  merchantOf: (code: string) => NonNullable<ReturnType<SiteService['findMerchant']>>;
  mainAccount: (member: { id: number; merchantCode: string }, within?: Transaction<DB>) => Promise<string>;
}) => {
  // ------------------------------------------------------------ balances

  /**
   * Main balance and what of it may be withdrawn. Play money and bonuses (`demo.credit`,
   * `bonus.*` credits) are locked and spent last: a debit takes unlocked money first and eats into
   * the locked part only when nothing else is left. Walking the member's wallets (main and vendor
   * wallets together, so moving money to a vendor wallet and back does not unlock it) entry by
   * entry in the order they changed (`journal_line.seq`):
   *
   *   locked_t = min(locked_(t-1) + lockedCredit_t, pool_t)
   *
   * which unrolls to `locked = C + min(0, min_k(pool_k - C_k))`, with `C_k` the locked credits up
   * to entry k and `pool_k` the wallets' total after it. Withdrawable = min(main, pool - locked).
   * So 10,000 of demo credit lost in bets and then a deposit of 500 leaves 500 withdrawable.
   * Callers that act on the answer read it inside their transaction after locking the main
   * account row (`lockAccounts`).
   */
  const withdrawableOf = async (
    member: { id: number; merchantCode: string },
    within: Kysely<DB> | Transaction<DB> = db,
  ) => {
    const merchant = merchantOf(member.merchantCode);
    const mainId = await mainAccount(member, within.isTransaction ? (within as Transaction<DB>) : undefined);
    const account = await within
      .selectFrom('ledger_account')
      .select('balance')
      .where('id', '=', mainId)
      .executeTakeFirst();
    const balance = BigInt(account?.balance ?? '0');
    const lockedKind = sql`(e.kind IN (${sql.join([...NON_WITHDRAWABLE_KINDS])}) OR e.kind LIKE ${`${NON_WITHDRAWABLE_PREFIX}%`})`;
    const row = await sql<{ pool: string; credits: string; low: string }>`
      WITH pool AS (
        SELECT id FROM ledger_account
        WHERE member_id = ${member.id} AND currency = ${merchant.currency}
          AND kind IN ('member_main', 'member_vendor')
      ), per_entry AS (
        SELECT min(l.seq) AS seq, sum(l.amount) AS delta,
               sum(CASE WHEN ${lockedKind} AND l.amount > 0 THEN l.amount ELSE 0 END) AS locked
        FROM journal_line l JOIN journal_entry e ON e.id = l.entry_id
        WHERE l.account_id IN (SELECT id FROM pool)
        GROUP BY l.entry_id
      ), running AS (
        SELECT sum(delta) OVER w AS pool, sum(locked) OVER w AS credits
        FROM per_entry WINDOW w AS (ORDER BY seq ROWS UNBOUNDED PRECEDING)
      )
      SELECT coalesce((SELECT sum(delta) FROM per_entry), 0)::text AS pool,
             coalesce(max(credits), 0)::text AS credits,
             least(0, coalesce(min(pool - credits), 0))::text AS low
      FROM running`.execute(within);
    const r = row.rows[0];
    const pool = BigInt(r?.pool ?? '0');
    const locked = BigInt(r?.credits ?? '0') + BigInt(r?.low ?? '0');
    const free = pool - locked;
    const withdrawable = free <= 0n ? 0n : free < balance ? free : balance;
    return { balance, withdrawable, locked };
  };

  /** Row locks on ledger accounts, in id order (the ledger's own order), inside `trx`. */
  const lockAccounts = (trx: Transaction<DB>, ids: string[]) =>
    trx
      .selectFrom('ledger_account')
      .select('id')
      .where('id', 'in', [...ids].sort())
      .orderBy('id')
      .forUpdate()
      .execute();

  // ------------------------------------------------------------ member names of deposits and withdrawals

  /** Deposits with their channel's code and name and the member's username. */
  const depositQuery = (within: Kysely<DB> | Transaction<DB> = db) =>
    within
      .selectFrom('cashier_deposit as d')
      .innerJoin('cashier_channel as c', 'c.id', 'd.channel_id')
      .innerJoin('member as m', 'm.id', 'd.member_id')
      .selectAll('d')
      .select(['c.code as channel_code', 'c.name as channel_name', 'm.username']);

  /** A withdrawal with the member's username. */
  const readWithdrawal = (id: string, within: Kysely<DB> | Transaction<DB> = db) =>
    within
      .selectFrom('cashier_withdrawal as w')
      .innerJoin('member as m', 'm.id', 'w.member_id')
      .selectAll('w')
      .select('m.username')
      .where('w.id', '=', id)
      .executeTakeFirst();

  // ------------------------------------------------------------ upline and personal profit

  /** The member's upline when it is of the same merchant, else null. */
  const uplineOf = async (member: AuthMember) => {
    const row = await db
      .selectFrom('member as m')
      .innerJoin('member as u', 'u.id', 'm.upline_id')
      .select(['u.id', 'u.username', 'u.merchant_code', 'u.type'])
      .where('m.id', '=', member.id)
      .executeTakeFirst();
    return row && row.merchant_code === member.merchantCode ? row : null;
  };

  /** The ledger entry of an upline transfer already posted under `key` (a repeat), if any. */
  const uplineTransferPosted = (trx: Transaction<DB>, merchantCode: string, key: string) =>
    trx
      .selectFrom('journal_entry')
      .select('id')
      .where('merchant_code', '=', merchantCode)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();

  /** The member's ledger movements in `currency` between the two times, summed by entry kind and account kind. */
  const profitRows = (member: AuthMember, currency: string, startTime: number, endTime: number) =>
    db
      .selectFrom('journal_line as l')
      .innerJoin('ledger_account as a', 'a.id', 'l.account_id')
      .innerJoin('journal_entry as e', 'e.id', 'l.entry_id')
      .select(['e.kind', 'a.kind as account_kind', sql<string>`sum(l.amount)::text`.as('total')])
      .where('a.member_id', '=', member.id)
      .where('a.currency', '=', currency)
      .where('e.created_at', '>=', new Date(startTime))
      .where('e.created_at', '<=', new Date(endTime))
      .groupBy(['e.kind', 'a.kind'])
      .execute();

  return {
    withdrawableOf,
    lockAccounts,
    depositQuery,
    readWithdrawal,
    uplineOf,
    uplineTransferPosted,
    profitRows,
  };
};
