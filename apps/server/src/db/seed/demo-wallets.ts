import type { Kysely, Transaction } from 'kysely';
import { DEMO_CREDIT_MINOR, ensureAccount, post } from '../../modules/wallet';
import type { DB } from '../schema';

/** The demo accounts that start with money: 10,000.00 each, posted from the house account. */
export const DEMO_FUNDED_ACCOUNTS = ['demo01', 'agent01'] as const;

/**
 * Credits the funded demo accounts of every merchant through the ledger (kind `demo.credit`,
 * house account to main wallet). Refused outside demo mode: production money never comes from here.
 */
export const seedDemoWallets = async (
  db: Kysely<DB> | Transaction<DB>,
  merchantCodes: string[],
  mode: 'demo' | 'production',
  now = new Date(),
) => {
  if (mode !== 'demo') throw new Error('demo wallets are seeded in demo mode only');
  for (const merchantCode of merchantCodes) {
    const merchant = await db
      .selectFrom('merchant')
      .select('currency')
      .where('code', '=', merchantCode)
      .executeTakeFirstOrThrow();
    const base = { merchantCode, currency: merchant.currency };
    const houseId = await ensureAccount(db, { ...base, kind: 'house' }, now);
    const members = await db
      .selectFrom('member')
      .select(['id', 'username'])
      .where('merchant_code', '=', merchantCode)
      .where('username', 'in', [...DEMO_FUNDED_ACCOUNTS])
      .orderBy('id')
      .execute();
    for (const member of members) {
      const mainId = await ensureAccount(db, { ...base, kind: 'member_main', memberId: member.id }, now);
      await post(
        db,
        {
          merchantCode,
          idempotencyKey: `demo-credit:${member.id}`,
          kind: 'demo.credit',
          lines: [
            { accountId: houseId, amount: -DEMO_CREDIT_MINOR },
            { accountId: mainId, amount: DEMO_CREDIT_MINOR },
          ],
          metadata: { memberId: member.id, seed: true },
        },
        { now },
      );
    }
  }
};
