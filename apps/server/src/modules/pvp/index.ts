/** PvP Teen Patti rooms' public face (issue 22, docs/decisions/042-pvp-rooms.md). */

export { registerPvpRoutes } from './routes';
export { createPvp, PVP_LEASE_MS, PVP_RESULT_PAUSE_MS, type Pvp, type PvpDeps } from './service';
export { registerPvpSocket } from './socket';
export { addTierVersion, type Tier } from './tiers';

/** How often the scheduler runs the rooms' clocks (leases, turn timers, next hand, held seats). */
export const PVP_TICK_MS = 500;
