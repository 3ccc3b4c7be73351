/** Wallet constants the browser may import at run time (no zod). */

/** The main wallet's accountTypeId (2 on the platform); vendor wallets use the vendor's own id. */
export const MAIN_ACCOUNT_TYPE_ID = 2;

/** The request header that carries a money call's idempotency key (IETF draft `Idempotency-Key`). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 1 to 100 visible ASCII characters: a UUID from the client is the usual choice. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;

/** Account record rows per page (spec §9). */
export const MEMBER_TRANSACTIONS_PAGE_SIZE = 15;

/** The largest amount a request may carry, in minor units (2^53 - 1). */
export const MAX_MINOR = Number.MAX_SAFE_INTEGER;
