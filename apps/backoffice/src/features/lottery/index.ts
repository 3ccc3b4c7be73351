import { Ticket } from 'lucide-react';
import type { BoFeature } from '../types';

/** Lottery (issue 17): bet search; rules with RTP, exposure of the open issue, void an issue; the Vietnamese results desk (ADR 051), rules and exposure (ADR 058). */
export const lotteryFeature: BoFeature = {
  id: 'lottery',
  nav: { labelKey: 'nav', icon: Ticket, permission: 'lottery.read', order: 46 },
  routes: [
    { path: 'lottery', lazy: () => import('./bets-page').then((m) => ({ Component: m.BetsPage })) },
    { path: 'lottery/rules', lazy: () => import('./rules-page').then((m) => ({ Component: m.RulesPage })) },
    { path: 'lottery/vn', lazy: () => import('./vn-desk-page').then((m) => ({ Component: m.VnDeskPage })) },
    {
      path: 'lottery/vn/rules',
      lazy: () => import('./vn-rules-page').then((m) => ({ Component: m.VnRulesPage })),
    },
  ],
};
