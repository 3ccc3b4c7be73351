export type { LaunchWallet } from './auto-transfer';
export { lockedBalances } from './balances';
export { createDailyBonus, type DailyBonus } from './daily-bonus';
export { BALANCE_CHANNEL, type BalanceEvents, createBalanceEvents } from './events';
export {
  type AccountOwner,
  type AccountRef,
  ensureAccount,
  GUARDED_KINDS,
  LedgerInvariantError,
  type LineInput,
  MAX_AMOUNT,
  MAX_ATTEMPTS,
  type PostInput,
  type PostResult,
  post,
  postArgs,
  type VerifyReport,
  verifyLedger,
} from './ledger';
export { memberCreditOf } from './member-credit';
export { walletDataOf } from './member-data';
export { registerWalletRoutes } from './routes';
export { createWalletService, DEMO_CREDIT_MINOR, formatMinor, type WalletService } from './service';
export { journalEntriesInserted } from './store';
export { runVerifyCli } from './verify-cli';
export { registerBalanceSocket } from './ws';
