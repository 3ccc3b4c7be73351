import { BadgePercent } from 'lucide-react';
import type { BoFeature } from '../types';

/** Promotions (issue 19, ADR 036): designer, application review queue, granted bonuses, referral report and decisions (ADR 051). */
export const promotionsFeature: BoFeature = {
  id: 'promotions',
  nav: { labelKey: 'nav', icon: BadgePercent, permission: 'promotions.read', order: 48 },
  routes: [
    {
      path: 'promotions',
      lazy: () => import('./designer-page').then((m) => ({ Component: m.DesignerPage })),
    },
    {
      path: 'promotions/applications',
      lazy: () => import('./applications-page').then((m) => ({ Component: m.ApplicationsPage })),
    },
    {
      path: 'promotions/bonuses',
      lazy: () => import('./bonuses-page').then((m) => ({ Component: m.BonusesPage })),
    },
    {
      path: 'promotions/referrals',
      lazy: () => import('./referrals-page').then((m) => ({ Component: m.ReferralsPage })),
    },
  ],
};
