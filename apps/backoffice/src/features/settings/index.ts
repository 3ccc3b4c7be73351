import { Settings } from 'lucide-react';
import type { BoFeature } from '../types';

export const settingsFeature: BoFeature = {
  id: 'settings',
  nav: { labelKey: 'nav', icon: Settings, permission: 'settings.read', order: 30 },
  routes: [
    { path: 'settings', lazy: () => import('./settings-page').then((m) => ({ Component: m.SettingsPage })) },
    {
      path: 'settings/:tab',
      lazy: () => import('./settings-page').then((m) => ({ Component: m.SettingsPage })),
    },
  ],
};
