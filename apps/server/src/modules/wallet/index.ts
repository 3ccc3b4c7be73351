export { BALANCE_CHANNEL, type BalanceEvents, createBalanceEvents } from './events';
export {
  type AccountOwner,
  type AccountRef,
  GUARDED_KINDS,
  LedgerInvariantError,
  MAX_AMOUNT,
  type PostInput,
  type PostResult,
  type VerifyReport,
  verifyLedger,
} from './ledger';
export { registerWalletRoutes } from './routes';
export { createWalletService, DEMO_CREDIT_MINOR, formatMinor, type WalletService } from './service';
