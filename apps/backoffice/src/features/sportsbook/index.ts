import { Trophy } from 'lucide-react';
import type { BoFeature } from '../types';

/** Sportsbook (issue 21, ADR 039, 050, 055): trading (liability, suspend, void, results) and the bet search with the cash-out setting. */
export const sportsbookFeature: BoFeature = {
  id: 'sportsbook',
  nav: { labelKey: 'nav', icon: Trophy, permission: 'sportsbook.read', order: 46 },
  routes: [
    { path: 'sportsbook', lazy: () => import('./trading-page').then((m) => ({ Component: m.TradingPage })) },
    { path: 'sportsbook/bets', lazy: () => import('./bets-page').then((m) => ({ Component: m.BetsPage })) },
  ],
};
