/** The promotions module's public face (issue 19; docs/decisions/036-promotions-bonus-wallet.md). */

export {
  createPromotionsBackoffice,
  type MemberNames,
  type PromotionsBackoffice,
  registerPromotionsBackofficeRoutes,
} from './backoffice';
export { composePromotions, PROMOTIONS_EXPIRY_MS } from './compose';
export { registerPromotionsRoutes } from './routes';
export {
  type ClaimableItem,
  type ClaimableSource,
  createPromotions,
  type Promotions,
  type PromotionsDeps,
} from './service';
