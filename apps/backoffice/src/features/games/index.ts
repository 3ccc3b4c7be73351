import { Dices } from 'lucide-react';
import type { BoFeature } from '../types';

/** Games (issue 7): rounds search and detail with recall and fairness proof, vendors, live tables (ADR 060), jackpot. */
export const gamesFeature: BoFeature = {
  id: 'games',
  nav: { labelKey: 'nav', icon: Dices, permission: 'games.read', order: 45 },
  routes: [
    { path: 'games', lazy: () => import('./rounds-page').then((m) => ({ Component: m.RoundsPage })) },
    {
      path: 'games/rounds/:id',
      lazy: () => import('./round-page').then((m) => ({ Component: m.RoundPage })),
    },
    {
      path: 'games/vendors',
      lazy: () => import('./vendors-page').then((m) => ({ Component: m.VendorsPage })),
    },
    {
      path: 'games/tables',
      lazy: () => import('./tables-page').then((m) => ({ Component: m.TablesPage })),
    },
    {
      path: 'games/jackpot',
      lazy: () => import('./jackpot-page').then((m) => ({ Component: m.JackpotPage })),
    },
  ],
};
