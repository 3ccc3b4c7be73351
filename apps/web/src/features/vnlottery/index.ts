/**
 * The Vietnamese lotteries feature's public face (issue 17, ADR 046): the `/vnlottery` page.
 * app/ imports the named module.
 */
export { VnLotteryPage } from './vn-lottery-page';
