import { createAdjustments } from './bo/adjustments';
import { createChannelSettings } from './bo/channels';
import { type CashierBoDeps, cashierBoContext } from './bo/context';
import { createDepositQueue } from './bo/deposits';
import { createDailyLimits } from './bo/limits';
import { createWithdrawalQueue } from './bo/withdrawals';

export type { DepositFilter } from './bo/deposits';
export type { WithdrawalFilter } from './bo/withdrawals';

/**
 * The finance screens of the back office: deposit and withdrawal queues, channels, limits,
 * manual adjustments, the member ledger. Each call checks the role first; each change writes its
 * audit row in the same transaction as the change.
 */
export const createCashierBackoffice = (deps: CashierBoDeps) => {
  const ctx = cashierBoContext(deps);
  return {
    ...createDepositQueue(ctx),
    ...createWithdrawalQueue(ctx),
    ...createChannelSettings(ctx),
    ...createDailyLimits(ctx),
    ...createAdjustments(ctx),
  };
};

export type CashierBackoffice = ReturnType<typeof createCashierBackoffice>;
