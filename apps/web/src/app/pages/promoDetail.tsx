import { PromoDetailPage } from '../../features/promo/promo-detail-page';

/** Page group `promoDetail` (one lazy chunk): one promotion in full (`?id=`). */
export const pages = {
  promoDetail: PromoDetailPage,
};
