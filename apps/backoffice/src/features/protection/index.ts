import { HeartPulse } from 'lucide-react';
import type { BoFeature } from '../types';

/** Player protection (issue 16, ADR 030, 045): the dashboard, the exclusion register, the KYC and risk queues, erasures, the licence profile. */
export const protectionFeature: BoFeature = {
  id: 'protection',
  nav: { labelKey: 'nav', icon: HeartPulse, permission: 'protection.read', order: 47 },
  routes: [
    {
      path: 'protection',
      lazy: () => import('./register-page').then((m) => ({ Component: m.RegisterPage })),
    },
    {
      path: 'protection/kyc',
      lazy: () => import('./kyc-page').then((m) => ({ Component: m.KycPage })),
    },
    {
      path: 'protection/risk',
      lazy: () => import('./risk-page').then((m) => ({ Component: m.RiskPage })),
    },
    {
      path: 'protection/erasures',
      lazy: () => import('./erasures-page').then((m) => ({ Component: m.ErasuresPage })),
    },
    {
      path: 'protection/profile',
      lazy: () => import('./profile-page').then((m) => ({ Component: m.ProfilePage })),
    },
    {
      path: 'protection/dashboard',
      lazy: () => import('./dashboard-page').then((m) => ({ Component: m.DashboardPage })),
    },
  ],
};
