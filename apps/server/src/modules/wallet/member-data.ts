import type { Db } from './ledger';

/**
 * The member's money movements for a data download (issue 16, data rights): every ledger line of
 * the member's accounts (main, vendor wallets, pending withdrawal, commission), oldest first.
 */
export const walletDataOf = (db: Db, memberId: number) =>
  db
    .selectFrom('journal_line as l')
    .innerJoin('ledger_account as a', 'a.id', 'l.account_id')
    .innerJoin('journal_entry as e', 'e.id', 'l.entry_id')
    .select([
      'e.id as entry_id',
      'e.kind',
      'e.created_at',
      'a.kind as account',
      'a.vendor_code',
      'a.currency',
      'l.amount as amount_minor',
      'l.balance_after as balance_after_minor',
    ])
    .where('a.member_id', '=', memberId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(200_000)
    .execute();
