import { UserCog } from 'lucide-react';
import type { BoFeature } from '../types';

export const accountFeature: BoFeature = {
  id: 'account',
  nav: { labelKey: 'nav', icon: UserCog, permission: null, order: 95 },
  routes: [
    { path: 'account', lazy: () => import('./account-page').then((m) => ({ Component: m.AccountPage })) },
  ],
};
