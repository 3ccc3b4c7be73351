import type { Db } from '../../shared/db';
import type { WalletService } from '../wallet';

/**
 * Loyalty's only cash path: the merchant's bonus (marketing expense) account pays the member's
 * main account, in the caller's transaction, under a key naming what is paid
 * (`loyalty:rebate:<id>`, `loyalty:mission:<id>`, `loyalty:mall:<id>`, `loyalty:convert:<member>:<key>`,
 * `loyalty:levelup:<member>:<level>`, `loyalty:birthday:<member>:<year>`).
 * A key used again writes nothing. Counted as bonus cost by the money dashboard.
 */
export type LoyaltyWallet = Pick<WalletService, 'accountOf' | 'post'>;

export type LoyaltyPayment = {
  merchantCode: string;
  currency: string;
  memberId: number;
  key: string;
  kind:
    | 'loyalty.rebate'
    | 'loyalty.mission'
    | 'loyalty.mall'
    | 'loyalty.convert'
    | 'loyalty.levelup'
    | 'loyalty.birthday';
  amountMinor: bigint;
  metadata?: Record<string, unknown>;
};

/** Pays; answers the journal entry's id. */
export const payMember = async (wallet: LoyaltyWallet, trx: Db, p: LoyaltyPayment) => {
  const base = { merchantCode: p.merchantCode, currency: p.currency };
  const mainId = await wallet.accountOf({ ...base, kind: 'member_main', memberId: p.memberId }, trx);
  const bonusId = await wallet.accountOf({ ...base, kind: 'bonus' }, trx);
  const posted = await wallet.post(
    {
      merchantCode: p.merchantCode,
      idempotencyKey: p.key,
      kind: p.kind,
      lines: [
        { accountId: bonusId, amount: -p.amountMinor },
        { accountId: mainId, amount: p.amountMinor },
      ],
      metadata: { ...p.metadata },
    },
    trx,
  );
  return posted.entryId;
};
