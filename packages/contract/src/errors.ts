/**
 * Stable machine error codes. `message` in an error envelope is the translation key
 * `error.<code>` which the web app shows in the player's language.
 */
export const errorStatus = {
  request_param_err: 400,
  request_body_required: 400,
  'validation.failed': 400,
  'login.not.session': 401,
  'function.not.available': 403,
  in_need_true_account: 403,
  'forbidden': 403,
  'not.found': 404,
  http_method_not_support: 405,
  conflict: 409,
  TOO_MANY_REQUESTS: 429,
  'system.error': 500,
  'system.maintenance': 503,
  'access.restricted': 451,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const isErrorCode = (code: string): code is ErrorCode => code in errorStatus;

/** Translation key for an error code: the web app looks these up in its locale files. */
export const errorMessageKey = (code: string) => `error.${code}`;
