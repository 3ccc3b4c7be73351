import { VerifyPage } from '../../features/game/verify-page';
import { VerifyDrawPage } from '../../features/lottery/verify-draw-page';

/**
 * Page group `verify` (one lazy chunk, with @khela/fair): the provably fair round check and the
 * lottery draw check.
 */
export const pages = {
  verify: VerifyPage,
  lotteryVerify: VerifyDrawPage,
};
