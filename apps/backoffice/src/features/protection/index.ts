import { HeartPulse } from 'lucide-react';
import type { BoFeature } from '../types';

/** Player protection (issue 16, ADR 030): the responsible-gaming dashboard and the exclusion register. */
export const protectionFeature: BoFeature = {
  id: 'protection',
  nav: { labelKey: 'nav', icon: HeartPulse, permission: 'protection.read', order: 47 },
  routes: [
    {
      path: 'protection',
      lazy: () => import('./register-page').then((m) => ({ Component: m.RegisterPage })),
    },
    {
      path: 'protection/dashboard',
      lazy: () => import('./dashboard-page').then((m) => ({ Component: m.DashboardPage })),
    },
  ],
};
