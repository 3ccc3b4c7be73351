import { LayoutDashboard } from 'lucide-react';
import type { BoFeature } from '../types';

export const dashboardFeature: BoFeature = {
  id: 'dashboard',
  nav: { labelKey: 'nav', icon: LayoutDashboard, permission: 'dashboard.read', order: 10 },
  routes: [
    {
      path: 'dashboard',
      lazy: () => import('./dashboard-page').then((m) => ({ Component: m.DashboardPage })),
    },
  ],
};
