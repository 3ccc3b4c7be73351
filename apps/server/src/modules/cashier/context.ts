import { createHash } from 'node:crypto';
import { isTrialType } from '@khela/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isRetryable } from '../../shared/db';
import type { PasswordHasher } from '../../shared/passwords';
import type { AuthMember } from '../identity';
import { vipWithdrawLimitOf } from '../loyalty';
import type { DepositGuard } from '../protection';
import type { SiteService } from '../site';
import { formatMinor, type WalletService } from '../wallet';
import { createCashierForeignQueries } from './foreign-tables';
import type { PaymentGateway } from './gateway';

/** Withdrawal limits and the auto-confirm window when the operator has not set them (minor units). */
export const DEFAULT_CASHIER_SETTINGS: Record<
  string,
  { min: bigint; max: bigint; autoConfirmMinutes: number }
> = {
  BDT: { min: 50_000n, max: 2_500_000n, autoConfirmMinutes: 30 },
  INR: { min: 10_000n, max: 5_000_000n, autoConfirmMinutes: 30 },
};
const FALLBACK_SETTINGS = { min: 10_000n, max: 5_000_000n, autoConfirmMinutes: 30 };

const TX_ATTEMPTS = 8;

export const sha256 = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value), 'utf8').digest('hex');

export const fieldError = (field: string, key: string) =>
  new AppError('validation.failed', { value: { fields: { [field]: key } } });

/** "*******1234": everything but the last four characters hidden. */
export const maskNumber = (number: string) =>
  number.length <= 4 ? number : `${'*'.repeat(number.length - 4)}${number.slice(-4)}`;

export type StaffRef = { id: number; username: string };
export type CashierDeps = {
  db: Kysely<DB>;
  site: Pick<SiteService, 'findMerchant'>;
  wallet: WalletService;
  hasher: PasswordHasher;
  gateways?: PaymentGateway[];
  now?: (() => Date) | undefined;
  /** Player protection: a deposit checked and counted in the transaction that records it (docs/decisions/030). */
  protection?: DepositGuard | undefined;
  /** Promotions (ADR 036): an active bonus is forfeited, or the withdrawal refused, in its transaction. */
  beforeWithdrawal?:
    | ((trx: Transaction<DB>, memberId: number, amount: bigint, merchantCode: string) => Promise<void>)
    | undefined;
};

/**
 * What every use case of the cashier service (deposits, payment password, withdrawals, upline)
 * is built from: the deps, and the helpers they share (transactions, merchant, settings, daily
 * limits, balances, uploads, the member's cashier row), made once per service.
 */
export const createCashierContext = ({
  db,
  site,
  wallet,
  hasher,
  gateways = [],
  now = () => new Date(),
  protection,
  beforeWithdrawal,
}: CashierDeps) => {
  const gatewayByCode = new Map(gateways.map((g) => [g.code, g]));

  const merchantOf = (code: string) => {
    const merchant = site.findMerchant(code);
    if (!merchant) throw new Error(`unknown merchant ${code}`);
    return merchant;
  };

  /** One transaction, run again on serialization failures and deadlocks (bounded). */
  const tx = async <T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(fn);
      } catch (error) {
        if (!isRetryable(error) || attempt >= TX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2 ** attempt));
      }
    }
  };

  const assertReal = (member: AuthMember) => {
    if (isTrialType(member.type)) throw new AppError('in_need_true_account');
  };

  const assertCurrency = (merchantCode: string, currency: string | undefined) => {
    if (currency !== undefined && currency !== merchantOf(merchantCode).currency)
      throw fieldError('currency', 'wallet.currency.mismatch');
  };

  // ------------------------------------------------------------ settings

  const settingsOf = async (merchantCode: string, within: Kysely<DB> | Transaction<DB> = db) => {
    const row = await within
      .selectFrom('cashier_setting')
      .selectAll()
      .where('merchant_code', '=', merchantCode)
      .executeTakeFirst();
    if (row)
      return {
        min: BigInt(row.withdraw_min),
        max: BigInt(row.withdraw_max),
        autoConfirmMinutes: row.auto_confirm_minutes,
      };
    return DEFAULT_CASHIER_SETTINGS[merchantOf(merchantCode).currency] ?? FALLBACK_SETTINGS;
  };

  // ------------------------------------------------------------ daily limits (risk)

  /**
   * The member's cashier limits (risk, issue 4 "limits"): the member's own where set, else the
   * merchant default, else none. "Daily" is the last 24 hours.
   */
  const limitsOf = async (
    member: { id: number; merchantCode: string },
    within: Kysely<DB> | Transaction<DB> = db,
  ) => {
    const [own, defaults] = await Promise.all([
      within
        .selectFrom('cashier_member_limit')
        .selectAll()
        .where('member_id', '=', member.id)
        .executeTakeFirst(),
      within
        .selectFrom('cashier_setting')
        .select(['daily_deposit_max', 'daily_withdraw_max', 'daily_withdraw_count'])
        .where('merchant_code', '=', member.merchantCode)
        .executeTakeFirst(),
    ]);
    const big = (v: string | null | undefined) => (v === null || v === undefined ? null : BigInt(v));
    const merchantDefaults = {
      depositAmount: big(defaults?.daily_deposit_max),
      withdrawAmount: big(defaults?.daily_withdraw_max),
      withdrawCount: defaults?.daily_withdraw_count ?? null,
    };
    const memberLimits = {
      depositAmount: big(own?.daily_deposit_max),
      withdrawAmount: big(own?.daily_withdraw_max),
      withdrawCount: own?.daily_withdraw_count ?? null,
    };
    return {
      member: memberLimits,
      defaults: merchantDefaults,
      effective: {
        depositAmount: memberLimits.depositAmount ?? merchantDefaults.depositAmount,
        withdrawAmount: memberLimits.withdrawAmount ?? merchantDefaults.withdrawAmount,
        withdrawCount: memberLimits.withdrawCount ?? merchantDefaults.withdrawCount,
      },
      updatedAt: own?.updated_at ?? null,
      updatedBy: own?.updated_by ?? null,
    };
  };

  /** What the member asked for in the last 24 hours: deposits (not rejected), withdrawals (not rejected). */
  const usageOf = async (memberId: number, within: Kysely<DB> | Transaction<DB> = db) => {
    const since = new Date(now().getTime() - 24 * 60 * 60 * 1000);
    const [d, w] = await Promise.all([
      within
        .selectFrom('cashier_deposit')
        .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
        .where('member_id', '=', memberId)
        .where('status', '<>', 'rejected')
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow(),
      within
        .selectFrom('cashier_withdrawal')
        .select([
          sql<string>`coalesce(sum(amount), 0)::text`.as('total'),
          sql<string>`count(*)::text`.as('n'),
        ])
        .where('member_id', '=', memberId)
        .where('status', '<>', 'rejected')
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow(),
    ]);
    return { deposited: BigInt(d.total), withdrawn: BigInt(w.total), withdrawals: Number(w.n) };
  };

  /** 409 `cashier.limit.*` when this request would pass a daily limit (call under the member's lock). */
  const assertDailyLimits = async (
    trx: Transaction<DB>,
    member: { id: number; merchantCode: string },
    request: { deposit?: bigint; withdrawal?: bigint },
  ) => {
    const { effective } = await limitsOf(member, trx);
    if (
      effective.depositAmount === null &&
      effective.withdrawAmount === null &&
      effective.withdrawCount === null
    )
      return;
    const used = await usageOf(member.id, trx);
    const refuse = (
      code: 'cashier.limit.deposit' | 'cashier.limit.withdraw',
      limit: bigint,
      usedAmount: bigint,
    ) => {
      const left = limit > usedAmount ? limit - usedAmount : 0n;
      return new AppError(code, {
        value: {
          limit: formatMinor(limit),
          limitMinor: limit.toString(),
          remaining: formatMinor(left),
          remainingMinor: left.toString(),
        },
      });
    };
    if (
      request.deposit !== undefined &&
      effective.depositAmount !== null &&
      used.deposited + request.deposit > effective.depositAmount
    )
      throw refuse('cashier.limit.deposit', effective.depositAmount, used.deposited);
    if (request.withdrawal !== undefined) {
      if (effective.withdrawCount !== null && used.withdrawals + 1 > effective.withdrawCount)
        throw new AppError('cashier.limit.withdraw.count', { value: { limit: effective.withdrawCount } });
      if (effective.withdrawAmount !== null && used.withdrawn + request.withdrawal > effective.withdrawAmount)
        throw refuse('cashier.limit.withdraw', effective.withdrawAmount, used.withdrawn);
    }
  };

  /**
   * 409 `cashier.limit.vip` when this withdrawal would take the member's requests (not rejected)
   * of the last 24 hours over the VIP tier's withdrawal limit (loyalty's rule; ADR 056). Called
   * under the member's lock in the withdrawal's transaction, so two requests cannot both pass.
   */
  const assertVipWithdrawLimit = async (
    trx: Transaction<DB>,
    member: { id: number; merchantCode: string },
    amount: bigint,
  ) => {
    const vip = await vipWithdrawLimitOf(trx, member, now());
    if (!vip) return;
    const { withdrawn } = await usageOf(member.id, trx);
    if (withdrawn + amount <= vip.limitMinor) return;
    const left = vip.limitMinor > withdrawn ? vip.limitMinor - withdrawn : 0n;
    throw new AppError('cashier.limit.vip', {
      value: {
        level: vip.level,
        limit: formatMinor(vip.limitMinor),
        limitMinor: vip.limitMinor.toString(),
        remaining: formatMinor(left),
        remainingMinor: left.toString(),
      },
    });
  };

  // ------------------------------------------------------------ balances

  const mainAccount = (member: { id: number; merchantCode: string }, within?: Transaction<DB>) => {
    const merchant = merchantOf(member.merchantCode);
    return wallet.accountOf(
      { merchantCode: merchant.code, currency: merchant.currency, kind: 'member_main', memberId: member.id },
      within,
    );
  };

  // Balances and the reads that join other modules' tables (foreign-tables.ts).
  const {
    withdrawableOf,
    lockAccounts,
    depositQuery,
    readWithdrawal,
    uplineOf,
    uplineTransferPosted,
    profitRows,
  } = createCashierForeignQueries({ db, merchantOf, mainAccount });

  // ------------------------------------------------------------ uploads

  const assertOwnUpload = async (memberId: number, id: string | undefined, field: string) => {
    if (id === undefined) return null;
    const row = await db
      .selectFrom('cashier_upload')
      .select('id')
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!row) throw fieldError(field, 'upload.unknown');
    return row.id;
  };

  // ------------------------------------------------------------ the member's cashier row

  const cashierMember = (memberId: number, within: Kysely<DB> | Transaction<DB> = db) =>
    within.selectFrom('cashier_member').selectAll().where('member_id', '=', memberId).executeTakeFirst();

  const ensureCashierMember = async (memberId: number, within: Kysely<DB> | Transaction<DB> = db) => {
    await within
      .insertInto('cashier_member')
      .values({
        member_id: memberId,
        pay_password_hash: null,
        pay_password_set_at: null,
        pay_locked_until: null,
        payee_name: null,
        payout_channel: null,
        payout_number: null,
        payout_updated_at: null,
      })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
  };

  return {
    db,
    wallet,
    hasher,
    now,
    protection,
    beforeWithdrawal,
    gatewayByCode,
    merchantOf,
    tx,
    assertReal,
    assertCurrency,
    settingsOf,
    limitsOf,
    usageOf,
    assertDailyLimits,
    assertVipWithdrawLimit,
    mainAccount,
    withdrawableOf,
    lockAccounts,
    depositQuery,
    readWithdrawal,
    uplineOf,
    uplineTransferPosted,
    profitRows,
    assertOwnUpload,
    cashierMember,
    ensureCashierMember,
  };
};

export type CashierContext = ReturnType<typeof createCashierContext>;
