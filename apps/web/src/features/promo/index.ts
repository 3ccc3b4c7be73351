/**
 * The promo feature's public face: what app/ (the composition root) and the tests may use.
 * Promotions and promotion details.
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */
export { PromoDetailPage } from './promo-detail-page';
export { PromotionsPage } from './promotions-page';
