import { ShieldCheck } from 'lucide-react';
import type { BoFeature } from '../types';

export const staffFeature: BoFeature = {
  id: 'staff',
  nav: { labelKey: 'nav', icon: ShieldCheck, permission: 'staff.manage', order: 85 },
  routes: [{ path: 'staff', lazy: () => import('./staff-page').then((m) => ({ Component: m.StaffPage })) }],
};
