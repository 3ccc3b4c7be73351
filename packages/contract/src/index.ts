/**
 * The API contract as the server (and type imports of the web apps) see it: every module's
 * constants, endpoints, schemas and routes (`<module>/index.ts`), the shared pieces of `core/`,
 * and the tables assembled from the modules. What the browser may import at run time is `browser.ts`.
 */
export * from './agency';
export * from './cashier';
export * from './catalogue';
export * from './core/bounds';
export * from './core/endpoint';
export * from './core/envelope';
export * from './core/errors';
export * from './core/flags';
export * from './core/route';
export * from './demo';
export * from './endpoints';
export * from './games';
export * from './identity';
export * from './inbox';
export * from './lottery';
export * from './loyalty';
export * from './promotions';
export * from './protection';
export * from './provider';
export * from './pvp';
export * from './routes';
export * from './site';
export * from './sportsbook';
export * from './staff';
export * from './support';
export * from './tables';
export * from './wallet';
