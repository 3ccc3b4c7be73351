import { z } from 'zod';
import { ROW_ID_MAX, TIME_MAX } from '../core/bounds';
import { MAX_MINOR } from './constants';

/**
 * Money on the wire (docs/decisions/007-ledger.md):
 * - Money-moving requests carry amounts in integer minor units (paisa) as a JSON integer,
 *   1 ..= 2^53 - 1 (`moneyAmount`). Strings, floats, zero, negatives and larger values are
 *   refused (400).
 * - Answers carry every amount twice: `<name>` as a decimal string of the major unit with two
 *   decimals (`"1234.50"`, what the platform's client shows) and `<name>Minor` as a string of
 *   minor units (`"123450"`, what a client computes with). Never a JSON float.
 */

/**
 * A positive amount in minor units as a JSON integer, 1 ..= 2^53 - 1; becomes a bigint. Every
 * money-moving request (cashier, wallet transfer, finance) takes this one: a JSON string (even
 * `"12345"`), a float, zero, a negative or a larger number is refused (400), as issue 6 asks.
 */
export const moneyAmount = z
  .number({ error: 'amount.minor.units' })
  .int('amount.minor.units')
  .positive('amount.minor.units')
  .max(MAX_MINOR, 'amount.too.large')
  .transform((v) => BigInt(v));

/** A positive amount in minor units: `"12345"` or `12345`; becomes a bigint (game requests). */
export const minorAmount = z
  .union([
    z.string().regex(/^[1-9][0-9]{0,15}$/, 'amount.minor.units'),
    z.number().int('amount.minor.units').positive('amount.minor.units').max(MAX_MINOR, 'amount.too.large'),
  ])
  .transform((v) => BigInt(v))
  .refine((v) => v <= BigInt(MAX_MINOR), 'amount.too.large');

const decimal = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
const minor = z.string().regex(/^-?[0-9]+$/);

export const walletBalanceQuery = z.object({
  /** 0 or absent: every wallet; otherwise only that accountTypeId. */
  typeId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(ROW_ID_MAX).optional(),
  ),
});

export const walletBalanceItem = z.object({
  accountTypeId: z.number().int(),
  /** `MAIN` or the vendor code. */
  accountTypeName: z.string(),
  availBalance: decimal,
  availBalanceMinor: minor,
});
export type WalletBalanceItem = z.infer<typeof walletBalanceItem>;

export const walletBalanceValue = z.object({
  /** Main wallet plus every vendor wallet. */
  sumBalance: decimal,
  sumBalanceMinor: minor,
  balance: z.array(walletBalanceItem),
  currency: z.string().length(3),
  currencySymbol: z.string(),
});
export type WalletBalanceValue = z.infer<typeof walletBalanceValue>;

export const merchantWalletValue = z.object({
  /**
   * One wallet only (games play on the main wallet, no transfers): true when the merchant has the
   * FUNDTRANS3 module off.
   */
  isSingle: z.boolean(),
});
export type MerchantWalletValue = z.infer<typeof merchantWalletValue>;

/**
 * POST /wps/relay/GCS_walletTransfer, with the `Idempotency-Key` header (required): between the
 * main wallet (accountTypeId 2) and one vendor wallet, either way.
 */
export const walletTransferBody = z.object({
  fromAccountTypeId: z.number().int().min(0).max(ROW_ID_MAX),
  toAccountTypeId: z.number().int().min(0).max(ROW_ID_MAX),
  amount: moneyAmount,
  /** Optional: when sent it must be the merchant's currency. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export type WalletTransferBody = z.input<typeof walletTransferBody>;

export const walletTransferValue = z.object({
  /** The journal entry id: the same for a repeat of the same key. */
  transactionId: z.string(),
  /** True when this answer repeats the first result of the key (nothing new moved). */
  replayed: z.boolean(),
  fromAccountTypeId: z.number().int(),
  toAccountTypeId: z.number().int(),
  amount: decimal,
  amountMinor: minor,
  /** Balances of both wallets right after this transfer. */
  fromBalance: decimal,
  fromBalanceMinor: minor,
  toBalance: decimal,
  toBalanceMinor: minor,
  /** Epoch ms. */
  createdAt: z.number().int(),
});
export type WalletTransferValue = z.infer<typeof walletTransferValue>;

export const walletAutoTransferValue = z.object({ autoTransfer: z.boolean() });
export type WalletAutoTransferValue = z.infer<typeof walletAutoTransferValue>;
export const walletAutoTransferBody = z.object({ autoTransfer: z.boolean() });

/** POST /wps/wallet/collect-all: what came back, and the main wallet's balance after. */
export const walletCollectAllValue = z.object({
  collectedMinor: minor,
  /** How many vendor wallets gave money back. */
  wallets: z.number().int(),
  mainBalanceMinor: minor,
});
export type WalletCollectAllValue = z.infer<typeof walletCollectAllValue>;

/** Longest range of one account-record query: 31 days (the client pages by 7 or 30 days). */
export const MEMBER_TRANSACTIONS_MAX_RANGE_MS = 31 * 24 * 60 * 60 * 1000;

const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * GET /wps/relay/ODSFE2_MemTransDet (account record): the member's ledger lines, newest first,
 * 15 a page. `startTime`/`endTime` are epoch ms (the client turns its local YYYY.MM.DD days into
 * them); default the last 7 days, at most 31 days. `type` is an entry kind (`transfer`,
 * `demo.credit`, `deposit`, `withdrawal`, ...) or a family of kinds (`withdrawal` also matches
 * `withdrawal.hold`, `withdrawal.payout`...; `game` every game entry); absent or empty for all.
 */
export const memberTransactionsQuery = z
  .object({
    pageNo: optionalQuery(z.coerce.number().int().min(1).max(10_000)),
    type: optionalQuery(z.string().regex(/^[a-z][a-z0-9_.]{0,39}$/)),
    startTime: optionalQuery(z.coerce.number().int().min(0).max(TIME_MAX)),
    endTime: optionalQuery(z.coerce.number().int().min(0).max(TIME_MAX)),
  })
  .refine((q) => q.startTime === undefined || q.endTime === undefined || q.startTime <= q.endTime, {
    message: 'range.invalid',
    path: ['endTime'],
  })
  .refine(
    (q) =>
      q.startTime === undefined ||
      q.endTime === undefined ||
      q.endTime - q.startTime <= MEMBER_TRANSACTIONS_MAX_RANGE_MS,
    { message: 'range.too.long', path: ['endTime'] },
  );

export const memberTransaction = z.object({
  /** The journal entry id. */
  id: z.string(),
  /** The entry kind. */
  type: z.string(),
  accountTypeId: z.number().int(),
  /** `MAIN`, the vendor code, or `PENDING_WITHDRAWAL` / `COMMISSION`. */
  accountTypeName: z.string(),
  /** Signed: money in is positive, money out negative. */
  amount: decimal,
  amountMinor: minor,
  balanceAfter: decimal,
  balanceAfterMinor: minor,
  /** Epoch ms. */
  createdAt: z.number().int(),
});
export type MemberTransaction = z.infer<typeof memberTransaction>;

export const memberTransactionsValue = z.object({
  list: z.array(memberTransaction),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
});
export type MemberTransactionsValue = z.infer<typeof memberTransactionsValue>;
