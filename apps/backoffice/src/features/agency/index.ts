import { Network } from 'lucide-react';
import type { BoFeature } from '../types';

/** The agent centre's back office (issue 20, ADR 038): settlement runs and bills, contract templates and application decisions (ADR 059). */
export const agencyFeature: BoFeature = {
  id: 'agency',
  nav: { labelKey: 'nav', icon: Network, permission: 'agency.read', order: 48 },
  routes: [
    {
      path: 'agency',
      lazy: () => import('./runs-page').then((m) => ({ Component: m.RunsPage })),
    },
    {
      path: 'agency/templates',
      lazy: () => import('./templates-page').then((m) => ({ Component: m.TemplatesPage })),
    },
    {
      path: 'agency/applications',
      lazy: () => import('./applications-page').then((m) => ({ Component: m.ApplicationsPage })),
    },
  ],
};
