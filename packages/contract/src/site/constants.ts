/** Plain constants of the site module shared by server and browser (no zod). */

export const LANGUAGES = ['bn', 'en', 'hi'] as const;

/** The 28 language codes the spec names in texts (display only). */
export const WIDE_LANGUAGE_LIST = [
  'CN',
  'EN',
  'JA',
  'TH',
  'VI',
  'MY',
  'ES',
  'HI',
  'ID',
  'KM',
  'KO',
  'MS',
  'PT',
  'TA',
  'TW',
  'TY',
  'UR',
  'PT-BR',
  'TR',
  'BN',
  'AR',
  'FA',
  'RU',
  'KK',
  'UZ',
  'LO',
  'NE',
  'FR',
] as const;

export const REGISTER_RULE_KEYS = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'mobileNum',
  'recommenderId',
  'affiliateCode',
  'captcha',
] as const;

export const BANNER_GROUPS = [
  'w_home',
  'w_rng',
  'w_live',
  'w_fish',
  'w_pvp',
  'w_sports',
  'w_esports',
  'w_lott',
  'w_cockfight',
  'w_promotion',
  'w_shop',
  'w_help',
  'w_reg',
] as const;

export const PROMOTION_CATEGORIES = [
  'rng_promo',
  'live_promo',
  'pvp_promo',
  'sport_promo',
  'fish_promo',
  'lotto_promo',
  'rebate_promo',
  'deposit_promo',
  'player_rank_rules',
  'point_mall',
  'app_download',
  'new_player',
  'other_promo',
] as const;

export type Language = (typeof LANGUAGES)[number];
export type BannerGroup = (typeof BANNER_GROUPS)[number];

/** Longest minLength/maxLength a register rule may set (the longest field, email, is far below). */
export const REGISTER_RULE_MAX_LENGTH = 200;

/** Back-office kinds of announcement: banner (B), player notice (PL), popup (PU), promotion (PR). */
export const ANNOUNCEMENT_KINDS = ['B', 'PL', 'PU', 'PR'] as const;
export const ANNOUNCEMENT_SORTS = ['sort', 'createdAt', 'startAt', 'endAt', 'kind'] as const;
export const HELP_SORTS = ['sort', 'tag', 'id'] as const;
