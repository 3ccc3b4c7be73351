import { ScrollText } from 'lucide-react';
import type { BoFeature } from '../types';

export const auditFeature: BoFeature = {
  id: 'audit',
  nav: { labelKey: 'nav', icon: ScrollText, permission: 'audit.read', order: 80 },
  routes: [{ path: 'audit', lazy: () => import('./audit-page').then((m) => ({ Component: m.AuditPage })) }],
};
