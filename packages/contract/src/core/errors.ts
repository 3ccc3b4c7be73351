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
  /** Over the VIP tier's withdrawal limit (last 24 hours; `value.limit`, `value.remaining`; ADR 056). */
  'cashier.limit.vip': 409,
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
  /** A Vietnamese lottery result that does not fit the official structure (`value.prize`). */
  'lottery.result.invalid': 400,
  /** Back office: the staff member who entered a result cannot approve it (two people). */
  'lottery.result.approval.self': 403,
  /** Back office: the result entry was approved or rejected before. */
  'lottery.result.not.pending': 409,
  // Loyalty (docs/decisions/037)
  /** Back office: loyalty rules that contradict themselves (`value.reason`). */
  'loyalty.rule.invalid': 400,
  /** Fewer points than the redemption or conversion takes (`value.points`, `value.needed`). */
  'loyalty.points.insufficient': 409,
  /** A conversion below the merchant's minimum points (`value.min`). */
  'loyalty.convert.min': 400,
  /** The mall item is inactive, sold out or of another merchant. */
  'loyalty.item.unavailable': 409,
  /** A physical mall item needs a delivery address. */
  'loyalty.address.required': 400,
  /** The mission's target is not reached in this period (`value.progress`, `value.target`). */
  'loyalty.mission.incomplete': 409,
  /** The mission's reward of this period was claimed already. */
  'loyalty.mission.claimed': 409,
  /** Nothing accrued to claim (manual rebate). */
  'loyalty.nothing.to.claim': 409,
  /** The redemption was decided already. */
  'loyalty.redemption.state': 409,
  // Agent centre (issue 20, docs/decisions/038)
  /** The account is not in the agent's downline (or not a direct one where one is needed). */
  'agency.downline.unknown': 404,
  /** The agent holds no accepted contract of this kind to offer from (`value.kind`). */
  'agency.contract.none': 409,
  /** A downline's contract may never pay more than the offerer's own (`value.kind`). */
  'agency.contract.above.upline': 409,
  /** Tiers out of order or range, or a contract offered to a member that is not an agent (`value.reason`). */
  'agency.contract.invalid': 400,
  /** The contract is no longer in a state for this (`value.status`). */
  'agency.contract.state': 409,
  /** The settlement period has not ended yet. */
  'agency.period.open': 409,
  /** A contract template out of range or out of order, or a kind twice (`value.kind`, `value.reason`). */
  'agency.template.invalid': 400,
  /** A revocation already asked, or the downline has an offer of the kind not yet answered (`value.reason`). */
  'agency.revocation.blocked': 409,
  /** The agent application was decided already (`value.status`). */
  'agency.application.decided': 409,
  // Shared live tables (issue 22, docs/decisions/040)
  /** No such table of this merchant, or it is closed. */
  'table.unavailable': 404,
  /** The round does not take bets (not open yet, or closed at its close time, or settled). */
  'table.round.closed': 409,
  /** A bet kind the table's game does not offer, or a bad amount. */
  'table.bet.invalid': 400,
  /** A bet below the table's minimum, or the member's stake on a kind above its maximum (`value.min`, `value.max`). */
  'table.bet.out.of.range': 400,
  /** The request key was used before for another slip. */
  'table.request.conflict': 409,
  // PvP rooms (issue 22, docs/decisions/042)
  'pvp.tier.unknown': 404,
  'pvp.buyin.out.of.range': 400,
  'pvp.already.seated': 409,
  'pvp.not.seated': 404,
  'pvp.hand.over': 409,
  'pvp.not.playing': 409,
  'pvp.not.your.turn': 409,
  'pvp.action.invalid': 400,
  'pvp.bet.out.of.range': 400,
  'pvp.show.not.allowed': 409,
  'pvp.sideshow.not.allowed': 409,
  'pvp.players.short': 409,
  'pvp.chips.short': 409,
  // Sportsbook (issue 21)
  /** The selection is unknown, of another merchant, or no longer offered. */
  'sportsbook.selection.unavailable': 404,
  /** The market does not take bets (suspended, closed at the start, settled or voided). */
  'sportsbook.market.closed': 409,
  /** A single with other than one leg, a multiple of fewer than 2 or more than the maximum legs, two legs of one event, or a pari-mutuel leg in a multiple. */
  'sportsbook.bet.invalid': 400,
  /** A stake below the minimum or above the maximum (`value.min`, `value.max`). */
  'sportsbook.stake.out.of.range': 400,
  /** The odds moved against the member's odds-change policy (`value.odds`: the odds now). */
  'sportsbook.odds.changed': 409,
  /** The potential payout is above the maximum per bet (`value.max`). */
  'sportsbook.payout.limit': 400,
  /** The selection has reached its liability cap. */
  'sportsbook.liability.limit': 409,
  /** No cash-out for this bet now: settled already, a system or pari-mutuel bet, a leg lost, or a leg's market not open. */
  'sportsbook.cashout.unavailable': 409,
  /** The cash-out offer fell below the one the member saw (`value.offerMinor`: the offer now). */
  'sportsbook.cashout.changed': 409,
  /** A partial cash-out's stake part is below the minimum stake or leaves less than it running (`value.min`, `value.max`). */
  'sportsbook.cashout.part.out.of.range': 400,
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
  /** The licence profile asks for deposit limits first: set one or say "not now" (`value.when`). */
  'protection.limit.prompt': 403,
  /** The risk flag was already cleared or confirmed (`value.status`). */
  'protection.risk.decided': 409,
  /** A confirmed risk flag holds the member's withdrawals until staff clear it (`value.kind`). */
  'protection.risk.hold': 403,
  /** The member closed the account: no sign-in, deposit or play. */
  'protection.closed': 403,
  /** The self-exclusion's term is over (`value.until`), but it stays until a lift is asked for and confirmed. */
  'protection.lift.required': 403,
  /** No ended self-exclusion to lift, or its cooling-off is not over (`value.from`). */
  'protection.lift.unavailable': 409,
  /** The merchant's licence allows play money only: no deposit and no real-money play. */
  'protection.play.money': 403,
  /** The merchant's licence does not allow this vertical (`value.product`). */
  'protection.vertical': 403,
  /** Verified identity documents are required first (`value.status`, `value.above` minor units or null). */
  'protection.kyc.required': 403,
  /** A KYC file that is not PNG, JPEG or PDF by content, empty, or over 5 MB (`value.reason`). */
  'protection.kyc.file': 400,
  /** The date of birth is under the licence's minimum age (`value.minAge`). */
  'protection.kyc.underage': 409,
  /** The document was already reviewed. */
  'protection.kyc.reviewed': 409,
  /** The profile changed since the editor read it (`value.version`). */
  'protection.profile.stale': 409,
  /** Erasure needs a closed account (`value.reason`: 'open'). */
  'protection.erasure.unavailable': 409,
  /** Reopening refused (`value.reason`: 'open', 'harm', 'erased', 'notRequested' or 'coolingOff'; `value.from`). */
  'protection.reopen.unavailable': 409,
  /** The person is excluded (an erased account's mobile or ID number): no new account. */
  'protection.excluded.person': 403,
  /** Too many KYC uploads (`value.retryAfter` seconds). */
  'protection.kyc.rate': 429,
  // Promotions and the bonus wallet (docs/decisions/036)
  /** No such promotion in force (or not one that can be claimed / applied for this way). */
  'promotions.unknown': 404,
  /** The member does not qualify now (deposit, period, already claimed this period). */
  'promotions.not.eligible': 409,
  /** A bonus is active: finish, forfeit or let it expire before claiming another. */
  'promotions.bonus.active': 409,
  /** The invited friend shares an address or payout account with the referrer: staff review it (ADR 048). */
  'promotions.referral.review': 409,
  /** Staff already decided on this friend, or the friend is not under review (ADR 051). */
  'promotions.referral.decided': 409,
  /** A stake above the active bonus's maximum bet (`value.maxBet`). */
  'promotions.max.bet': 409,
  /** The active bonus's promotion refuses withdrawals until its wagering is done (`value.promo`). */
  'promotions.withdraw.refused': 409,
  /** An application for this promotion already waits for review. */
  'promotions.application.pending': 409,
  /** The application was decided already. */
  'promotions.application.decided': 409,
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
