/** The shared live tables' public face (issue 22, docs/decisions/040-shared-tables.md). */

export { createTablesBackoffice, type TablesBackoffice } from './backoffice';
export { registerTablesBackofficeRoutes, registerTablesRoutes } from './routes';
export { maskName } from './seats';
export { createTables, STALE_ROUND_MS, TABLE_LEASE_MS, type Tables, type TablesDeps } from './service';
export { registerTableSocket } from './socket';

/** How often the scheduler runs the tables' clocks (leases, settlement, next round, seats). */
export const TABLES_TICK_MS = 500;
