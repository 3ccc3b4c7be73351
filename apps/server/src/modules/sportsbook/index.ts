/** The sportsbook module's public face (issue 21; ADR 039). */

export { createSportsbookBackoffice, type SportsbookBackoffice } from './backoffice';
export type { EventResult, SportsFeed } from './feed';
export type { SportsbookPlayHooks } from './money';
export { registerSportsbookBackofficeRoutes, registerSportsbookRoutes } from './routes';
export { createSportsbook, type Sportsbook, type SportsbookDeps } from './service';

/** How often the scheduler runs the sportsbook's job (schedule, bet stop, results, settlement). */
export const SPORTSBOOK_TICK_MS = 5_000;
