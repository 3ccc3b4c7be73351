import { defineRoute } from '../core/route';
import { walletEndpoints } from './endpoints';
import {
  memberTransactionsQuery,
  memberTransactionsValue,
  merchantWalletValue,
  walletAutoTransferBody,
  walletAutoTransferValue,
  walletBalanceQuery,
  walletBalanceValue,
  walletCollectAllValue,
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
  walletAutoTransfer: defineRoute({
    ...walletEndpoints.walletAutoTransfer,
    summary: "The member's auto-transfer choice (transfer-wallet merchants)",
    tag: 'wallet',
    value: walletAutoTransferValue,
  }),
  walletAutoTransferSet: defineRoute({
    ...walletEndpoints.walletAutoTransferSet,
    summary: 'Turns auto-transfer on or off',
    tag: 'wallet',
    body: walletAutoTransferBody,
    value: walletAutoTransferValue,
  }),
  walletCollectAll: defineRoute({
    ...walletEndpoints.walletCollectAll,
    summary: 'Every vendor wallet back to the main wallet',
    tag: 'wallet',
    value: walletCollectAllValue,
  }),
  memberTransactions: defineRoute({
    ...walletEndpoints.memberTransactions,
    summary: 'Account record: the member wallet movements, 15 a page',
    tag: 'wallet',
    query: memberTransactionsQuery,
    value: memberTransactionsValue,
  }),
};
