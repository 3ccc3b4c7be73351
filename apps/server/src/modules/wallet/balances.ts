import type { Db } from '../../shared/db';

/**
 * The balances of ledger accounts, read inside a caller's transaction with their rows locked in
 * id order (the ledger's own lock order), so a decision on them holds until the caller posts.
 */
export const lockedBalances = async (db: Db, accountIds: readonly string[]) => {
  const ids = [...new Set(accountIds)].sort();
  const out = new Map<string, bigint>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('ledger_account')
    .select(['id', 'balance'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const r of rows) out.set(r.id, BigInt(r.balance));
  return out;
};
