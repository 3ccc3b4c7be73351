/**
 * Stable machine error codes. `message` in an error envelope is the translation key
 * `error.<code>` which the web app shows in the player's language.
 */
export const errorStatus = {
  request_param_err: 400,
  request_body_required: 400,
  'validation.failed': 400,
  /** The login needs the image captcha (from the 5th failure) and it was missing, wrong or used. */
  'captcha.invalid': 400,
  /** The human-verification proof-of-work (ALTCHA) is missing, wrong, expired or already used. */
  'verification.required': 400,
  /** The affiliate (invitation) code names no agent of this merchant. */
  invalid_invitation_code: 400,
  'login.not.session': 401,
  /** Wrong username or password: one answer whether or not the account exists. */
  'login.failed': 401,
  'function.not.available': 403,
  in_need_true_account: 403,
  /** The operator locked this account. */
  'account.locked': 403,
  /** The member must change the password before any other member call. */
  'password.change.required': 403,
  forbidden: 403,
  'not.found': 404,
  http_method_not_support: 405,
  conflict: 409,
  /** The idempotency key was used before for a different request: nothing was written. */
  'idempotency.conflict': 409,
  /** The wallet does not hold enough for this movement: nothing was written. */
  'insufficient.balance': 409,
  /** Password login of this account is locked for a while after repeated failures. */
  'login.locked': 423,
  TOO_MANY_REQUESTS: 429,
  'system.error': 500,
  /** The SMS gateway refused or could not be reached. */
  'sms.send.failed': 502,
  'system.maintenance': 503,
  'access.restricted': 451,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const isErrorCode = (code: string): code is ErrorCode => code in errorStatus;

/** Translation key for an error code: the web app looks these up in its locale files. */
export const errorMessageKey = (code: string) => `error.${code}`;
