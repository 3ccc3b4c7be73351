export * from './backoffice';
export * from './catalogue';
export * from './constants';
export * from './demo';
export * from './endpoints';
export * from './envelope';
export * from './errors';
export * from './flags';
export * from './identity';
export * from './route';
export * from './site';
export * from './wallet';

import { catalogueRoutes } from './catalogue';
import { demoRoutes } from './demo';
import { identityRoutes } from './identity';
import { siteRoutes } from './site';
import { walletRoutes } from './wallet';

/** Every API call of the product with its schemas, by name (server and OpenAPI). */
export const routes = {
  ...siteRoutes,
  ...identityRoutes,
  ...catalogueRoutes,
  ...walletRoutes,
  ...demoRoutes,
};
export type Routes = typeof routes;
