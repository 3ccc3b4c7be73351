export * from './constants';
export * from './endpoints';
export * from './envelope';
export * from './errors';
export * from './flags';
export * from './route';
export * from './site';

import { siteRoutes } from './site';

/** Every API call of the product with its schemas, by name (server and OpenAPI). */
export const routes = { ...siteRoutes };
export type Routes = typeof routes;
