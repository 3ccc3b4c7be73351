export * from './backoffice';
export * from './cashier';
export * from './catalogue';
export * from './constants';
export * from './demo';
export * from './endpoints';
export * from './envelope';
export * from './errors';
export * from './flags';
export * from './games';
export * from './identity';
export * from './inbox';
export * from './inbox-constants';
export * from './lottery';
export * from './provider';
export * from './route';
export * from './site';
export * from './wallet';

import { cashierRoutes } from './cashier';
import { catalogueRoutes } from './catalogue';
import { demoRoutes } from './demo';
import { gamesRoutes } from './games';
import { identityRoutes } from './identity';
import { inboxRoutes } from './inbox';
import { lotteryRoutes } from './lottery';
import { siteRoutes } from './site';
import { walletRoutes } from './wallet';

/** Every API call of the product with its schemas, by name (server and OpenAPI). */
export const routes = {
  ...siteRoutes,
  ...identityRoutes,
  ...catalogueRoutes,
  ...walletRoutes,
  ...cashierRoutes,
  ...demoRoutes,
  ...gamesRoutes,
  ...inboxRoutes,
  ...lotteryRoutes,
};
export type Routes = typeof routes;
