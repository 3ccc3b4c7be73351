import { z } from 'zod';
import { ROW_ID_MAX, TIME_MAX } from './bounds';
import {
  CASHIER_CHANNEL_CODES,
  DEPOSIT_STATUSES,
  PAYMENT_PASSWORD_MAX,
  PAYMENT_PASSWORD_MIN,
  WITHDRAWAL_CONFIRMATIONS,
  WITHDRAWAL_STATUSES,
} from './cashier-constants';
import { endpoints } from './endpoints';
import { defineRoute } from './route';
import { moneyAmount } from './wallet';

export * from './cashier-constants';

/**
 * The cashier (issue 6): deposits, payment password, payout account, withdrawals with the
 * confirmation flow, transfer to upline, personal profit; and the finance screens of the back
 * office. Money follows wallet.ts: requests carry integer minor units (`"12345"` or `12345`),
 * answers carry `<name>` ("123.45") and `<name>Minor` ("12345"). Money calls (create deposit,
 * withdraw, transfer to upline) need the `Idempotency-Key` header: a repeat returns the first
 * result, the same key with another request is 409 `idempotency.conflict`.
 * Times are epoch ms.
 */

const decimal = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
const minor = z.string().regex(/^-?[0-9]+$/);
const uuid = z.string().regex(/^[0-9a-f-]{36}$/);
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .optional();
const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const pageNo = optionalQuery(z.coerce.number().int().min(1).max(10_000));
const paymentPassword = z.string().min(PAYMENT_PASSWORD_MIN).max(PAYMENT_PASSWORD_MAX);

export const channelCode = z.enum(CASHIER_CHANNEL_CODES);
export const depositStatus = z.enum(DEPOSIT_STATUSES);
export const withdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export const withdrawalConfirmation = z.enum(WITHDRAWAL_CONFIRMATIONS);

const pagedList = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });

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

// ---------------------------------------------------------------- player routes

const TAG = 'cashier';

export const cashierRoutes = {
  depositChannels: defineRoute({
    ...endpoints.depositChannels,
    summary: 'Deposit channels of the member merchant',
    tag: TAG,
    value: depositChannelsValue,
  }),
  cashierUpload: defineRoute({
    ...endpoints.cashierUpload,
    summary: 'Upload a deposit receipt or withdrawal proof image (multipart `file`, PNG/JPEG ≤ 5 MB)',
    tag: TAG,
    value: cashierUploadValue,
  }),
  depositCreate: defineRoute({
    ...endpoints.depositCreate,
    summary: 'Create a deposit request (Idempotency-Key header)',
    tag: TAG,
    body: depositRequestBody,
    value: depositRow,
  }),
  depositList: defineRoute({
    ...endpoints.depositList,
    summary: 'The member deposit requests, newest first, 15 a page',
    tag: TAG,
    query: depositListQuery,
    value: depositListValue,
  }),
  withdrawInfo: defineRoute({
    ...endpoints.withdrawInfo,
    summary: 'Withdraw page data: payment password state, payout account, withdrawable, limits',
    tag: TAG,
    value: withdrawInfoValue,
  }),
  paymentPassword: defineRoute({
    ...endpoints.paymentPassword,
    summary: 'Set or change the payment password',
    tag: TAG,
    body: paymentPasswordBody,
    value: okValue,
  }),
  payoutAccountBind: defineRoute({
    ...endpoints.payoutAccountBind,
    summary: 'Bind or change the payout account (changing needs the payment password)',
    tag: TAG,
    body: payoutAccountBody,
    value: payoutAccountValue,
  }),
  withdrawCreate: defineRoute({
    ...endpoints.withdrawCreate,
    summary: 'Request a withdrawal with the payment password (Idempotency-Key header)',
    tag: TAG,
    body: withdrawBody,
    value: withdrawalRow,
  }),
  withdrawList: defineRoute({
    ...endpoints.withdrawList,
    summary: 'The member withdrawals with their timelines, newest first, 15 a page',
    tag: TAG,
    query: withdrawalListQuery,
    value: withdrawalListValue,
  }),
  withdrawDetail: defineRoute({
    ...endpoints.withdrawDetail,
    summary: 'One withdrawal with its tracker timeline',
    tag: TAG,
    query: withdrawalDetailQuery,
    value: withdrawalRow,
  }),
  withdrawConfirm: defineRoute({
    ...endpoints.withdrawConfirm,
    summary: 'Confirm a distributed withdrawal: received, or not received with a proof image',
    tag: TAG,
    body: withdrawalConfirmBody,
    value: withdrawalRow,
  }),
  withdrawConfirmAll: defineRoute({
    ...endpoints.withdrawConfirmAll,
    summary: 'All received: confirm every withdrawal waiting for confirmation',
    tag: TAG,
    value: withdrawalConfirmAllValue,
  }),
  uplineInfo: defineRoute({
    ...endpoints.uplineInfo,
    summary: 'The upline agent a transfer to upline goes to',
    tag: TAG,
    value: uplineValue,
  }),
  transferUpline: defineRoute({
    ...endpoints.transferUpline,
    summary: 'Transfer from the main wallet to the upline agent (Idempotency-Key header)',
    tag: TAG,
    body: transferUplineBody,
    value: transferUplineValue,
  }),
  personalProfit: defineRoute({
    ...endpoints.personalProfit,
    summary: 'Personal profit: deposits, withdrawals, bets, wins, bonuses over a range',
    tag: TAG,
    query: personalProfitQuery,
    value: personalProfitValue,
  }),
  gatewayWebhook: defineRoute({
    ...endpoints.gatewayWebhook,
    summary: 'Payment gateway notification (HMAC-SHA256 signed)',
    tag: TAG,
    query: gatewayWebhookQuery,
    body: gatewayWebhookBody,
    value: gatewayWebhookValue,
  }),
};

// ---------------------------------------------------------------- back office (finance)

const merchantCode = z.string().min(1).max(32);
const boPaging = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};
const boPaged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
const reason = z.string().trim().min(3).max(500);
const epochQuery = optionalQuery(z.coerce.number().int().min(0).max(TIME_MAX));

export const boDepositSearch = z.object({
  merchant: merchantCode.optional(),
  status: optionalQuery(depositStatus),
  memberId: optionalQuery(z.coerce.number().int().positive().max(ROW_ID_MAX)),
  /** Account name, exact. */
  username: optionalQuery(z.string().max(40)),
  channel: optionalQuery(channelCode),
  from: epochQuery,
  to: epochQuery,
  ...boPaging,
});
export const boDepositRow = depositRow.omit({ replayed: true, payUrl: true }).extend({
  merchant: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  receiptId: uuid.nullable(),
  gateway: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type BoDepositRow = z.infer<typeof boDepositRow>;

export const boWithdrawalSearch = z.object({
  merchant: merchantCode.optional(),
  status: optionalQuery(withdrawalStatus),
  confirmation: optionalQuery(withdrawalConfirmation),
  memberId: optionalQuery(z.coerce.number().int().positive().max(ROW_ID_MAX)),
  username: optionalQuery(z.string().max(40)),
  from: epochQuery,
  to: epochQuery,
  ...boPaging,
});
export const boWithdrawalRow = withdrawalRow.omit({ replayed: true }).extend({
  merchant: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  /** The full payout number (finance pays to it). */
  number: z.string(),
  proofId: uuid.nullable(),
});
export type BoWithdrawalRow = z.infer<typeof boWithdrawalRow>;

export const boDecisionBody = z.object({ id: uuid, reason: reason.optional() });
export const boRejectBody = z.object({ id: uuid, reason });

/** Withdrawal actions of finance: approve, reject (reason), issue (= payment distributed), force receipt or refund a `not_received`. */
export const boWithdrawalActionBody = z.discriminatedUnion('action', [
  z.object({ id: uuid, action: z.literal('approve'), reason: reason.optional() }),
  z.object({ id: uuid, action: z.literal('reject'), reason }),
  z.object({ id: uuid, action: z.literal('issue'), reason: reason.optional() }),
  z.object({ id: uuid, action: z.literal('force_receipt'), reason }),
  z.object({ id: uuid, action: z.literal('refund'), reason }),
]);
export type BoWithdrawalActionBody = z.infer<typeof boWithdrawalActionBody>;

export const boChannelRow = depositChannel.extend({
  merchant: z.string(),
  enabled: z.boolean(),
  gateway: z.string().nullable(),
});
export type BoChannelRow = z.infer<typeof boChannelRow>;

export const boChannelInput = z
  .object({
    /** Absent: create; present: update that channel. */
    id: z.number().int().positive().max(ROW_ID_MAX).optional(),
    merchant: merchantCode,
    code: channelCode,
    name: z.string().trim().min(1).max(40),
    kind: z.enum(['manual', 'gateway']),
    gateway: z
      .string()
      .regex(/^[a-z0-9_]{1,20}$/)
      .nullable()
      .default(null),
    accountName: z.string().trim().max(80).default(''),
    accountNumber: z.string().trim().max(80).default(''),
    bankDetails: z.string().trim().max(200).default(''),
    qrPayload: z.string().trim().max(500).nullable().default(null),
    instructions: z.string().trim().max(1000).default(''),
    min: moneyAmount,
    max: moneyAmount,
    sort: z.number().int().min(0).max(10_000).default(0),
    enabled: z.boolean(),
  })
  .refine((c) => c.min <= c.max, { message: 'range.invalid', path: ['max'] })
  .refine((c) => c.kind === 'manual' || c.gateway !== null, { message: 'required', path: ['gateway'] });
export type BoChannelInput = z.input<typeof boChannelInput>;

export const boCashierSettings = z.object({
  merchant: z.string(),
  withdrawMin: decimal,
  withdrawMinMinor: minor,
  withdrawMax: decimal,
  withdrawMaxMinor: minor,
  autoConfirmMinutes: z.number().int(),
});
export const boCashierSettingsInput = z
  .object({
    merchant: merchantCode,
    withdrawMin: moneyAmount,
    withdrawMax: moneyAmount,
    autoConfirmMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60),
  })
  .refine((s) => s.withdrawMin <= s.withdrawMax, { message: 'range.invalid', path: ['withdrawMax'] });

/**
 * Manual adjustment (Idempotency-Key header): `credit` moves house → member main, `debit` member
 * main → house. Reason mandatory; audited.
 */
export const boAdjustBody = z.object({
  memberId: z.number().int().positive().max(ROW_ID_MAX),
  direction: z.enum(['credit', 'debit']),
  amount: moneyAmount,
  reason,
  currency,
});
export const boAdjustValue = z.object({
  transactionId: z.string(),
  replayed: z.boolean(),
  balance: decimal,
  balanceMinor: minor,
});

export const boMemberLedgerQuery = z.object({
  memberId: z.coerce.number().int().positive().max(ROW_ID_MAX),
  from: epochQuery,
  to: epochQuery,
  kind: optionalQuery(z.string().regex(/^[a-z][a-z0-9_.]{0,39}$/)),
  ...boPaging,
});
export const boLedgerLine = z.object({
  entryId: z.string(),
  kind: z.string(),
  /** member_main, member_vendor, pending_withdrawal, agent_commission. */
  account: z.string(),
  vendorCode: z.string().nullable(),
  amount: decimal,
  amountMinor: minor,
  balanceAfter: decimal,
  balanceAfterMinor: minor,
  createdAt: z.number().int(),
  metadata: z.record(z.string(), z.unknown()),
});
export const boMemberLedgerValue = boPaged(boLedgerLine).extend({
  memberId: z.number().int(),
  username: z.string(),
  currency: z.string(),
  /** Balances of every account of the member, by account (`member_main`, `pending_withdrawal`, `vendor:<code>`...). */
  balances: z.array(z.object({ account: z.string(), balance: decimal, balanceMinor: minor })),
});

export const boUploadQuery = z.object({ id: uuid });

const bo = (summary: string) => ({ summary, tag: 'backoffice-cashier' });

// ---------------------------------------------------------------- risk: daily cashier limits

/** One set of daily limits (last 24 hours); null: no limit of that kind (or, for a member, the default). */
export const cashierLimitSet = z.object({
  depositAmount: decimal.nullable(),
  depositAmountMinor: minor.nullable(),
  withdrawAmount: decimal.nullable(),
  withdrawAmountMinor: minor.nullable(),
  withdrawCount: z.number().int().nullable(),
});
export type CashierLimitSet = z.infer<typeof cashierLimitSet>;

/** A member's limits: their own, the merchant defaults, what applies, and the last 24 hours' use. */
export const boMemberLimitsValue = z.object({
  memberId: z.number().int(),
  username: z.string(),
  merchant: z.string(),
  currency: z.string(),
  member: cashierLimitSet,
  defaults: cashierLimitSet,
  effective: cashierLimitSet,
  usage: z.object({
    deposited: decimal,
    depositedMinor: minor,
    withdrawn: decimal,
    withdrawnMinor: minor,
    withdrawals: z.number().int(),
  }),
  updatedAt: z.number().int().nullable(),
  updatedBy: z.string().nullable(),
});
export type BoMemberLimitsValue = z.infer<typeof boMemberLimitsValue>;

const limitInput = {
  /** Minor units as a JSON integer; null: none of its own (the member falls back to the default). */
  depositAmount: moneyAmount.nullable(),
  withdrawAmount: moneyAmount.nullable(),
  withdrawCount: z.number().int().min(1).max(1000).nullable(),
};
/** Risk or owner sets a member's own limits (audited, reason mandatory). */
export const boMemberLimitsBody = z.object({
  memberId: z.number().int().positive().max(ROW_ID_MAX),
  ...limitInput,
  reason,
});
export type BoMemberLimitsBody = z.input<typeof boMemberLimitsBody>;
export const boLimitDefaultsValue = z.object({
  merchant: z.string(),
  currency: z.string(),
  limits: cashierLimitSet,
});
export type BoLimitDefaultsValue = z.infer<typeof boLimitDefaultsValue>;
/** The merchant defaults (null: no limit). */
export const boLimitDefaultsBody = z.object({ merchant: merchantCode, ...limitInput, reason });
export type BoLimitDefaultsBody = z.input<typeof boLimitDefaultsBody>;

export const cashierBoRoutes = {
  boMemberLimits: defineRoute({
    ...endpoints.boMemberLimits,
    ...bo("A member's daily cashier limits, the merchant defaults and the last 24 hours' use"),
    query: z.object({ memberId: z.coerce.number().int().positive().max(ROW_ID_MAX) }),
    value: boMemberLimitsValue,
  }),
  boMemberLimitsSave: defineRoute({
    ...endpoints.boMemberLimitsSave,
    ...bo("Set a member's own daily cashier limits (null: the merchant default)"),
    body: boMemberLimitsBody,
    value: boMemberLimitsValue,
  }),
  boLimitDefaults: defineRoute({
    ...endpoints.boLimitDefaults,
    ...bo("A merchant's default daily cashier limits"),
    query: z.object({ merchant: merchantCode }),
    value: boLimitDefaultsValue,
  }),
  boLimitDefaultsSave: defineRoute({
    ...endpoints.boLimitDefaultsSave,
    ...bo("Set a merchant's default daily cashier limits (null: no limit)"),
    body: boLimitDefaultsBody,
    value: boLimitDefaultsValue,
  }),
  boDeposits: defineRoute({
    ...endpoints.boDeposits,
    ...bo('Deposit queue'),
    query: boDepositSearch,
    value: boPaged(boDepositRow),
  }),
  boDepositsCsv: defineRoute({
    ...endpoints.boDepositsCsv,
    ...bo('Deposit queue as CSV'),
    query: boDepositSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boDepositApprove: defineRoute({
    ...endpoints.boDepositApprove,
    ...bo('Approve a deposit: credits the wallet once'),
    body: boDecisionBody,
    value: boDepositRow,
  }),
  boDepositReject: defineRoute({
    ...endpoints.boDepositReject,
    ...bo('Reject a deposit with a reason'),
    body: boRejectBody,
    value: boDepositRow,
  }),
  boWithdrawals: defineRoute({
    ...endpoints.boWithdrawals,
    ...bo('Withdrawal queue'),
    query: boWithdrawalSearch,
    value: boPaged(boWithdrawalRow),
  }),
  boWithdrawalsCsv: defineRoute({
    ...endpoints.boWithdrawalsCsv,
    ...bo('Withdrawal queue as CSV'),
    query: boWithdrawalSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boWithdrawalAction: defineRoute({
    ...endpoints.boWithdrawalAction,
    ...bo('Approve, reject, issue (payment distributed), force receipt or refund a withdrawal'),
    body: boWithdrawalActionBody,
    value: boWithdrawalRow,
  }),
  boUpload: defineRoute({
    ...endpoints.boUpload,
    ...bo('A deposit receipt or withdrawal proof image (the bytes)'),
    query: boUploadQuery,
    value: z.unknown(),
  }),
  boChannels: defineRoute({
    ...endpoints.boChannels,
    ...bo('Deposit channels of a merchant (enabled and not)'),
    query: z.object({ merchant: merchantCode }),
    value: z.object({ items: z.array(boChannelRow) }),
  }),
  boChannelSave: defineRoute({
    ...endpoints.boChannelSave,
    ...bo('Create or update a deposit channel'),
    body: boChannelInput,
    value: boChannelRow,
  }),
  boChannelDelete: defineRoute({
    ...endpoints.boChannelDelete,
    ...bo('Delete a deposit channel never used by a deposit (else disable it)'),
    body: z.object({ id: z.number().int().positive().max(ROW_ID_MAX) }),
    value: okValue,
  }),
  boCashierSettings: defineRoute({
    ...endpoints.boCashierSettings,
    ...bo('Withdrawal limits and auto-confirm minutes of a merchant'),
    query: z.object({ merchant: merchantCode }),
    value: boCashierSettings,
  }),
  boCashierSettingsSave: defineRoute({
    ...endpoints.boCashierSettingsSave,
    ...bo('Change withdrawal limits and auto-confirm minutes'),
    body: boCashierSettingsInput,
    value: boCashierSettings,
  }),
  boAdjust: defineRoute({
    ...endpoints.boAdjust,
    ...bo('Manual adjustment between the house and a member main wallet (reason mandatory)'),
    body: boAdjustBody,
    value: boAdjustValue,
  }),
  boMemberLedger: defineRoute({
    ...endpoints.boMemberLedger,
    ...bo('A member ledger lines and balances'),
    query: boMemberLedgerQuery,
    value: boMemberLedgerValue,
  }),
};
