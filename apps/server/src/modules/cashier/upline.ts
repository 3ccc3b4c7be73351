import type { PersonalProfitValue, TransferUplineValue } from '@khela/contract';
import { AppError } from '../../http/errors';
import type { AuthMember } from '../identity';
import { formatMinor } from '../wallet';
import type { CashierContext } from './context';
import { NON_WITHDRAWABLE_PREFIX } from './foreign-tables';
import type { PaymentPassword } from './payment-password';

/** Transfer to the member's upline, and the member's personal profit over a period. */
export const createUpline = (
  {
    wallet,
    now,
    merchantOf,
    tx,
    assertReal,
    assertCurrency,
    mainAccount,
    withdrawableOf,
    lockAccounts,
    uplineOf,
    uplineTransferPosted,
    profitRows,
    ensureCashierMember,
  }: CashierContext,
  { verifyPaymentPassword }: Pick<PaymentPassword, 'verifyPaymentPassword'>,
) => {
  // ------------------------------------------------------------ transfer to upline

  const uplineInfo = async (member: AuthMember) => ({ upline: (await uplineOf(member))?.username ?? null });

  const transferUpline = async (
    member: AuthMember,
    input: { amount: bigint; paymentPassword: string; currency?: string | undefined },
    clientKey: string,
  ): Promise<TransferUplineValue> => {
    assertReal(member);
    assertCurrency(member.merchantCode, input.currency);
    const upline = await uplineOf(member);
    if (!upline) throw new AppError('cashier.upline.none');
    await verifyPaymentPassword(member.id, input.paymentPassword);
    const merchant = merchantOf(member.merchantCode);
    const mainId = await mainAccount(member);
    const uplineMainId = await mainAccount({ id: upline.id, merchantCode: upline.merchant_code });
    const key = `upline:${member.id}:${clientKey}`;
    const result = await tx(async (trx) => {
      await ensureCashierMember(member.id, trx);
      await trx
        .selectFrom('cashier_member')
        .select('member_id')
        .where('member_id', '=', member.id)
        .forUpdate()
        .execute();
      const prior = await uplineTransferPosted(trx, merchant.code, key);
      if (!prior) {
        await lockAccounts(trx, [mainId, uplineMainId]);
        const funds = await withdrawableOf(member, trx);
        if (input.amount > funds.withdrawable)
          throw new AppError('withdrawable.insufficient', {
            value: { withdrawable: formatMinor(funds.withdrawable) },
          });
      }
      return wallet.post(
        {
          merchantCode: merchant.code,
          idempotencyKey: key,
          kind: 'transfer.upline',
          lines: [
            { accountId: mainId, amount: -input.amount },
            { accountId: uplineMainId, amount: input.amount },
          ],
          metadata: { memberId: member.id, uplineId: upline.id },
        },
        trx,
      );
    });
    if (!result.replayed) {
      wallet.events.publish(member.id);
      wallet.events.publish(upline.id);
    }
    const line = result.lines.find((l) => l.accountId === mainId);
    if (!line) throw new Error('upline transfer without the member line');
    return {
      transactionId: result.entryId,
      replayed: result.replayed,
      upline: upline.username,
      amount: formatMinor(-line.amount),
      amountMinor: (-line.amount).toString(),
      balance: formatMinor(line.balanceAfter),
      balanceMinor: line.balanceAfter.toString(),
      createdAt: result.createdAt.getTime(),
    };
  };

  // ------------------------------------------------------------ personal profit

  const personalProfit = async (
    member: AuthMember,
    q: { startTime?: number | undefined; endTime?: number | undefined },
  ): Promise<PersonalProfitValue> => {
    const merchant = merchantOf(member.merchantCode);
    const endTime = q.endTime ?? now().getTime();
    const startTime = q.startTime ?? endTime - 7 * 24 * 60 * 60 * 1000;
    const rows = await profitRows(member, merchant.currency, startTime, endTime);
    let deposits = 0n;
    let withdrawals = 0n;
    let bets = 0n;
    let wins = 0n;
    let bonuses = 0n;
    for (const r of rows) {
      const total = BigInt(r.total);
      const onWallet = r.account_kind === 'member_main' || r.account_kind === 'member_vendor';
      if (r.kind === 'deposit' && onWallet) deposits += total;
      else if (r.kind === 'withdrawal.payout' && r.account_kind === 'pending_withdrawal')
        withdrawals -= total;
      else if (r.kind === 'withdrawal.refund' && onWallet) withdrawals -= total;
      else if (r.kind === 'game.bet' && onWallet) bets -= total;
      else if (r.kind === 'game.refund' && onWallet) bets -= total;
      else if ((r.kind === 'game.win' || r.kind === 'game.jackpot') && onWallet) wins += total;
      else if (r.kind.startsWith(NON_WITHDRAWABLE_PREFIX) && onWallet) bonuses += total;
    }
    const profit = wins + bonuses - bets;
    const m = (v: bigint) => [formatMinor(v), v.toString()] as const;
    const [d, dm] = m(deposits);
    const [w, wm] = m(withdrawals);
    const [b, bm] = m(bets);
    const [wi, wim] = m(wins);
    const [bo, bom] = m(bonuses);
    const [p, pm] = m(profit);
    return {
      startTime,
      endTime,
      currency: merchant.currency,
      deposits: d,
      depositsMinor: dm,
      withdrawals: w,
      withdrawalsMinor: wm,
      bets: b,
      betsMinor: bm,
      wins: wi,
      winsMinor: wim,
      bonuses: bo,
      bonusesMinor: bom,
      profit: p,
      profitMinor: pm,
    };
  };

  return { uplineInfo, transferUpline, personalProfit };
};
