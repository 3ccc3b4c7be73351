import { backofficeRoutes as r } from '@khela/contract';
import { staffActor as actor, type StaffRouter } from '../staff';
import type { MoneyDashboard } from './money-dashboard';

/** The reports' back-office routes: the money dashboard. */
export const registerReportsBackofficeRoutes = ({ route }: StaffRouter, dashboard: MoneyDashboard) => {
  route(r.boDashboardMoney, async (q) => dashboard.figures(actor(q), q.query.merchant, q.query.days));
};
