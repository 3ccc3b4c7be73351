import { z } from 'zod';
import { ROW_ID_MAX, TIME_MAX } from '../core/bounds';
import { moneyAmount } from '../wallet/schemas';
import {
  CASHIER_CHANNEL_CODES,
  DEPOSIT_STATUSES,
  WITHDRAWAL_CONFIRMATIONS,
  WITHDRAWAL_STATUSES,
} from './constants';
import { currency, decimal, minor, optionalQuery, pagedList, pageNo, paymentPassword, uuid } from './fields';

/**
 * The cashier (issue 6): deposits, payment password, payout account, withdrawals with the
 * confirmation flow, transfer to upline, personal profit (the finance screens of the back office:
 * backoffice.ts). Money follows wallet/schemas.ts: requests carry integer minor units (`"12345"` or `12345`),
 * answers carry `<name>` ("123.45") and `<name>Minor` ("12345"). Money calls (create deposit,
 * withdraw, transfer to upline) need the `Idempotency-Key` header: a repeat returns the first
 * result, the same key with another request is 409 `idempotency.conflict`.
 * Times are epoch ms.
 */

export const channelCode = z.enum(CASHIER_CHANNEL_CODES);
export const depositStatus = z.enum(DEPOSIT_STATUSES);
export const withdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export const withdrawalConfirmation = z.enum(WITHDRAWAL_CONFIRMATIONS);

// ---------------------------------------------------------------- deposit

/** One deposit channel as the player sees it (operator-configured per merchant). */
export const depositChannel = z.object({
  id: z.number().int(),
  code: channelCode,
  /** Display name, e.g. "bKash". */
  name: z.string(),
  /** `manual`: the player pays to the account below and enters the reference; `gateway`: `payUrl` after creating. */
  kind: z.enum(['manual', 'gateway']),
  accountName: z.string(),
  accountNumber: z.string(),
  /** Bank name / branch / IFSC for bank transfers; empty otherwise. */
  bankDetails: z.string(),
  /** Text to draw as a QR code (e.g. a `upi://pay?...` link); null when none. */
  qrPayload: z.string().nullable(),
  /** Plain-text instructions shown under the account. */
  instructions: z.string(),
  min: decimal,
  minMinor: minor,
  max: decimal,
  maxMinor: minor,
  sort: z.number().int(),
});
export type DepositChannel = z.infer<typeof depositChannel>;

export const depositChannelsValue = z.object({
  currency: z.string().length(3),
  currencySymbol: z.string(),
  /** Enabled channels of the member's merchant, in operator order. */
  channels: z.array(depositChannel),
});
export type DepositChannelsValue = z.infer<typeof depositChannelsValue>;

/** Answer of the receipt/proof upload (multipart, one `file` part: PNG or JPEG ≤ 5 MB). */
export const cashierUploadValue = z.object({
  id: uuid,
  mime: z.enum(['image/png', 'image/jpeg']),
  size: z.number().int(),
});
export type CashierUploadValue = z.infer<typeof cashierUploadValue>;

/** POST /wps/cashier/deposits (Idempotency-Key header). */
export const depositRequestBody = z.object({
  channelId: z.number().int().positive().max(ROW_ID_MAX),
  amount: moneyAmount,
  /**
   * The payment reference the player got from the provider: bKash/Nagad TrxID, UPI UTR, bank ref.
   * Required for manual channels; gateway channels ignore it (the provider's reference is used).
   */
  reference: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'deposit.reference.format')
    .optional(),
  /** Id from the receipt upload, optional. */
  receiptId: uuid.optional(),
  /** Optional: when sent it must be the merchant's currency. */
  currency,
});
export type DepositRequestBody = z.input<typeof depositRequestBody>;

export const depositRow = z.object({
  id: uuid,
  channelId: z.number().int(),
  channelCode: channelCode,
  channelName: z.string(),
  amount: decimal,
  amountMinor: minor,
  currency: z.string().length(3),
  reference: z.string(),
  hasReceipt: z.boolean(),
  status: depositStatus,
  /** The reason finance gave when rejecting; null otherwise. */
  reason: z.string().nullable(),
  /** Gateway channels: where to pay (the simulator's page in tests); null for manual channels. */
  payUrl: z.string().nullable(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  /** True when this answer repeats the first result of the idempotency key. */
  replayed: z.boolean().optional(),
});
export type DepositRow = z.infer<typeof depositRow>;

export const depositListQuery = z.object({ pageNo, status: optionalQuery(depositStatus) });
export const depositListValue = pagedList(depositRow);
export type DepositListValue = z.infer<typeof depositListValue>;

// ---------------------------------------------------------------- security: payment password, payout account

export const payoutAccount = z.object({
  payeeName: z.string(),
  channel: channelCode,
  /** Masked except the last 4 characters: "*******1234". */
  numberMasked: z.string(),
  updatedAt: z.number().int(),
});
export type PayoutAccount = z.infer<typeof payoutAccount>;

/** GET /wps/cashier/withdraw/info: everything the withdraw page needs in one call. */
export const withdrawInfoValue = z.object({
  currency: z.string().length(3),
  currencySymbol: z.string(),
  paymentPasswordSet: z.boolean(),
  /** Epoch ms until which the payment password is locked after repeated wrong entries; null when not locked. */
  paymentPasswordLockedUntil: z.number().int().nullable(),
  payoutAccount: payoutAccount.nullable(),
  /** The channels a payout account may use for this merchant. */
  payoutChannels: z.array(channelCode),
  /** Main wallet balance. */
  balance: decimal,
  balanceMinor: minor,
  /**
   * What may be withdrawn now: main balance minus credits that are not withdrawable (demo credit,
   * bonuses), never below 0.
   */
  withdrawable: decimal,
  withdrawableMinor: minor,
  min: decimal,
  minMinor: minor,
  max: decimal,
  maxMinor: minor,
  /** Minutes after distribution an unconfirmed withdrawal counts as received. */
  autoConfirmMinutes: z.number().int(),
});
export type WithdrawInfoValue = z.infer<typeof withdrawInfoValue>;

/** POST /wps/cashier/payment-password: set (first time: no `oldPassword`) or change (with it). */
export const paymentPasswordBody = z
  .object({
    oldPassword: paymentPassword.optional(),
    newPassword: paymentPassword,
    confirmPassword: z.string(),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: 'password.confirm.mismatch',
    path: ['confirmPassword'],
  });
export type PaymentPasswordBody = z.input<typeof paymentPasswordBody>;
export const okValue = z.object({ ok: z.literal(true) });

/** POST /wps/cashier/payout-account: bind; changing an existing binding needs `paymentPassword`. */
export const payoutAccountBody = z.object({
  payeeName: z.string().trim().min(2).max(60),
  channel: channelCode,
  /** Wallet number, UPI id or bank account number. */
  number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9@._-]{4,40}$/, 'payout.number.format'),
  paymentPassword: paymentPassword.optional(),
});
export type PayoutAccountBody = z.input<typeof payoutAccountBody>;
export const payoutAccountValue = z.object({ payoutAccount });

// ---------------------------------------------------------------- withdrawal

/** POST /wps/cashier/withdrawals (Idempotency-Key header). */
export const withdrawBody = z.object({
  amount: moneyAmount,
  paymentPassword,
  currency,
});
export type WithdrawBody = z.input<typeof withdrawBody>;

/** One step of the tracker timeline. */
export const withdrawalEvent = z.object({
  at: z.number().int(),
  status: withdrawalStatus,
  confirmation: withdrawalConfirmation.nullable(),
  /** Reason or note (rejection reason, "not received" note); null when none. */
  note: z.string().nullable(),
  /** `member`, `finance` (staff) or `system` (auto-confirm). */
  by: z.enum(['member', 'finance', 'system']),
});

export const withdrawalRow = z.object({
  id: uuid,
  amount: decimal,
  amountMinor: minor,
  currency: z.string().length(3),
  payeeName: z.string(),
  channel: channelCode,
  numberMasked: z.string(),
  status: withdrawalStatus,
  /** Null until issued (payment distributed). */
  confirmation: withdrawalConfirmation.nullable(),
  /** Rejection reason; null otherwise. */
  reason: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** When the payment was distributed; null before. */
  distributedAt: z.number().int().nullable(),
  /** When an unconfirmed distributed withdrawal will count as received; null when not waiting. */
  autoConfirmAt: z.number().int().nullable(),
  /** Can the member answer received / not received now? */
  awaitingConfirmation: z.boolean(),
  timeline: z.array(withdrawalEvent),
  replayed: z.boolean().optional(),
});
export type WithdrawalRow = z.infer<typeof withdrawalRow>;

export const withdrawalListQuery = z.object({ pageNo, status: optionalQuery(withdrawalStatus) });
export const withdrawalListValue = pagedList(withdrawalRow);
export type WithdrawalListValue = z.infer<typeof withdrawalListValue>;
export const withdrawalDetailQuery = z.object({ id: uuid });

/** POST /wps/cashier/withdrawals/confirm: the member's answer to a distributed payment. */
export const withdrawalConfirmBody = z
  .object({
    id: uuid,
    answer: z.enum(['received', 'not_received']),
    /** Required with `not_received`: id of an uploaded proof image. */
    proofId: uuid.optional(),
    note: z.string().trim().max(200).optional(),
  })
  .refine((b) => b.answer === 'received' || b.proofId !== undefined, {
    message: 'withdrawal.proof.required',
    path: ['proofId'],
  });
export type WithdrawalConfirmBody = z.input<typeof withdrawalConfirmBody>;

/** POST /wps/cashier/withdrawals/confirm-all: "all received" for every withdrawal waiting. */
export const withdrawalConfirmAllValue = z.object({ confirmed: z.number().int() });

// ---------------------------------------------------------------- transfer to upline

/** POST /wps/cashier/transfer-upline (Idempotency-Key header): main wallet → the upline agent's main wallet. */
export const transferUplineBody = z.object({
  amount: moneyAmount,
  paymentPassword,
  currency,
});
export type TransferUplineBody = z.input<typeof transferUplineBody>;

export const transferUplineValue = z.object({
  transactionId: z.string(),
  replayed: z.boolean(),
  /** The upline's account name. */
  upline: z.string(),
  amount: decimal,
  amountMinor: minor,
  balance: decimal,
  balanceMinor: minor,
  createdAt: z.number().int(),
});
export type TransferUplineValue = z.infer<typeof transferUplineValue>;

/** GET /wps/cashier/upline: who the transfer goes to (null when the member has no upline agent). */
export const uplineValue = z.object({ upline: z.string().nullable() });

// ---------------------------------------------------------------- personal profit

/** Longest personal-profit range: 31 days (the page moves by 7 or 30 days). */
export const PROFIT_MAX_RANGE_MS = 31 * 24 * 60 * 60 * 1000;

export const personalProfitQuery = z
  .object({
    startTime: optionalQuery(z.coerce.number().int().min(0).max(TIME_MAX)),
    endTime: optionalQuery(z.coerce.number().int().min(0).max(TIME_MAX)),
  })
  .refine((q) => q.startTime === undefined || q.endTime === undefined || q.startTime <= q.endTime, {
    message: 'range.invalid',
    path: ['endTime'],
  })
  .refine(
    (q) =>
      q.startTime === undefined || q.endTime === undefined || q.endTime - q.startTime <= PROFIT_MAX_RANGE_MS,
    { message: 'range.too.long', path: ['endTime'] },
  );

/**
 * Sums over the range, all positive except `profit`: deposits credited, withdrawals paid out
 * (issued), bets staked, wins paid, bonuses credited; `profit` = wins + bonuses − bets.
 */
export const personalProfitValue = z.object({
  startTime: z.number().int(),
  endTime: z.number().int(),
  currency: z.string().length(3),
  deposits: decimal,
  depositsMinor: minor,
  withdrawals: decimal,
  withdrawalsMinor: minor,
  bets: decimal,
  betsMinor: minor,
  wins: decimal,
  winsMinor: minor,
  bonuses: decimal,
  bonusesMinor: minor,
  profit: decimal,
  profitMinor: minor,
});
export type PersonalProfitValue = z.infer<typeof personalProfitValue>;

// ---------------------------------------------------------------- payment gateway webhook

export const gatewayWebhookQuery = z.object({ provider: z.string().regex(/^[a-z0-9_]{1,20}$/) });

/**
 * POST /wps/cashier/gateway/webhook?provider=<code>: an automated provider's notification, signed with
 * HMAC-SHA256 of the raw body in the `X-Signature` header (hex). Duplicates and retries are
 * answered 200 and credit once.
 */
export const gatewayWebhookBody = z.object({
  eventId: z.string().min(1).max(100),
  /** Our deposit id (the order id we gave the provider). */
  orderId: uuid,
  providerRef: z.string().min(1).max(100),
  amountMinor: z.string().regex(/^[1-9][0-9]{0,15}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.enum(['paid', 'failed']),
});
export type GatewayWebhookBody = z.infer<typeof gatewayWebhookBody>;
export const gatewayWebhookValue = z.object({
  outcome: z.enum(['credited', 'rejected', 'duplicate', 'ignored']),
});
