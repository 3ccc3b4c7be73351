import { endpoint } from '../core/endpoint';

/** Wallet (API-FACTS §2.3): balances, transfers between wallets, the account record. Amounts: minor units in, decimal plus minor strings out. */
export const walletEndpoints = {
  walletBalance: endpoint({ method: 'GET', path: '/wps/v2/wallets/balance', modId: 'COMM3', auth: true }),
  merchantWallet: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_merchantWallet',
    modId: 'COMM3',
    auth: true,
  }),
  /** Needs the `Idempotency-Key` header; trial accounts are refused. */
  walletTransfer: endpoint({
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    modId: 'FUNDTRANS3',
    auth: true,
    realAccountOnly: true,
    protection: 'transfer',
  }),
  /** Transfer-wallet merchants: the member's auto-transfer choice (on unless turned off). */
  walletAutoTransfer: endpoint({
    method: 'GET',
    path: '/wps/wallet/auto-transfer',
    modId: 'FUNDTRANS3',
    auth: true,
  }),
  /** A setting, no movement: open to an excluded member (the launch it affects is marked `play`). */
  walletAutoTransferSet: endpoint({
    method: 'PUT',
    path: '/wps/wallet/auto-transfer',
    modId: 'FUNDTRANS3',
    auth: true,
    realAccountOnly: true,
    protection: 'exempt',
  }),
  /**
   * Every vendor wallet's balance back to the main wallet (leaving a game with auto-transfer on,
   * or "collect all"); open to an excluded member: it only brings money home.
   */
  walletCollectAll: endpoint({
    method: 'POST',
    path: '/wps/wallet/collect-all',
    modId: 'FUNDTRANS3',
    auth: true,
    realAccountOnly: true,
    protection: 'exempt',
  }),
  /** Account record (transactionHistory): the member's wallet movements, paged 15. */
  memberTransactions: endpoint({
    method: 'GET',
    path: '/wps/relay/ODSFE2_MemTransDet',
    modId: 'MEMTRANS3',
    auth: true,
  }),
} as const;
