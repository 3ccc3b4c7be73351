/** Cashier constants the browser may import at run time (no zod). Shapes: schemas.ts. */

/** The balance push WebSocket: `GET /wps/ws?token=<member token>[&merchant=<code>]`. */
export const BALANCE_SOCKET_PATH = '/wps/ws';
/** Server → client messages of the balance socket (JSON text frames). */
export type BalanceSocketMessage = { type: 'ready' } | { type: 'balance' };
/** Close code of the balance socket when the session ended (logout, revoked, expired): do not reconnect. */
export const BALANCE_SOCKET_SESSION_ENDED = 4401;

/** Payment channel codes. Bangladesh: bKash, Nagad, Rocket, bank transfer; India: UPI, IMPS/NEFT bank transfer. */
export const CASHIER_CHANNEL_CODES = ['BKASH', 'NAGAD', 'ROCKET', 'BANK', 'UPI', 'IMPS'] as const;
export type CashierChannelCode = (typeof CASHIER_CHANNEL_CODES)[number];

/** Payout (withdrawal) channels a member may bind, by the merchant's currency. */
export const PAYOUT_CHANNELS_BY_CURRENCY: Record<string, readonly CashierChannelCode[]> = {
  BDT: ['BKASH', 'NAGAD', 'ROCKET', 'BANK'],
  INR: ['UPI', 'IMPS'],
};

/** Deposit request states: pending until finance approves (credited once) or rejects (with a reason). */
export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/**
 * Withdrawal states (spec §4): `in_process` (held in pending withdrawal, waiting for finance) →
 * `approved` → `issued` (paid out: the payment was distributed), or `rejected` (funds released
 * back to the main wallet, with a reason) from `in_process` or `approved`.
 */
export const WITHDRAWAL_STATUSES = ['in_process', 'approved', 'issued', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * The member's confirmation of an issued withdrawal (spec §4 "withdrawal confirmation"):
 * `distributed` (payment sent, waiting for the member) → `received` | `not_received` (with a proof
 * image) | `all_received` (the member confirmed all waiting ones at once) | `auto_received` (not
 * confirmed within the operator's minutes) | `forced` (finance closed a `not_received` after checking).
 */
export const WITHDRAWAL_CONFIRMATIONS = [
  'distributed',
  'received',
  'not_received',
  'all_received',
  'auto_received',
  'forced',
] as const;
export type WithdrawalConfirmation = (typeof WITHDRAWAL_CONFIRMATIONS)[number];

/** Receipt and proof images: PNG or JPEG, at most 5 MB, checked by their first bytes. */
export const CASHIER_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Member lists (deposits, withdrawals) are paged 15 (spec §9). */
export const CASHIER_PAGE_SIZE = 15;

/** Payment password: 6 to 20 characters (spec: format not shown; we ask for at least 6). */
export const PAYMENT_PASSWORD_MIN = 6;
export const PAYMENT_PASSWORD_MAX = 20;
/** Wrong payment passwords in a row before the payment password locks, and for how long. */
export const PAYMENT_PASSWORD_LOCK_AFTER = 5;
export const PAYMENT_PASSWORD_LOCK_MS = 15 * 60 * 1000;

/**
 * Ledger entry kinds the cashier writes (the account record's `type` filter):
 * `deposit`, `withdrawal.hold`, `withdrawal.release`, `withdrawal.payout`, `withdrawal.refund`,
 * `transfer.upline`,
 * `adjustment`. Bets and wins come from the games module.
 */
export const CASHIER_ENTRY_KINDS = [
  'deposit',
  'withdrawal.hold',
  'withdrawal.release',
  'withdrawal.payout',
  'withdrawal.refund',
  'transfer.upline',
  'adjustment',
] as const;
