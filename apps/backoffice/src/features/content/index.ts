import { Megaphone } from 'lucide-react';
import type { BoFeature } from '../types';

export const contentFeature: BoFeature = {
  id: 'content',
  nav: { labelKey: 'nav', icon: Megaphone, permission: 'content.write', order: 35 },
  routes: [
    { path: 'content', lazy: () => import('./content-page').then((m) => ({ Component: m.ContentPage })) },
    {
      path: 'content/:tab',
      lazy: () => import('./content-page').then((m) => ({ Component: m.ContentPage })),
    },
  ],
};
