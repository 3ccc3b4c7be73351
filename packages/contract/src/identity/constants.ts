/** Plain constants of the identity module shared by server and browser (no zod). */

/** Field-error keys of the identity calls, besides `reg_pattern_<0..19>` (API-FACTS §3.2). */
export const IDENTITY_FIELD_KEYS = [
  'error_password',
  'inconsistent_twice',
  'invalid_mobile_number',
  'username_exists',
  'mobile_exists',
  'terms_required',
  'age_required',
  'old_password_incorrect',
  'password_same_as_old',
  'invalid_verification_code',
  'invalid_captcha',
  /** A dialling code of no merchant of the brand (only +880 and +91 in the demo brand). */
  'dial_code_unsupported',
  /** New-IP verification by bank account: not the holder name of the bound payout account. */
  'invalid_account_name',
  /** New-IP verification: a method this login was not offered. */
  'verification_method_unavailable',
] as const;
export type IdentityFieldKey = (typeof IDENTITY_FIELD_KEYS)[number];

/**
 * How a login from a new IP can be confirmed: a code sent by SMS to the bound mobile or by email,
 * the holder name of the bound payout (bank) account, or a code of the enrolled authenticator app.
 */
export const LOGIN_VERIFICATION_METHODS = ['sms', 'email', 'bank', 'totp'] as const;
export type LoginVerificationMethod = (typeof LOGIN_VERIFICATION_METHODS)[number];

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The agent site's downline, members a page. */
export const AGENT_DOWNLINE_PAGE_SIZE = 15;

/** Member types: 0 member, 1/2/41/42 agent codes, 4 trial. */
export const MEMBER_TYPES = [0, 1, 2, 4, 41, 42] as const;
/** Sessions open (not ended, not expired, used within the idle time) or ended in any of those ways. */
export const SESSION_STATES = ['live', 'ended'] as const;
export const MEMBER_SESSION_SORTS = ['createdAt', 'lastSeenAt', 'expiresAt', 'ip'] as const;
export const MEMBER_LOGIN_SORTS = ['at', 'event', 'ip'] as const;
export const MEMBER_TRAIL_SORTS = ['at', 'action', 'staff'] as const;
