import { PromotionsPage } from '../../features/promo/promotions-page';

/** Page group `promo` (one lazy chunk): the promotions with their category tabs. */
export const pages = {
  promotions: PromotionsPage,
};
