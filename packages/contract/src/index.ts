export * from './envelope';
export * from './errors';
export * from './flags';
export * from './route';
export * from './site';

import { siteRoutes } from './site';

/** Every API call of the product, by name. */
export const routes = { ...siteRoutes };
export type Routes = typeof routes;
