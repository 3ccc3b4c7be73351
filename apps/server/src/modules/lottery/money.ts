import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { WalletService } from '../wallet';

/**
 * The lottery's only money paths, each inside the caller's transaction, each keyed by the bet:
 * a stake (`lottery:stake:<bet>`, member → house), a win (`lottery:win:<bet>`, house → member) and
 * a refund of a voided bet (`lottery:refund:<bet>`). A key used again writes nothing.
 */
export type LotteryWallet = Pick<WalletService, 'accountOf' | 'post'>;

type Movement = {
  merchantCode: string;
  currency: string;
  memberId: number;
  betId: string;
  amountMinor: bigint;
  metadata?: Record<string, unknown>;
};

const accounts = async (wallet: LotteryWallet, trx: Transaction<DB>, m: Movement) => {
  const base = { merchantCode: m.merchantCode, currency: m.currency };
  return {
    mainId: await wallet.accountOf({ ...base, kind: 'member_main', memberId: m.memberId }, trx),
    houseId: await wallet.accountOf({ ...base, kind: 'house' }, trx),
  };
};

/** Debits a bet's stake; answers the member's balance after it. */
export const debitStake = async (wallet: LotteryWallet, trx: Transaction<DB>, m: Movement) => {
  const { mainId, houseId } = await accounts(wallet, trx, m);
  const posted = await wallet.post(
    {
      merchantCode: m.merchantCode,
      idempotencyKey: `lottery:stake:${m.betId}`,
      kind: 'lottery.stake',
      lines: [
        { accountId: mainId, amount: -m.amountMinor },
        { accountId: houseId, amount: m.amountMinor },
      ],
      metadata: { betId: m.betId, ...m.metadata },
    },
    trx,
  );
  const mine = posted.lines.find((l) => l.accountId === mainId);
  return mine?.balanceAfter ?? 0n;
};

/** Credits a win or refunds a voided stake; answers the member's balance after it. */
export const creditPayout = async (
  wallet: LotteryWallet,
  trx: Transaction<DB>,
  m: Movement & { reason: 'win' | 'refund' },
) => {
  const { mainId, houseId } = await accounts(wallet, trx, m);
  const posted = await wallet.post(
    {
      merchantCode: m.merchantCode,
      idempotencyKey: `lottery:${m.reason}:${m.betId}`,
      kind: m.reason === 'win' ? 'lottery.win' : 'lottery.refund',
      lines: [
        { accountId: houseId, amount: -m.amountMinor },
        { accountId: mainId, amount: m.amountMinor },
      ],
      metadata: { betId: m.betId, ...m.metadata },
    },
    trx,
  );
  const mine = posted.lines.find((l) => l.accountId === mainId);
  return mine?.balanceAfter ?? 0n;
};
