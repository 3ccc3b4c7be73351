import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { PlayHooks } from '../activity';
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
  /** The catalogue game type (in-house electronic lotteries by default; Vietnamese ones are LOTT). */
  product?: 'ELOTT' | 'LOTT';
};

const accounts = async (wallet: LotteryWallet, trx: Transaction<DB>, m: Movement) => {
  const base = { merchantCode: m.merchantCode, currency: m.currency };
  return {
    mainId: await wallet.accountOf({ ...base, kind: 'member_main', memberId: m.memberId }, trx),
    houseId: await wallet.accountOf({ ...base, kind: 'house' }, trx),
  };
};

/** The movement as the play hooks take it (docs/decisions/035). */
const played = (m: Movement) => ({
  memberId: m.memberId,
  merchantCode: m.merchantCode,
  product: m.product ?? 'ELOTT',
  amount: m.amountMinor,
  source: 'lottery',
  ref: m.betId,
});

/**
 * Debits a bet's stake, after the play hooks (protection's limits, turnover) passed it in the same
 * transaction; answers the member's balance after it.
 */
export const debitStake = async (
  wallet: LotteryWallet,
  trx: Transaction<DB>,
  m: Movement,
  play?: PlayHooks,
) => {
  await play?.stake(trx, played(m));
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
  play?: PlayHooks,
) => {
  await (m.reason === 'win' ? play?.payout(trx, played(m)) : play?.refund(trx, played(m)));
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

/**
 * A corrected result's difference on a settled bet (ADR 046), keyed by the result version
 * (`lottery:adjust:<bet>:v<version>`): a rise is paid like a win (the payout hook); a fall is
 * debited when the balance covers it, in a savepoint. Answers what was not debited (owed), 0 else.
 */
export const adjustPayout = async (
  wallet: LotteryWallet,
  trx: Transaction<DB>,
  m: Movement & { deltaMinor: bigint; version: number },
  play?: PlayHooks,
) => {
  if (m.deltaMinor === 0n) return 0n;
  const { mainId, houseId } = await accounts(wallet, trx, m);
  const entry = (amount: bigint) => ({
    merchantCode: m.merchantCode,
    idempotencyKey: `lottery:adjust:${m.betId}:v${m.version}`,
    kind: 'lottery.adjust',
    lines: [
      { accountId: houseId, amount: -amount },
      { accountId: mainId, amount },
    ],
    metadata: { betId: m.betId, version: m.version, ...m.metadata },
  });
  if (m.deltaMinor > 0n) {
    await play?.payout(trx, played({ ...m, amountMinor: m.deltaMinor }));
    await wallet.post(entry(m.deltaMinor), trx);
    return 0n;
  }
  await sql`SAVEPOINT lottery_adjust`.execute(trx);
  try {
    await wallet.post(entry(m.deltaMinor), trx);
    await sql`RELEASE SAVEPOINT lottery_adjust`.execute(trx);
    return 0n;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'insufficient.balance') throw error;
    await sql`ROLLBACK TO SAVEPOINT lottery_adjust`.execute(trx);
    return -m.deltaMinor;
  }
};
