/** The lottery module's public face (issue 17; docs/architecture.md "Adding a vertical"). */

export { createLotteryBackoffice, type LotteryBackoffice } from './backoffice';
export { DEFAULT_GAMES } from './games';
export { ISSUES_AHEAD_MS } from './generate-issues';
export { registerLotteryBackofficeRoutes, registerLotteryRoutes } from './routes';
export { createLottery, type Lottery, type LotteryDeps } from './service';

/** How often the scheduler runs the lottery's job (issues ahead, draws, settlement). */
export const LOTTERY_TICK_MS = 1_000;
export { lotteryDataOf } from './member-data';
export { httpVnFeed, type VnResultSource } from './vn-results';
export type { VnLottery } from './vn-service';

/** How often the scheduler runs the Vietnamese lotteries' job (draws ahead, holidays, results, settlement). */
export const VN_LOTTERY_TICK_MS = 5_000;
