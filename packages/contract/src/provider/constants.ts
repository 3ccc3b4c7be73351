/**
 * The seamless-wallet provider API (docs/decisions/010-provider-api.md): a third-party game
 * vendor calls `POST /provider/<vendorCode>/<action>` with a JSON body signed by the vendor's
 * secret for that merchant. This is a server-to-server protocol of its own, not the `/wps`
 * envelope: answers are `{ status: 'OK', ... }` or `{ status: 'ERROR', code }`.
 */

/** Signature header: hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`). */
export const PROVIDER_SIGNATURE_HEADER = 'x-khela-signature';
/** Unix seconds when the vendor signed the request. */
export const PROVIDER_TIMESTAMP_HEADER = 'x-khela-timestamp';
/** A request signed further than this from our clock (either way) is refused as EXPIRED. */
export const PROVIDER_MAX_SKEW_S = 300;
/** Largest body we read. */
export const PROVIDER_BODY_LIMIT = 16 * 1024;

export const providerActions = ['authenticate', 'balance', 'bet', 'win', 'rollback', 'endRound'] as const;
export type ProviderAction = (typeof providerActions)[number];

/** Every error code of the protocol with the HTTP status it is answered with. */
export const providerErrorStatus = {
  /** Malformed JSON, a missing or wrongly typed field, a currency other than the player's. */
  BAD_REQUEST: 400,
  /** Signature missing or wrong, or no secret is configured for this merchant and vendor. */
  INVALID_SIGNATURE: 401,
  /** Timestamp missing, malformed, or more than 300 s away from our clock. */
  EXPIRED: 401,
  /**
   * authenticate: the launch token is unknown, used, older than 60 s, or of another vendor; bet:
   * the session token is unknown, expired, or belongs to another player or vendor.
   */
  INVALID_TOKEN: 401,
  /** A bet for a locked or self-excluded player (wins and rollbacks are still credited). */
  PLAYER_BLOCKED: 403,
  /**
   * A bet over the player's responsible-gaming limits (net loss, wager or session time; issue 16):
   * nothing was debited and nothing stored.
   */
  BET_LIMIT_EXCEEDED: 403,
  /** No such player at this merchant. */
  UNKNOWN_PLAYER: 404,
  /** Rollback names a transaction that is not a bet of this player (e.g. a win). */
  UNKNOWN_TRANSACTION: 404,
  /** The wallet does not hold the bet amount: nothing was debited. */
  INSUFFICIENT_FUNDS: 409,
  /** This txId was used before with different data: nothing changed. */
  DUPLICATE_CONFLICT: 409,
  /** The bet was rolled back before it arrived (a tombstone): it is never debited. */
  TX_ROLLED_BACK: 409,
  /** A bet for a round that has ended (endRound was received). */
  ROUND_CLOSED: 409,
  /** Our fault: nothing was applied; retry with the same txId. */
  INTERNAL_ERROR: 500,
} as const;
export type ProviderErrorCode = keyof typeof providerErrorStatus;

/** Every successful answer: the wallet's balance after the call, in minor units. */
export type ProviderOk = {
  status: 'OK';
  balance: number;
  currency: string;
  /** Our transaction id (for bet, win, rollback, endRound). */
  txId?: string;
  /** authenticate only. */
  playerId?: string;
  nickname?: string;
  /**
   * authenticate only: the vendor session (12 h) the single-use launch token was exchanged for;
   * send it as `token` with every bet.
   */
  token?: string;
};
export type ProviderError = { status: 'ERROR'; code: ProviderErrorCode };
export type ProviderAnswer = ProviderOk | ProviderError;
