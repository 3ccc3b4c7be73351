import { Network } from 'lucide-react';
import type { BoFeature } from '../types';

/** The agent centre's back office (issue 20, ADR 038): settlement runs, bills, agents, applications. */
export const agencyFeature: BoFeature = {
  id: 'agency',
  nav: { labelKey: 'nav', icon: Network, permission: 'agency.read', order: 48 },
  routes: [
    {
      path: 'agency',
      lazy: () => import('./runs-page').then((m) => ({ Component: m.RunsPage })),
    },
  ],
};
