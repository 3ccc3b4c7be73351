import { Gauge } from 'lucide-react';
import type { BoFeature } from '../types';

/** Risk (issue 4 "limits"): per-member daily cashier limits and the merchant defaults (limits.write). */
export const limitsFeature: BoFeature = {
  id: 'limits',
  nav: { labelKey: 'nav', icon: Gauge, permission: 'limits.write', order: 28 },
  routes: [
    { path: 'limits', lazy: () => import('./limits-page').then((m) => ({ Component: m.LimitsPage })) },
  ],
};
