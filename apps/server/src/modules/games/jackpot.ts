import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import type { WalletService } from '../wallet';

/**
 * The progressive jackpot (docs/decisions/009-games-launch-rounds-jackpot.md): one ledger account of kind `jackpot` per
 * merchant and currency holds the pool. Every paid in-house spin moves `share_bp` of its stake
 * from the house's side of the bet into it (same journal entry as the bet); a spin the engine
 * reports as a jackpot hit is paid the whole pool (same transaction as the spin) and the house
 * puts the configured seed back. The pool is the account's balance: nothing else counts it.
 */

type Wallet = Pick<WalletService, 'accountOf' | 'post'>;

export const jackpotRef = (merchantCode: string, currency: string) =>
  ({ merchantCode, currency, kind: 'jackpot' }) as const;

/** The pool's balance (0 before the account exists). */
export const readPool = async (db: Db, merchantCode: string, currency: string) => {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('merchant_code', '=', merchantCode)
    .where('currency', '=', currency)
    .where('owner_key', '=', 'jackpot')
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
};

/** A contribution: floor(stake × bp / 10000). */
export const contributionOf = (stakeMinor: bigint, shareBp: number) =>
  (stakeMinor * BigInt(shareBp)) / 10_000n;

/**
 * Makes the pool account and, the first time only, puts the seed into it from the house.
 * Idempotent and safe to race (the seed entry's key names the account).
 */
export const ensurePool = async (
  db: Db,
  wallet: Wallet,
  merchantCode: string,
  currency: string,
  seedMinor: bigint,
) => {
  const jackpotId = await wallet.accountOf(jackpotRef(merchantCode, currency));
  const houseId = await wallet.accountOf({ merchantCode, currency, kind: 'house' });
  if (seedMinor > 0n) {
    const used = await db
      .selectFrom('journal_line')
      .select(sql<number>`1`.as('one'))
      .where('account_id', '=', jackpotId)
      .limit(1)
      .executeTakeFirst();
    if (!used) {
      try {
        await wallet.post({
          merchantCode,
          idempotencyKey: `jackpot.seed.initial:${jackpotId}`,
          kind: 'jackpot.seed',
          lines: [
            { accountId: houseId, amount: -seedMinor },
            { accountId: jackpotId, amount: seedMinor },
          ],
          metadata: { reason: 'initial seed' },
        });
      } catch (error) {
        // Another node seeded it first with another amount: the pool exists, which is all we need.
        if (!(error instanceof AppError && error.code === 'idempotency.conflict')) throw error;
      }
    }
  }
  return { jackpotId, houseId };
};
