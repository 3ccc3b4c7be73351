import type { ProviderCallbacks } from './callbacks';
import { PROVIDER_ROUND_IDLE_MS, type ProviderContext } from './context';
import * as store from './store';

/** The sweeper of idle vendor rounds (the games module's scheduler calls it). */
export const createProviderSweeper = (
  { db, wallet, now, inTransaction, contextIn }: ProviderContext,
  { refundBet, closeRound }: Pick<ProviderCallbacks, 'refundBet' | 'closeRound'>,
) => {
  /**
   * The sweeper's hook (games module, every few minutes): every vendor round idle for 24 hours is
   * closed. A round that received a result (any win, even 0) is settled as the vendor reported
   * it; a round with bets and no result is cancelled and its bets refunded (ledger key
   * `provider:<vendor>:refund:<betTxId>`, the same as a vendor rollback, so a later rollback
   * refunds nothing twice). Returns how many rounds it closed.
   */
  const reconcileIdleRounds = async (options: { idleMs?: number; limit?: number } = {}) => {
    const at = now();
    const idle = await store.readIdleRounds(
      db,
      new Date(at.getTime() - (options.idleMs ?? PROVIDER_ROUND_IDLE_MS)),
      options.limit ?? 500,
    );
    let closed = 0;
    for (const row of idle) {
      const done = await reconcileRound({
        merchantCode: row.merchant_code,
        vendorCode: row.vendor_code,
        externalRoundId: row.external_round_id,
      });
      if (done) closed++;
    }
    return closed;
  };

  /**
   * Closes one open vendor round now (the sweeper's verdict, see reconcileIdleRounds): settled
   * when it has a result, else cancelled with its bets refunded. True when it closed the round.
   */
  const reconcileRound = async (roundKey: store.RoundKey) => {
    const memberId = await inTransaction(async (trx) => {
      const round = await store.readRoundForUpdate(trx, roundKey);
      if (round?.status !== 'open') return null;
      const ctx = await contextIn(trx, round);
      if (!round.has_result) {
        const bets = await store.readAppliedBets(
          trx,
          round.merchant_code,
          round.vendor_code,
          round.external_round_id,
        );
        for (const bet of bets) await refundBet(trx, ctx, bet, { sweeper: true });
      }
      const fresh = await store.readRoundForUpdate(trx, roundKey);
      if (fresh) await closeRound(trx, ctx, fresh);
      return round.member_id;
    });
    if (memberId === null) return false;
    wallet.events.publish(memberId);
    return true;
  };

  return { reconcileIdleRounds, reconcileRound };
};
