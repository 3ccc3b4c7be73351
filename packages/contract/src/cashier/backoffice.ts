import { z } from 'zod';
import { ROW_ID_MAX, TIME_MAX } from '../core/bounds';
import { paged as boPaged, merchantCode } from '../core/lists';
import { defineRoute } from '../core/route';
import { moneyAmount } from '../wallet/schemas';
import { cashierEndpoints } from './endpoints';
import { currency, decimal, minor, optionalQuery, uuid } from './fields';
import {
  channelCode,
  depositChannel,
  depositRow,
  depositStatus,
  okValue,
  withdrawalConfirmation,
  withdrawalRow,
  withdrawalStatus,
} from './schemas';

/** The back office's finance screens (deposits, withdrawals, channels, settings, adjustments, ledger) and risk limits. */

const boPaging = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};
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

/** A channel's name and instructions in one site language other than the merchant's default. */
const channelText = z.object({
  name: z.string().trim().max(40).default(''),
  instructions: z.string().trim().max(1000).default(''),
});
/** Per language (bn, en, hi): the texts of the languages other than the default; empty falls back. */
export const channelTexts = z.partialRecord(z.enum(['bn', 'en', 'hi']), channelText);

export const boChannelRow = depositChannel.extend({
  merchant: z.string(),
  enabled: z.boolean(),
  gateway: z.string().nullable(),
  /** The languages written; a text left empty is absent. */
  texts: z.partialRecord(
    z.enum(['bn', 'en', 'hi']),
    z.object({ name: z.string().optional(), instructions: z.string().optional() }),
  ),
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
    texts: channelTexts.default({}),
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
    ...cashierEndpoints.boMemberLimits,
    ...bo("A member's daily cashier limits, the merchant defaults and the last 24 hours' use"),
    query: z.object({ memberId: z.coerce.number().int().positive().max(ROW_ID_MAX) }),
    value: boMemberLimitsValue,
  }),
  boMemberLimitsSave: defineRoute({
    ...cashierEndpoints.boMemberLimitsSave,
    ...bo("Set a member's own daily cashier limits (null: the merchant default)"),
    body: boMemberLimitsBody,
    value: boMemberLimitsValue,
  }),
  boLimitDefaults: defineRoute({
    ...cashierEndpoints.boLimitDefaults,
    ...bo("A merchant's default daily cashier limits"),
    query: z.object({ merchant: merchantCode }),
    value: boLimitDefaultsValue,
  }),
  boLimitDefaultsSave: defineRoute({
    ...cashierEndpoints.boLimitDefaultsSave,
    ...bo("Set a merchant's default daily cashier limits (null: no limit)"),
    body: boLimitDefaultsBody,
    value: boLimitDefaultsValue,
  }),
  boDeposits: defineRoute({
    ...cashierEndpoints.boDeposits,
    ...bo('Deposit queue'),
    query: boDepositSearch,
    value: boPaged(boDepositRow),
  }),
  boDepositsCsv: defineRoute({
    ...cashierEndpoints.boDepositsCsv,
    ...bo('Deposit queue as CSV'),
    query: boDepositSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boDepositApprove: defineRoute({
    ...cashierEndpoints.boDepositApprove,
    ...bo('Approve a deposit: credits the wallet once'),
    body: boDecisionBody,
    value: boDepositRow,
  }),
  boDepositReject: defineRoute({
    ...cashierEndpoints.boDepositReject,
    ...bo('Reject a deposit with a reason'),
    body: boRejectBody,
    value: boDepositRow,
  }),
  boWithdrawals: defineRoute({
    ...cashierEndpoints.boWithdrawals,
    ...bo('Withdrawal queue'),
    query: boWithdrawalSearch,
    value: boPaged(boWithdrawalRow),
  }),
  boWithdrawalsCsv: defineRoute({
    ...cashierEndpoints.boWithdrawalsCsv,
    ...bo('Withdrawal queue as CSV'),
    query: boWithdrawalSearch.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boWithdrawalAction: defineRoute({
    ...cashierEndpoints.boWithdrawalAction,
    ...bo('Approve, reject, issue (payment distributed), force receipt or refund a withdrawal'),
    body: boWithdrawalActionBody,
    value: boWithdrawalRow,
  }),
  boUpload: defineRoute({
    ...cashierEndpoints.boUpload,
    ...bo('A deposit receipt or withdrawal proof image (the bytes)'),
    query: boUploadQuery,
    value: z.unknown(),
  }),
  boChannels: defineRoute({
    ...cashierEndpoints.boChannels,
    ...bo('Deposit channels of a merchant (enabled and not)'),
    query: z.object({ merchant: merchantCode }),
    value: z.object({ items: z.array(boChannelRow) }),
  }),
  boChannelSave: defineRoute({
    ...cashierEndpoints.boChannelSave,
    ...bo('Create or update a deposit channel'),
    body: boChannelInput,
    value: boChannelRow,
  }),
  boChannelDelete: defineRoute({
    ...cashierEndpoints.boChannelDelete,
    ...bo('Delete a deposit channel never used by a deposit (else disable it)'),
    body: z.object({ id: z.number().int().positive().max(ROW_ID_MAX) }),
    value: okValue,
  }),
  boCashierSettings: defineRoute({
    ...cashierEndpoints.boCashierSettings,
    ...bo('Withdrawal limits and auto-confirm minutes of a merchant'),
    query: z.object({ merchant: merchantCode }),
    value: boCashierSettings,
  }),
  boCashierSettingsSave: defineRoute({
    ...cashierEndpoints.boCashierSettingsSave,
    ...bo('Change withdrawal limits and auto-confirm minutes'),
    body: boCashierSettingsInput,
    value: boCashierSettings,
  }),
  boAdjust: defineRoute({
    ...cashierEndpoints.boAdjust,
    ...bo('Manual adjustment between the house and a member main wallet (reason mandatory)'),
    body: boAdjustBody,
    value: boAdjustValue,
  }),
  boMemberLedger: defineRoute({
    ...cashierEndpoints.boMemberLedger,
    ...bo('A member ledger lines and balances'),
    query: boMemberLedgerQuery,
    value: boMemberLedgerValue,
  }),
};
