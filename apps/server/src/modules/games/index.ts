export {
  type AdapterRegistry,
  createAdapterRegistry,
  type LaunchContext,
  type LaunchGame,
  type ProviderAdapter,
} from './adapters';
export { createGamesBackoffice, type GamesBackoffice } from './backoffice';
export { createDailyPlay, type DailyPlay } from './daily-play';
export { gamesDataOf } from './member-data';
export {
  addToRound,
  cancelRound,
  findRound,
  findRoundByExternalId,
  type GameRound,
  openOrGetRound,
  settleRound,
} from './rounds';
export { registerGamesRoutes, registerGamesStaffRoutes } from './routes';
export { createGamesService, type GamesService, IN_HOUSE } from './service';
export { DEFAULT_GAMES_SETTINGS } from './settings';
export { ROUND_IDLE_MS, SWEEP_INTERVAL_MS, type SweepReport } from './sweeper';
export { recordVoidedRound, type VoidedRoundInput } from './voided-rounds';
