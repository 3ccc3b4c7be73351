import { type CashierDeps, createCashierContext } from './context';
import { createDeposits } from './deposits';
import { createPaymentPassword } from './payment-password';
import { createUpline } from './upline';
import { createWithdrawals } from './withdrawals';

export {
  type CashierDeps,
  DEFAULT_CASHIER_SETTINGS,
  maskNumber,
  type StaffRef,
  sha256,
} from './context';
export { NON_WITHDRAWABLE_KINDS, NON_WITHDRAWABLE_PREFIX } from './foreign-tables';

/**
 * The member side of the cashier: deposits, payment password, payout account, withdrawals with
 * the confirmation flow, transfer to upline, personal profit. Every money movement is one ledger
 * entry posted in the same transaction as the row that explains it; the balance push goes out
 * after the commit.
 *
 * Built by use case (context.ts holds what they share, foreign-tables.ts the queries on other
 * modules' tables): deposits.ts, payment-password.ts, withdrawals.ts, upline.ts.
 */
export const createCashierService = (deps: CashierDeps) => {
  const ctx = createCashierContext(deps);
  const deposits = createDeposits(ctx);
  const paymentPassword = createPaymentPassword(ctx);
  const withdrawals = createWithdrawals(ctx, paymentPassword);
  const upline = createUpline(ctx, paymentPassword);

  return {
    tx: ctx.tx,
    settingsOf: ctx.settingsOf,
    channels: deposits.channels,
    readChannels: deposits.readChannels,
    channelRow: deposits.channelRow,
    upload: deposits.upload,
    createDeposit: deposits.createDeposit,
    listDeposits: deposits.listDeposits,
    depositQuery: ctx.depositQuery,
    depositView: deposits.depositView,
    approveDepositIn: deposits.approveDepositIn,
    rejectDepositIn: deposits.rejectDepositIn,
    withdrawInfo: withdrawals.withdrawInfo,
    setPaymentPassword: paymentPassword.setPaymentPassword,
    verifyPaymentPassword: paymentPassword.verifyPaymentPassword,
    bindPayoutAccount: paymentPassword.bindPayoutAccount,
    payoutHolderName: paymentPassword.payoutHolderName,
    withdraw: withdrawals.withdraw,
    listWithdrawals: withdrawals.listWithdrawals,
    withdrawalDetail: withdrawals.withdrawalDetail,
    readWithdrawal: ctx.readWithdrawal,
    withdrawalView: withdrawals.withdrawalView,
    timelines: withdrawals.timelines,
    addEvent: withdrawals.addEvent,
    confirmWithdrawal: withdrawals.confirmWithdrawal,
    confirmAll: withdrawals.confirmAll,
    autoConfirmWithdrawals: withdrawals.autoConfirmWithdrawals,
    uplineInfo: upline.uplineInfo,
    transferUpline: upline.transferUpline,
    personalProfit: upline.personalProfit,
    withdrawableOf: ctx.withdrawableOf,
    mainAccount: ctx.mainAccount,
    limitsOf: ctx.limitsOf,
    usageOf: ctx.usageOf,
    gateway: (code: string) => ctx.gatewayByCode.get(code),
  };
};

export type CashierService = ReturnType<typeof createCashierService>;
