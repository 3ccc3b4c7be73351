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
  // Cashier
  /** No payment password yet: set one first. */
  'payment.password.not.set': 409,
  /** Wrong payment password: nothing was done. */
  'payment.password.wrong': 400,
  /** Too many wrong payment passwords: locked for a while (`value.lockedUntil`). */
  'payment.password.locked': 423,
  /** The amount is outside the channel's or the withdrawal min/max (`value.min`, `value.max`). */
  'cashier.amount.range': 400,
  /** The flows that send this channel's messages (SMS or mail) are switched off (`value.channel`). */
  'message.channel.off': 409,
  /** The deposit channel does not exist or is disabled. */
  'cashier.channel.unavailable': 400,
  /** Bind a payout account before withdrawing. */
  'cashier.payout.required': 409,
  /** The deposit or withdrawal is no longer in a state for this action. */
  'cashier.state': 409,
  /** The member has no upline agent to transfer to. */
  'cashier.upline.none': 409,
  /** Over the member's daily limits set by risk (`value.limit`, `value.remaining`; last 24 hours). */
  'cashier.limit.deposit': 409,
  'cashier.limit.withdraw': 409,
  'cashier.limit.withdraw.count': 409,
  /** More than the withdrawable funds (demo credit and bonuses are not withdrawable). */
  'withdrawable.insufficient': 409,
  /** A payment-gateway notification without a valid signature. */
  'gateway.signature.invalid': 401,
  'login.not.session': 401,
  /** Wrong username or password: one answer whether or not the account exists. */
  'login.failed': 401,
  'function.not.available': 403,
  in_need_true_account: 403,
  /** The operator locked this account. */
  'account.locked': 403,
  /** The member must change the password before any other member call. */
  'password.change.required': 403,
  /** A login from an IP the member never used (LOGINIPVERF3): send the code at `/wps/session/login/verification`. */
  'login.verification.required': 403,
  /** The Google/Facebook sign-in was not finished, expired or was used already: start again. */
  'social.expired': 400,
  /** The agent site (`/agentHome`) refuses accounts that are not agents (types 1, 2, 41, 42). */
  'login.not.agent': 403,
  /** The held login's confirmation expired, was used, or had 5 wrong answers: log in again. */
  'login.verification.expired': 400,
  /** The authenticator set-up was not started or has expired: start again. */
  'totp.enrol.expired': 400,
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
  /** Games (issue 7, apps/server/src/modules/games): a round is open in another game (#734). */
  'game.previous.unfinished': 409,
  /** The game or its vendor is unknown or disabled. */
  'game.unavailable': 404,
  /** Free play was asked for a game whose vendor offers none, or by a visitor where it is not allowed. */
  'game.demo.unavailable': 403,
  /** A launch token that is unknown, expired or already exchanged. */
  'game.token.invalid': 401,
  /** The game page's session is unknown or expired. */
  'game.session.invalid': 401,
  /** A vendor round id that belongs to another member. */
  'game.round.conflict': 409,
  /** A bet on a settled or cancelled round. */
  'game.round.closed': 409,
  /** A bet that is not one of the offered bet levels. */
  'game.bet.invalid': 400,
  /** An in-house engine's parameter or step the game does not allow (target, rows, cell…). */
  'game.input.invalid': 400,
  /** A mines/tower round of this game is still open (finish it first), or seeds rotate under it. */
  'game.round.open': 409,
  /** Lottery (issue 17): the game is unknown or off, or the issue is not one of its own. */
  'lottery.game.unavailable': 404,
  /** The issue does not take bets (not open yet, locked at its lock time, drawn or void). */
  'lottery.issue.closed': 409,
  /** A bet's selection does not fit its bet type (numbers, position, side). */
  'lottery.bet.invalid': 400,
  /** A stake below the bet type's minimum or above its maximum. */
  'lottery.stake.out.of.range': 400,
  /** A number of the bet has reached the liability cap: sold out. */
  'lottery.sold.out': 409,
  /** The request key was used before for another slip. */
  'lottery.request.conflict': 409,
  /** Back office: a payout table above 100 % RTP, or not one of the game's bet types. */
  'lottery.payout.invalid': 400,
  // Player protection (docs/decisions/030)
  /** The member took a time-out (`value.until`): no sign-in, deposit or play until then. */
  'protection.timeout': 403,
  /** The member is self-excluded (`value.until`, null: permanent). */
  'protection.excluded': 403,
  /** A limit is reached (`value.limit`, `value.period`, `value.amount`, `value.usage` in minor units). */
  'protection.limit': 409,
  /** The session-time limit is reached (`value.amount` minutes, `value.usage` minutes played). */
  'protection.session.limit': 403,
  /** No pending change of this limit, or its cooling-off is not over (`value.from`). */
  'protection.confirm.unavailable': 409,
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
