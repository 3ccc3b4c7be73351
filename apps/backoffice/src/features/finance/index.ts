import { Landmark } from 'lucide-react';
import type { BoFeature } from '../types';

/** Finance (issue 6): deposit and withdrawal queues, channels and limits, adjustments, member ledger. */
export const financeFeature: BoFeature = {
  id: 'finance',
  nav: { labelKey: 'nav', icon: Landmark, permission: 'cashier.queue', path: 'finance/deposits', order: 25 },
  routes: [
    { path: 'finance', lazy: () => import('./deposits-page').then((m) => ({ Component: m.DepositsPage })) },
    {
      path: 'finance/deposits',
      lazy: () => import('./deposits-page').then((m) => ({ Component: m.DepositsPage })),
    },
    {
      path: 'finance/withdrawals',
      lazy: () => import('./withdrawals-page').then((m) => ({ Component: m.WithdrawalsPage })),
    },
    {
      path: 'finance/channels',
      lazy: () => import('./channels-page').then((m) => ({ Component: m.ChannelsPage })),
    },
    {
      path: 'finance/adjust',
      lazy: () => import('./adjust-page').then((m) => ({ Component: m.AdjustPage })),
    },
    {
      path: 'finance/ledger',
      lazy: () => import('./ledger-page').then((m) => ({ Component: m.LedgerPage })),
    },
  ],
};
