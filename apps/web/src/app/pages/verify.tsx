import { VerifyPage } from '../../features/game/verify-page';

/** Page group `verify` (one lazy chunk, with @khela/fair): the provably fair round check. */
export const pages = {
  verify: VerifyPage,
};
