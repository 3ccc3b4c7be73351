import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { PlayHooks } from '../activity';
import type { WalletService } from '../wallet';

/**
 * The sportsbook's money paths, each in the caller's transaction and keyed by the bet: the stake
 * (`sportsbook:stake:<bet>`, member → house), the settlement payout (`sportsbook:payout:<bet>`),
 * and a resettlement's difference (`sportsbook:resettle:<bet>:<revision>`, either way). A key
 * used again writes nothing.
 */
export type SportsbookWallet = Pick<WalletService, 'accountOf' | 'post'>;

/** The play hooks (activity module, ADR 035), handed in by app.ts. */
export type SportsbookPlayHooks = PlayHooks;

type Movement = { merchantCode: string; currency: string; memberId: number; betId: string };

const accounts = async (wallet: SportsbookWallet, trx: Transaction<DB>, m: Movement) => {
  const base = { merchantCode: m.merchantCode, currency: m.currency };
  return {
    mainId: await wallet.accountOf({ ...base, kind: 'member_main', memberId: m.memberId }, trx),
    houseId: await wallet.accountOf({ ...base, kind: 'house' }, trx),
  };
};

/** Moves `amount` from the house to the member (negative: member to house); answers the balance. */
export const transfer = async (
  wallet: SportsbookWallet,
  trx: Transaction<DB>,
  m: Movement & { amountMinor: bigint; key: string; kind: string; metadata?: Record<string, unknown> },
) => {
  const { mainId, houseId } = await accounts(wallet, trx, m);
  const posted = await wallet.post(
    {
      merchantCode: m.merchantCode,
      idempotencyKey: m.key,
      kind: m.kind,
      lines: [
        { accountId: houseId, amount: -m.amountMinor },
        { accountId: mainId, amount: m.amountMinor },
      ],
      metadata: { betId: m.betId, ...m.metadata },
    },
    trx,
  );
  return posted.lines.find((l) => l.accountId === mainId)?.balanceAfter ?? 0n;
};
