/**
 * The promo feature's public face: what app/ (the composition root) and the tests may use.
 * Promotions and promotion details; the member centre's bonus details, reward centre and invite friends (lazy, from app/modals.ts).
 * Lazily loaded parts are loaded by app/ from their own module (one chunk each).
 */

export { BonusDetailsPage } from './bonus-details';
export { PromoDetailPage } from './promo-detail-page';
export { PromotionsPage } from './promotions-page';
export { ReferralPage } from './referral-page';
export { RewardCenterPage } from './reward-center';
