import type { Db } from '../../shared/db';
import type { WalletService } from '../wallet';

/**
 * The tables' only money paths, inside the caller's transaction, each keyed by the bet: a stake
 * (`table:stake:<bet>`, member → house), a win (`table:win:<bet>`, house → member) and a refund
 * of a voided round's bet (`table:refund:<bet>`). A key used again writes nothing.
 */
export type TableWallet = Pick<WalletService, 'accountOf' | 'post'>;

type Movement = {
  merchantCode: string;
  currency: string;
  memberId: number;
  betId: string;
  amountMinor: bigint;
};

const accounts = async (wallet: TableWallet, trx: Db, m: Movement) => {
  const base = { merchantCode: m.merchantCode, currency: m.currency };
  return {
    mainId: await wallet.accountOf({ ...base, kind: 'member_main', memberId: m.memberId }, trx),
    houseId: await wallet.accountOf({ ...base, kind: 'house' }, trx),
  };
};

/** Moves money between the member's main account and the house; answers the member's balance after it. */
export const moveMoney = async (
  wallet: TableWallet,
  trx: Db,
  m: Movement & { reason: 'stake' | 'win' | 'refund'; metadata?: Record<string, unknown> },
) => {
  const { mainId, houseId } = await accounts(wallet, trx, m);
  const toMember = m.reason === 'stake' ? -m.amountMinor : m.amountMinor;
  const posted = await wallet.post(
    {
      merchantCode: m.merchantCode,
      idempotencyKey: `table:${m.reason}:${m.betId}`,
      kind: `table.${m.reason}`,
      lines: [
        { accountId: mainId, amount: toMember },
        { accountId: houseId, amount: -toMember },
      ],
      metadata: { betId: m.betId, ...m.metadata },
    },
    trx,
  );
  return posted.lines.find((l) => l.accountId === mainId)?.balanceAfter ?? 0n;
};
