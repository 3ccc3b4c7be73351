import { VnLotteryPage } from '../../features/vnlottery/vn-lottery-page';

/** Page group `vnlottery` (one lazy chunk): the Vietnamese lotteries (ADR 046). */
export const pages = {
  vnlottery: () => <VnLotteryPage />,
};
