import { Users } from 'lucide-react';
import type { BoFeature } from '../types';

export const membersFeature: BoFeature = {
  id: 'members',
  nav: { labelKey: 'nav', icon: Users, permission: 'members.read', order: 20 },
  routes: [
    { path: 'members', lazy: () => import('./members-page').then((m) => ({ Component: m.MembersPage })) },
    {
      path: 'members/:id',
      lazy: () => import('./member-detail').then((m) => ({ Component: m.MemberDetailPage })),
    },
  ],
};
