/** Promotions (docs/decisions/036): the kinds the engine grants, claim frequencies, weighted products. */
export const PROMO_KINDS = [
  'deposit_match',
  'first_deposit',
  'reload',
  'free_credit',
  'cashback',
  'referral',
  'apply',
] as const;
export const PROMO_FREQUENCIES = ['once', 'daily', 'weekly', 'unlimited'] as const;
export const PROMO_PRODUCTS = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'ELOTT',
  'LOTT',
] as const;
export const PROMO_REMARK_MAX = 140;
