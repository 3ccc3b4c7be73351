import { sql } from 'kysely';
import type { Db } from './ledger';

/** Wallet queries besides posting (ledger.ts): read-only. */

export type VendorWallet = { vendorCode: string; accountTypeId: number };

/** Every enabled vendor's wallet type (one per vendor code), in catalogue order. */
export const readVendorWallets = async (db: Db): Promise<VendorWallet[]> => {
  const rows = await db
    .selectFrom('vendor')
    .select(['code', 'account_type_id'])
    .select((eb) => eb.fn.min('sort').as('sort'))
    .where('enabled', '=', true)
    .groupBy(['code', 'account_type_id'])
    .orderBy('sort')
    .orderBy('code')
    .execute();
  return rows.map((r) => ({ vendorCode: r.code, accountTypeId: r.account_type_id }));
};

/**
 * The enabled vendor whose wallet has this accountTypeId (the first by code), as `wallet_transfer`
 * checks it: `wallet_type_vendor`, kept by a trigger on `vendor` (migration 0022).
 */
export const findVendorByAccountType = async (db: Db, accountTypeId: number) => {
  const row = await db
    .selectFrom('wallet_type_vendor')
    .select('vendor_code')
    .where('account_type_id', '=', accountTypeId)
    .executeTakeFirst();
  return row?.vendor_code ?? null;
};

/** The member's accounts (every kind) with their balances. */
export const readMemberAccounts = (db: Db, memberId: number, currency: string) =>
  db
    .selectFrom('ledger_account')
    .select(['id', 'kind', 'vendor_code', 'balance'])
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .execute();

export const readMember = (db: Db, memberId: number) =>
  db
    .selectFrom('member')
    .innerJoin('merchant', 'merchant.code', 'member.merchant_code')
    .select(['member.id', 'member.merchant_code', 'member.type', 'merchant.currency'])
    .where('member.id', '=', memberId)
    .executeTakeFirst();

export type LineFilter = {
  memberId: number;
  currency: string;
  from: Date;
  to: Date;
  kind?: string | undefined;
};

const lineQuery = (db: Db, f: LineFilter) => {
  let query = db
    .selectFrom('journal_line as l')
    .innerJoin('ledger_account as a', 'a.id', 'l.account_id')
    .innerJoin('journal_entry as e', 'e.id', 'l.entry_id')
    .where('a.member_id', '=', f.memberId)
    .where('a.currency', '=', f.currency)
    .where('e.created_at', '>=', f.from)
    .where('e.created_at', '<=', f.to);
  // A kind or a family of kinds: `withdrawal` also matches `withdrawal.hold`, `withdrawal.payout`, ...
  if (f.kind) {
    const kind = f.kind;
    const family = `${kind.replace(/[\\_%]/g, '\\$&')}.%`;
    query = query.where((eb) => eb.or([eb('e.kind', '=', kind), eb('e.kind', 'like', family)]));
  }
  return query;
};

/** One page of a member's ledger lines, newest first, with the count of all that match. */
export const readMemberLines = async (db: Db, f: LineFilter, offset: number, limit: number) => {
  const [rows, count] = await Promise.all([
    lineQuery(db, f)
      .select([
        'e.id',
        'e.kind',
        'e.created_at',
        'a.kind as account_kind',
        'a.vendor_code',
        'l.amount',
        'l.balance_after',
      ])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .orderBy('l.line_no')
      .offset(offset)
      .limit(limit)
      .execute(),
    lineQuery(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
};

/**
 * Journal entries inserted by every node since the statistics were last reset (PostgreSQL's
 * `pg_stat_user_tables`; an insert of a transaction that rolled back counts too): the metrics'
 * ledger figure, read without scanning the journal (it may lag other connections by about a second). Null where the statistics are not kept.
 */
export const journalEntriesInserted = async (db: Db): Promise<number | null> => {
  // This connection's own pending counts are flushed at the end of this statement (PostgreSQL 15+;
  // other connections flush theirs within a second of going idle).
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  const row = await sql<{ inserted: string | number | null }>`
    SELECT n_tup_ins AS inserted FROM pg_stat_user_tables WHERE relname = 'journal_entry'`
    .execute(db)
    .then((r) => r.rows[0]);
  return row?.inserted === null || row?.inserted === undefined ? null : Number(row.inserted);
};
