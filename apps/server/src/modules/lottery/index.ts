/** The lottery module's public face (issue 17; docs/architecture.md "Adding a vertical"). */

export { createLotteryBackoffice, type LotteryBackoffice } from './backoffice';
export { DEFAULT_GAMES } from './games';
export { ISSUES_AHEAD_MS } from './generate-issues';
export type { ProtectionCheck } from './place-bets';
export { registerLotteryBackofficeRoutes, registerLotteryRoutes } from './routes';
export { createLottery, type Lottery, type LotteryDeps } from './service';

/** How often the scheduler runs the lottery's job (issues ahead, draws, settlement). */
export const LOTTERY_TICK_MS = 1_000;
