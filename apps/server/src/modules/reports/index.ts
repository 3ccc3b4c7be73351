/**
 * Reports: figures put together from the modules that own them (handed in by the composition
 * root), for the back office. Holds no table of its own.
 */
export { createMoneyDashboard, type MoneyDashboard, type MoneySources } from './money-dashboard';
export { registerReportsBackofficeRoutes } from './routes';
