import { defineRoute } from '../core/route';
import { walletEndpoints } from './endpoints';
import {
  memberTransactionsQuery,
  memberTransactionsValue,
  merchantWalletValue,
  walletBalanceQuery,
  walletBalanceValue,
  walletTransferBody,
  walletTransferValue,
} from './schemas';

export const walletRoutes = {
  walletBalance: defineRoute({
    ...walletEndpoints.walletBalance,
    summary: 'Balances of the member wallets (main and vendor wallets)',
    tag: 'wallet',
    query: walletBalanceQuery,
    value: walletBalanceValue,
  }),
  merchantWallet: defineRoute({
    ...walletEndpoints.merchantWallet,
    summary: 'Whether the merchant has a single wallet',
    tag: 'wallet',
    value: merchantWalletValue,
  }),
  walletTransfer: defineRoute({
    ...walletEndpoints.walletTransfer,
    summary: 'Transfer between the main wallet and a vendor wallet (Idempotency-Key header required)',
    tag: 'wallet',
    body: walletTransferBody,
    value: walletTransferValue,
  }),
  memberTransactions: defineRoute({
    ...walletEndpoints.memberTransactions,
    summary: 'Account record: the member wallet movements, 15 a page',
    tag: 'wallet',
    query: memberTransactionsQuery,
    value: memberTransactionsValue,
  }),
};
