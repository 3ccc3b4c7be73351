import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CASHIER_PAGE_SIZE,
  type CashierChannelCode,
  type DepositChannelsValue,
  type DepositRow,
  isTrialType,
  PAYMENT_PASSWORD_LOCK_AFTER,
  PAYMENT_PASSWORD_LOCK_MS,
  PAYOUT_CHANNELS_BY_CURRENCY,
  type PersonalProfitValue,
  type TransferUplineValue,
  type WithdrawalRow,
  type WithdrawInfoValue,
} from '@khela/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isRetryable, isUniqueViolation } from '../../shared/db';
import { sniffPngJpeg } from '../../shared/images';
import type { PasswordHasher } from '../../shared/passwords';
import type { AuthMember } from '../identity';
import type { DepositGuard } from '../protection';
import type { SiteService } from '../site';
import { formatMinor, type WalletService } from '../wallet';
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

/** Entry kinds whose credits to the main wallet are not withdrawable (play money, bonuses). */
export const NON_WITHDRAWABLE_KINDS = ['demo.credit'] as const;
export const NON_WITHDRAWABLE_PREFIX = 'bonus';

const TX_ATTEMPTS = 8;
/** How long a payment-password try past the threshold waits for the tries being checked (ADR 029). */
const PAYMENT_PASSWORD_BURST_WAIT_MS = 5_000;
const PAYMENT_PASSWORD_BURST_POLL_MS = 20;

export const sha256 = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value), 'utf8').digest('hex');

const fieldError = (field: string, key: string) =>
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
};

/**
 * The member side of the cashier: deposits, payment password, payout account, withdrawals with
 * the confirmation flow, transfer to upline, personal profit. Every money movement is one ledger
 * entry posted in the same transaction as the row that explains it; the balance push goes out
 * after the commit.
 */
export const createCashierService = ({
  db,
  site,
  wallet,
  hasher,
  gateways = [],
  now = () => new Date(),
  protection,
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

  // ------------------------------------------------------------ balances

  const mainAccount = (member: { id: number; merchantCode: string }, within?: Transaction<DB>) => {
    const merchant = merchantOf(member.merchantCode);
    return wallet.accountOf(
      { merchantCode: merchant.code, currency: merchant.currency, kind: 'member_main', memberId: member.id },
      within,
    );
  };

  /**
   * Main balance and what of it may be withdrawn. Play money and bonuses (`demo.credit`,
   * `bonus.*` credits) are locked and spent last: a debit takes unlocked money first and eats into
   * the locked part only when nothing else is left. Walking the member's wallets (main and vendor
   * wallets together, so moving money to a vendor wallet and back does not unlock it) entry by
   * entry in the order they changed (`journal_line.seq`):
   *
   *   locked_t = min(locked_(t-1) + lockedCredit_t, pool_t)
   *
   * which unrolls to `locked = C + min(0, min_k(pool_k - C_k))`, with `C_k` the locked credits up
   * to entry k and `pool_k` the wallets' total after it. Withdrawable = min(main, pool - locked).
   * So 10,000 of demo credit lost in bets and then a deposit of 500 leaves 500 withdrawable.
   * Callers that act on the answer read it inside their transaction after locking the main
   * account row (`lockAccounts`).
   */
  const withdrawableOf = async (
    member: { id: number; merchantCode: string },
    within: Kysely<DB> | Transaction<DB> = db,
  ) => {
    const merchant = merchantOf(member.merchantCode);
    const mainId = await mainAccount(member, within.isTransaction ? (within as Transaction<DB>) : undefined);
    const account = await within
      .selectFrom('ledger_account')
      .select('balance')
      .where('id', '=', mainId)
      .executeTakeFirst();
    const balance = BigInt(account?.balance ?? '0');
    const lockedKind = sql`(e.kind IN (${sql.join([...NON_WITHDRAWABLE_KINDS])}) OR e.kind LIKE ${`${NON_WITHDRAWABLE_PREFIX}%`})`;
    const row = await sql<{ pool: string; credits: string; low: string }>`
      WITH pool AS (
        SELECT id FROM ledger_account
        WHERE member_id = ${member.id} AND currency = ${merchant.currency}
          AND kind IN ('member_main', 'member_vendor')
      ), per_entry AS (
        SELECT min(l.seq) AS seq, sum(l.amount) AS delta,
               sum(CASE WHEN ${lockedKind} AND l.amount > 0 THEN l.amount ELSE 0 END) AS locked
        FROM journal_line l JOIN journal_entry e ON e.id = l.entry_id
        WHERE l.account_id IN (SELECT id FROM pool)
        GROUP BY l.entry_id
      ), running AS (
        SELECT sum(delta) OVER w AS pool, sum(locked) OVER w AS credits
        FROM per_entry WINDOW w AS (ORDER BY seq ROWS UNBOUNDED PRECEDING)
      )
      SELECT coalesce((SELECT sum(delta) FROM per_entry), 0)::text AS pool,
             coalesce(max(credits), 0)::text AS credits,
             least(0, coalesce(min(pool - credits), 0))::text AS low
      FROM running`.execute(within);
    const r = row.rows[0];
    const pool = BigInt(r?.pool ?? '0');
    const locked = BigInt(r?.credits ?? '0') + BigInt(r?.low ?? '0');
    const free = pool - locked;
    const withdrawable = free <= 0n ? 0n : free < balance ? free : balance;
    return { balance, withdrawable, locked };
  };

  /** Row locks on ledger accounts, in id order (the ledger's own order), inside `trx`. */
  const lockAccounts = (trx: Transaction<DB>, ids: string[]) =>
    trx
      .selectFrom('ledger_account')
      .select('id')
      .where('id', 'in', [...ids].sort())
      .orderBy('id')
      .forUpdate()
      .execute();

  // ------------------------------------------------------------ uploads

  const upload = async (member: AuthMember, bytes: Uint8Array) => {
    assertReal(member);
    if (bytes.length === 0 || bytes.length > 5 * 1024 * 1024) throw fieldError('file', 'size');
    const mime = sniffPngJpeg(bytes);
    if (!mime) throw fieldError('file', 'type');
    const id = randomUUID();
    await db
      .insertInto('cashier_upload')
      .values({
        id,
        member_id: member.id,
        mime,
        bytes,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        created_at: now(),
      })
      .execute();
    return { id, mime, size: bytes.length };
  };

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

  // ------------------------------------------------------------ deposits

  const channelRow = (c: Awaited<ReturnType<typeof readChannels>>[number]) => ({
    id: c.id,
    code: c.code as CashierChannelCode,
    name: c.name,
    kind: c.kind,
    accountName: c.account_name,
    accountNumber: c.account_number,
    bankDetails: c.bank_details,
    qrPayload: c.qr_payload,
    instructions: c.instructions,
    min: formatMinor(BigInt(c.min_amount)),
    minMinor: String(c.min_amount),
    max: formatMinor(BigInt(c.max_amount)),
    maxMinor: String(c.max_amount),
    sort: c.sort,
  });
  const readChannels = (merchantCode: string, onlyEnabled: boolean) => {
    let q = db.selectFrom('cashier_channel').selectAll().where('merchant_code', '=', merchantCode);
    if (onlyEnabled) q = q.where('enabled', '=', true);
    return q.orderBy('sort').orderBy('id').execute();
  };

  /**
   * The member's deposit channels, their name and instructions in `language` where the operator
   * wrote them, else in the merchant's default language (the row's own texts).
   */
  const channels = async (member: AuthMember, language?: string): Promise<DepositChannelsValue> => {
    const merchant = merchantOf(member.merchantCode);
    const rows = await readChannels(merchant.code, true);
    return {
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      channels: rows.map((c) => {
        const row = channelRow(c);
        const text = language ? c.texts[language] : undefined;
        return { ...row, name: text?.name || row.name, instructions: text?.instructions || row.instructions };
      }),
    };
  };

  const depositView = (
    d: {
      id: string;
      channel_id: number;
      amount: string;
      currency: string;
      reference: string;
      receipt_id: string | null;
      status: 'pending' | 'approved' | 'rejected';
      reason: string | null;
      gateway: string | null;
      created_at: Date;
      decided_at: Date | null;
    },
    channel: { code: string; name: string },
  ): DepositRow => ({
    id: d.id,
    channelId: d.channel_id,
    channelCode: channel.code as CashierChannelCode,
    channelName: channel.name,
    amount: formatMinor(BigInt(d.amount)),
    amountMinor: String(d.amount),
    currency: d.currency,
    reference: d.reference,
    hasReceipt: d.receipt_id !== null,
    status: d.status,
    reason: d.reason,
    payUrl:
      d.gateway && d.status === 'pending'
        ? (gatewayByCode.get(d.gateway)?.payUrl(d.id, BigInt(d.amount)) ?? null)
        : null,
    createdAt: d.created_at.getTime(),
    decidedAt: d.decided_at?.getTime() ?? null,
  });

  const depositQuery = (within: Kysely<DB> | Transaction<DB> = db) =>
    within
      .selectFrom('cashier_deposit as d')
      .innerJoin('cashier_channel as c', 'c.id', 'd.channel_id')
      .innerJoin('member as m', 'm.id', 'd.member_id')
      .selectAll('d')
      .select(['c.code as channel_code', 'c.name as channel_name', 'm.username']);

  const createDeposit = async (
    member: AuthMember,
    input: {
      channelId: number;
      amount: bigint;
      reference?: string | undefined;
      receiptId?: string | undefined;
      currency?: string | undefined;
    },
    clientKey: string,
  ): Promise<DepositRow> => {
    assertReal(member);
    assertCurrency(member.merchantCode, input.currency);
    const merchant = merchantOf(member.merchantCode);
    const channel = await db
      .selectFrom('cashier_channel')
      .selectAll()
      .where('id', '=', input.channelId)
      .where('merchant_code', '=', merchant.code)
      .where('enabled', '=', true)
      .executeTakeFirst();
    if (!channel) throw new AppError('cashier.channel.unavailable');
    const min = BigInt(channel.min_amount);
    const max = BigInt(channel.max_amount);
    if (input.amount < min || input.amount > max)
      throw new AppError('cashier.amount.range', { value: { min: formatMinor(min), max: formatMinor(max) } });
    const receiptId = await assertOwnUpload(member.id, input.receiptId, 'receiptId');
    const id = randomUUID();
    const isGateway = channel.kind === 'gateway';
    if (!isGateway && input.reference === undefined) throw fieldError('reference', 'required');
    // A gateway deposit is identified by its order id until the provider's reference arrives.
    const reference = isGateway ? `ORDER-${id}` : (input.reference ?? '').toUpperCase();
    const hash = sha256({
      c: input.channelId,
      a: input.amount.toString(),
      r: isGateway ? null : reference,
      f: receiptId,
    });
    let inserted: { id: string } | undefined;
    try {
      inserted = await tx(async (trx) => {
        // One deposit request of a member at a time: the daily limit and the insert are atomic.
        await ensureCashierMember(member.id, trx);
        await trx
          .selectFrom('cashier_member')
          .select('member_id')
          .where('member_id', '=', member.id)
          .forUpdate()
          .execute();
        const prior = await trx
          .selectFrom('cashier_deposit')
          .select('id')
          .where('member_id', '=', member.id)
          .where('client_key', '=', clientKey)
          .executeTakeFirst();
        if (prior) return undefined;
        await assertDailyLimits(trx, member, { deposit: input.amount });
        await protection?.assertCanDeposit(trx, member.id, input.amount);
        return trx
          .insertInto('cashier_deposit')
          .values({
            id,
            merchant_code: merchant.code,
            member_id: member.id,
            channel_id: channel.id,
            amount: input.amount,
            currency: merchant.currency,
            reference,
            receipt_id: receiptId,
            status: 'pending',
            reason: null,
            client_key: clientKey,
            request_hash: hash,
            gateway: channel.kind === 'gateway' ? channel.gateway : null,
            gateway_ref: null,
            entry_id: null,
            created_at: now(),
            decided_at: null,
            decided_by: null,
          })
          .onConflict((oc) => oc.columns(['member_id', 'client_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
      });
    } catch (error) {
      if (isUniqueViolation(error, 'cashier_deposit_reference'))
        throw fieldError('reference', 'deposit.reference.used');
      throw error;
    }
    const row = await depositQuery()
      .where('d.member_id', '=', member.id)
      .where('d.client_key', '=', clientKey)
      .executeTakeFirstOrThrow();
    if (!inserted && row.request_hash !== hash) throw new AppError('idempotency.conflict');
    return {
      ...depositView(row, { code: row.channel_code, name: row.channel_name }),
      replayed: !inserted,
    };
  };

  const listDeposits = async (
    member: AuthMember,
    q: { pageNo?: number | undefined; status?: string | undefined },
  ) => {
    const pageNo = q.pageNo ?? 1;
    let base = db.selectFrom('cashier_deposit').where('member_id', '=', member.id);
    if (q.status) base = base.where('status', '=', q.status as 'pending');
    const [count, rows] = await Promise.all([
      base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      (() => {
        let r = depositQuery().where('d.member_id', '=', member.id);
        if (q.status) r = r.where('d.status', '=', q.status as 'pending');
        return r
          .orderBy('d.created_at', 'desc')
          .orderBy('d.id', 'desc')
          .offset((pageNo - 1) * CASHIER_PAGE_SIZE)
          .limit(CASHIER_PAGE_SIZE)
          .execute();
      })(),
    ]);
    const total = Number(count.n);
    return {
      list: rows.map((r) => depositView(r, { code: r.channel_code, name: r.channel_name })),
      pageNo,
      pageSize: CASHIER_PAGE_SIZE,
      totalCount: total,
      totalPages: Math.ceil(total / CASHIER_PAGE_SIZE),
    };
  };

  /**
   * Approves a pending deposit inside `trx`: one ledger entry payment clearing → member main
   * (key `deposit:<id>`), the row marked approved. Returns null when it was not pending.
   */
  const approveDepositIn = async (trx: Transaction<DB>, depositId: string, decidedBy: string) => {
    const d = await trx
      .selectFrom('cashier_deposit')
      .selectAll()
      .where('id', '=', depositId)
      .forUpdate()
      .executeTakeFirst();
    if (!d) throw new AppError('not.found');
    if (d.status !== 'pending') return { deposit: d, changed: false as const };
    const base = { merchantCode: d.merchant_code, currency: d.currency };
    const clearingId = await wallet.accountOf({ ...base, kind: 'payment_clearing' }, trx);
    const mainId = await wallet.accountOf({ ...base, kind: 'member_main', memberId: d.member_id }, trx);
    const amount = BigInt(d.amount);
    const posted = await wallet.post(
      {
        merchantCode: d.merchant_code,
        idempotencyKey: `deposit:${d.id}`,
        kind: 'deposit',
        lines: [
          { accountId: clearingId, amount: -amount },
          { accountId: mainId, amount },
        ],
        metadata: { memberId: d.member_id, depositId: d.id, channelId: d.channel_id, reference: d.reference },
      },
      trx,
    );
    const at = now();
    await trx
      .updateTable('cashier_deposit')
      .set({ status: 'approved', entry_id: posted.entryId, decided_at: at, decided_by: decidedBy })
      .where('id', '=', d.id)
      .execute();
    return {
      deposit: {
        ...d,
        status: 'approved' as const,
        entry_id: posted.entryId,
        decided_at: at,
        decided_by: decidedBy,
      },
      changed: true as const,
    };
  };

  const rejectDepositIn = async (
    trx: Transaction<DB>,
    depositId: string,
    reason: string,
    decidedBy: string,
  ) => {
    const d = await trx
      .selectFrom('cashier_deposit')
      .selectAll()
      .where('id', '=', depositId)
      .forUpdate()
      .executeTakeFirst();
    if (!d) throw new AppError('not.found');
    if (d.status !== 'pending') return { deposit: d, changed: false as const };
    const at = now();
    await trx
      .updateTable('cashier_deposit')
      .set({ status: 'rejected', reason, decided_at: at, decided_by: decidedBy })
      .where('id', '=', d.id)
      .execute();
    return {
      deposit: { ...d, status: 'rejected' as const, reason, decided_at: at, decided_by: decidedBy },
      changed: true as const,
    };
  };

  // ------------------------------------------------------------ payment password

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

  /**
   * Checks the payment password: 409 `payment.password.not.set`, 423 `payment.password.locked`
   * (after 5 wrong in a row, for 15 minutes), 400 `payment.password.wrong`. A right one resets the count.
   */
  const verifyPaymentPassword = async (memberId: number, password: string | undefined) => {
    if (password === undefined || password === '') throw fieldError('paymentPassword', 'required');
    const row = await cashierMember(memberId);
    if (!row?.pay_password_hash) throw new AppError('payment.password.not.set');
    const at = now();
    const locked = (until: Date) =>
      new AppError('payment.password.locked', { value: { lockedUntil: until.getTime() } });
    let ordinal = 0;
    // The try takes its place in the count before the check (ADR 029): simultaneous guesses
    // cannot all see the old count. A locked account takes no place.
    const reserve = (at: Date) =>
      db
        .updateTable('cashier_member')
        // (an expired lock is cleared on the way)
        .set({ pay_failures: sql`pay_failures + 1`, pay_locked_until: null })
        .where('member_id', '=', memberId)
        .where((eb) => eb.or([eb('pay_locked_until', 'is', null), eb('pay_locked_until', '<=', at)]))
        .returning(['pay_failures'])
        .executeTakeFirst();
    const giveBack = () =>
      db
        .updateTable('cashier_member')
        .set({ pay_failures: sql`GREATEST(pay_failures - 1, 0)` })
        .where('member_id', '=', memberId)
        .where('pay_locked_until', 'is', null)
        .execute();
    // A try past the threshold while others are still being checked waits for them (they end
    // in a reset or a lock) instead of being checked: at most the threshold is ever checked
    // before a lock, and a burst of right passwords (one member's tabs) all get through.
    const waitUntil = Date.now() + PAYMENT_PASSWORD_BURST_WAIT_MS;
    for (;;) {
      const reserved = await reserve(at);
      if (!reserved) {
        const current = await cashierMember(memberId);
        throw locked(current?.pay_locked_until ?? new Date(at.getTime() + PAYMENT_PASSWORD_LOCK_MS));
      }
      if (reserved.pay_failures <= PAYMENT_PASSWORD_LOCK_AFTER) {
        ordinal = reserved.pay_failures;
        break;
      }
      await giveBack();
      if (Date.now() >= waitUntil) throw locked(new Date(at.getTime() + PAYMENT_PASSWORD_BURST_WAIT_MS));
      await sleep(PAYMENT_PASSWORD_BURST_POLL_MS);
    }
    let ok: boolean;
    try {
      ok = await hasher.verify(row.pay_password_hash, password);
    } catch (error) {
      await giveBack();
      throw error;
    }
    if (ok) {
      // A right one resets the count, but never lifts a lock a burst engaged meanwhile.
      await db
        .updateTable('cashier_member')
        .set({ pay_failures: 0 })
        .where('member_id', '=', memberId)
        .where('pay_locked_until', 'is', null)
        .execute();
      return;
    }
    if (ordinal >= PAYMENT_PASSWORD_LOCK_AFTER) {
      const lockUntil = new Date(at.getTime() + PAYMENT_PASSWORD_LOCK_MS);
      await db
        .updateTable('cashier_member')
        .set({ pay_failures: 0, pay_locked_until: lockUntil })
        .where('member_id', '=', memberId)
        .execute();
      throw locked(lockUntil);
    }
    throw new AppError('payment.password.wrong');
  };

  const setPaymentPassword = async (
    member: AuthMember,
    input: { oldPassword?: string | undefined; newPassword: string },
  ) => {
    assertReal(member);
    const row = await cashierMember(member.id);
    if (row?.pay_password_hash) {
      if (input.oldPassword === undefined) throw fieldError('oldPassword', 'required');
      await verifyPaymentPassword(member.id, input.oldPassword);
    }
    const hash = await hasher.hash(input.newPassword);
    await ensureCashierMember(member.id);
    await db
      .updateTable('cashier_member')
      .set({ pay_password_hash: hash, pay_password_set_at: now(), pay_failures: 0, pay_locked_until: null })
      .where('member_id', '=', member.id)
      .execute();
    return { ok: true as const };
  };

  // ------------------------------------------------------------ payout account

  const payoutView = (row: NonNullable<Awaited<ReturnType<typeof cashierMember>>>) =>
    row.payee_name && row.payout_channel && row.payout_number && row.payout_updated_at
      ? {
          payeeName: row.payee_name,
          channel: row.payout_channel as CashierChannelCode,
          numberMasked: maskNumber(row.payout_number),
          updatedAt: row.payout_updated_at.getTime(),
        }
      : null;

  const bindPayoutAccount = async (
    member: AuthMember,
    input: {
      payeeName: string;
      channel: CashierChannelCode;
      number: string;
      paymentPassword?: string | undefined;
    },
  ) => {
    assertReal(member);
    const merchant = merchantOf(member.merchantCode);
    if (!(PAYOUT_CHANNELS_BY_CURRENCY[merchant.currency] ?? []).includes(input.channel))
      throw fieldError('channel', 'payout.channel.unavailable');
    const row = await cashierMember(member.id);
    // Changing a bound account needs the payment password; so does a first binding once one is set.
    if ((row && payoutView(row)) || row?.pay_password_hash)
      await verifyPaymentPassword(member.id, input.paymentPassword);
    await ensureCashierMember(member.id);
    const updated = await db
      .updateTable('cashier_member')
      .set({
        payee_name: input.payeeName,
        payout_channel: input.channel,
        payout_number: input.number,
        payout_updated_at: now(),
      })
      .where('member_id', '=', member.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const view = payoutView(updated);
    if (!view) throw new Error('payout account not stored');
    return { payoutAccount: view };
  };

  /**
   * The holder name of the member's bound payout account, or null when none is bound. A read for
   * the identity module (new-IP verification by bank account name); never changes anything.
   */
  const payoutHolderName = async (memberId: number) => {
    const row = await cashierMember(memberId);
    return row && payoutView(row) ? row.payee_name : null;
  };

  // ------------------------------------------------------------ withdrawals

  type WithdrawalDb = Awaited<ReturnType<typeof readWithdrawal>>;
  const readWithdrawal = (id: string, within: Kysely<DB> | Transaction<DB> = db) =>
    within
      .selectFrom('cashier_withdrawal as w')
      .innerJoin('member as m', 'm.id', 'w.member_id')
      .selectAll('w')
      .select('m.username')
      .where('w.id', '=', id)
      .executeTakeFirst();

  const timelines = async (ids: string[]) => {
    if (ids.length === 0) return new Map<string, WithdrawalRow['timeline']>();
    const rows = await db
      .selectFrom('cashier_withdrawal_event')
      .selectAll()
      .where('withdrawal_id', 'in', ids)
      .orderBy('id')
      .execute();
    const out = new Map<string, WithdrawalRow['timeline']>();
    for (const r of rows) {
      const list = out.get(r.withdrawal_id) ?? [];
      list.push({
        at: r.at.getTime(),
        status: r.status as WithdrawalRow['status'],
        confirmation: r.confirmation as WithdrawalRow['confirmation'],
        note: r.note,
        by: r.actor,
      });
      out.set(r.withdrawal_id, list);
    }
    return out;
  };

  const withdrawalView = async (
    w: NonNullable<WithdrawalDb>,
    timeline?: WithdrawalRow['timeline'],
  ): Promise<WithdrawalRow> => {
    const settings = await settingsOf(w.merchant_code);
    const waiting = w.status === 'issued' && w.confirmation === 'distributed';
    return {
      id: w.id,
      amount: formatMinor(BigInt(w.amount)),
      amountMinor: String(w.amount),
      currency: w.currency,
      payeeName: w.payee_name,
      channel: w.channel as CashierChannelCode,
      numberMasked: maskNumber(w.number),
      status: w.status,
      confirmation: w.confirmation,
      reason: w.reason,
      createdAt: w.created_at.getTime(),
      updatedAt: w.updated_at.getTime(),
      distributedAt: w.distributed_at?.getTime() ?? null,
      autoConfirmAt:
        waiting && w.distributed_at
          ? w.distributed_at.getTime() + settings.autoConfirmMinutes * 60_000
          : null,
      awaitingConfirmation:
        w.status === 'issued' && (w.confirmation === 'distributed' || w.confirmation === 'not_received'),
      timeline: timeline ?? (await timelines([w.id])).get(w.id) ?? [],
    };
  };

  const addEvent = (
    trx: Transaction<DB>,
    withdrawalId: string,
    status: string,
    confirmation: string | null,
    note: string | null,
    actor: 'member' | 'finance' | 'system',
    at: Date,
  ) =>
    trx
      .insertInto('cashier_withdrawal_event')
      .values({ withdrawal_id: withdrawalId, at, status, confirmation, note, actor })
      .execute();

  const withdrawInfo = async (member: AuthMember): Promise<WithdrawInfoValue> => {
    const merchant = merchantOf(member.merchantCode);
    const [row, settings, funds] = await Promise.all([
      cashierMember(member.id),
      settingsOf(merchant.code),
      withdrawableOf(member),
    ]);
    const at = now().getTime();
    const locked =
      row?.pay_locked_until && row.pay_locked_until.getTime() > at ? row.pay_locked_until.getTime() : null;
    return {
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      paymentPasswordSet: Boolean(row?.pay_password_hash),
      paymentPasswordLockedUntil: locked,
      payoutAccount: row ? payoutView(row) : null,
      payoutChannels: [...(PAYOUT_CHANNELS_BY_CURRENCY[merchant.currency] ?? [])],
      balance: formatMinor(funds.balance),
      balanceMinor: funds.balance.toString(),
      withdrawable: formatMinor(funds.withdrawable),
      withdrawableMinor: funds.withdrawable.toString(),
      min: formatMinor(settings.min),
      minMinor: settings.min.toString(),
      max: formatMinor(settings.max),
      maxMinor: settings.max.toString(),
      autoConfirmMinutes: settings.autoConfirmMinutes,
    };
  };

  const withdraw = async (
    member: AuthMember,
    input: { amount: bigint; paymentPassword: string; currency?: string | undefined },
    clientKey: string,
  ): Promise<WithdrawalRow> => {
    assertReal(member);
    assertCurrency(member.merchantCode, input.currency);
    const merchant = merchantOf(member.merchantCode);
    const settings = await settingsOf(merchant.code);
    if (input.amount < settings.min || input.amount > settings.max)
      throw new AppError('cashier.amount.range', {
        value: { min: formatMinor(settings.min), max: formatMinor(settings.max) },
      });
    await verifyPaymentPassword(member.id, input.paymentPassword);
    // What was asked: the amount and the currency as sent (the payment password is not part of it).
    const hash = sha256(
      input.currency === undefined
        ? { a: input.amount.toString() }
        : { a: input.amount.toString(), c: input.currency },
    );
    const mainId = await mainAccount(member);
    const pendingId = await wallet.accountOf({
      merchantCode: merchant.code,
      currency: merchant.currency,
      kind: 'pending_withdrawal',
      memberId: member.id,
    });
    const result = await tx(async (trx) => {
      // One withdrawal of a member at a time: the withdrawable check and the hold are atomic.
      const cm = await trx
        .selectFrom('cashier_member')
        .selectAll()
        .where('member_id', '=', member.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const existing = await trx
        .selectFrom('cashier_withdrawal')
        .select(['id', 'request_hash'])
        .where('member_id', '=', member.id)
        .where('client_key', '=', clientKey)
        .executeTakeFirst();
      if (existing) {
        if (existing.request_hash !== hash) throw new AppError('idempotency.conflict');
        return { id: existing.id, replayed: true };
      }
      const payout = payoutView(cm);
      if (!payout || !cm.payout_number || !cm.payee_name || !cm.payout_channel)
        throw new AppError('cashier.payout.required');
      await assertDailyLimits(trx, member, { withdrawal: input.amount });
      await lockAccounts(trx, [mainId, pendingId]);
      const funds = await withdrawableOf(member, trx);
      if (input.amount > funds.withdrawable)
        throw new AppError('withdrawable.insufficient', {
          value: { withdrawable: formatMinor(funds.withdrawable) },
        });
      const id = randomUUID();
      const at = now();
      const posted = await wallet.post(
        {
          merchantCode: merchant.code,
          idempotencyKey: `withdraw:${id}`,
          kind: 'withdrawal.hold',
          lines: [
            { accountId: mainId, amount: -input.amount },
            { accountId: pendingId, amount: input.amount },
          ],
          metadata: { memberId: member.id, withdrawalId: id },
        },
        trx,
      );
      await trx
        .insertInto('cashier_withdrawal')
        .values({
          id,
          merchant_code: merchant.code,
          member_id: member.id,
          amount: input.amount,
          currency: merchant.currency,
          payee_name: cm.payee_name,
          channel: cm.payout_channel,
          number: cm.payout_number,
          status: 'in_process',
          confirmation: null,
          reason: null,
          proof_id: null,
          client_key: clientKey,
          request_hash: hash,
          hold_entry_id: posted.entryId,
          settle_entry_id: null,
          refund_entry_id: null,
          created_at: at,
          updated_at: at,
          distributed_at: null,
        })
        .execute();
      await addEvent(trx, id, 'in_process', null, null, 'member', at);
      return { id, replayed: false };
    });
    if (!result.replayed) wallet.events.publish(member.id);
    const row = await readWithdrawal(result.id);
    if (!row) throw new Error('withdrawal vanished');
    return { ...(await withdrawalView(row)), replayed: result.replayed };
  };

  const listWithdrawals = async (
    member: AuthMember,
    q: { pageNo?: number | undefined; status?: string | undefined },
  ) => {
    const pageNo = q.pageNo ?? 1;
    let base = db.selectFrom('cashier_withdrawal').where('member_id', '=', member.id);
    if (q.status) base = base.where('status', '=', q.status as 'in_process');
    const [count, ids] = await Promise.all([
      base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      base
        .select('id')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset((pageNo - 1) * CASHIER_PAGE_SIZE)
        .limit(CASHIER_PAGE_SIZE)
        .execute(),
    ]);
    const lines = await timelines(ids.map((r) => r.id));
    const list: WithdrawalRow[] = [];
    for (const { id } of ids) {
      const row = await readWithdrawal(id);
      if (row) list.push(await withdrawalView(row, lines.get(id) ?? []));
    }
    const total = Number(count.n);
    return {
      list,
      pageNo,
      pageSize: CASHIER_PAGE_SIZE,
      totalCount: total,
      totalPages: Math.ceil(total / CASHIER_PAGE_SIZE),
    };
  };

  const withdrawalDetail = async (member: AuthMember, id: string) => {
    const row = await readWithdrawal(id);
    if (!row || row.member_id !== member.id) throw new AppError('not.found');
    return withdrawalView(row);
  };

  const confirmWithdrawal = async (
    member: AuthMember,
    input: {
      id: string;
      answer: 'received' | 'not_received';
      proofId?: string | undefined;
      note?: string | undefined;
    },
  ) => {
    assertReal(member);
    const proofId = await assertOwnUpload(member.id, input.proofId, 'proofId');
    await tx(async (trx) => {
      const w = await trx
        .selectFrom('cashier_withdrawal')
        .selectAll()
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirst();
      if (!w || w.member_id !== member.id) throw new AppError('not.found');
      const open =
        w.status === 'issued' && (w.confirmation === 'distributed' || w.confirmation === 'not_received');
      if (!open) throw new AppError('cashier.state');
      if (input.answer === 'not_received' && w.confirmation !== 'distributed')
        throw new AppError('cashier.state');
      const at = now();
      await trx
        .updateTable('cashier_withdrawal')
        .set({
          confirmation: input.answer,
          ...(proofId ? { proof_id: proofId } : {}),
          updated_at: at,
        })
        .where('id', '=', w.id)
        .execute();
      await addEvent(trx, w.id, w.status, input.answer, input.note ?? null, 'member', at);
    });
    // The member's other open tabs follow.
    wallet.events.publish(member.id);
    return withdrawalDetail(member, input.id);
  };

  const confirmAll = async (member: AuthMember) => {
    assertReal(member);
    const confirmed = await tx(async (trx) => {
      const at = now();
      const rows = await trx
        .updateTable('cashier_withdrawal')
        .set({ confirmation: 'all_received', updated_at: at })
        .where('member_id', '=', member.id)
        .where('status', '=', 'issued')
        .where('confirmation', 'in', ['distributed', 'not_received'])
        .returning('id')
        .execute();
      for (const r of rows) await addEvent(trx, r.id, 'issued', 'all_received', null, 'member', at);
      return rows.length;
    });
    if (confirmed > 0) wallet.events.publish(member.id);
    return { confirmed };
  };

  /**
   * The auto-confirm job: a distributed withdrawal the member has not answered within the
   * merchant's minutes counts as received (`auto_received`). Returns how many it closed.
   */
  const autoConfirmWithdrawals = async () => {
    const waiting = await db
      .selectFrom('cashier_withdrawal')
      .select(['id', 'merchant_code', 'member_id', 'distributed_at'])
      .where('confirmation', '=', 'distributed')
      .orderBy('distributed_at')
      .limit(1000)
      .execute();
    const at = now();
    let closed = 0;
    for (const w of waiting) {
      const settings = await settingsOf(w.merchant_code);
      if (
        !w.distributed_at ||
        w.distributed_at.getTime() + settings.autoConfirmMinutes * 60_000 > at.getTime()
      )
        continue;
      const done = await tx(async (trx) => {
        const updated = await trx
          .updateTable('cashier_withdrawal')
          .set({ confirmation: 'auto_received', updated_at: at })
          .where('id', '=', w.id)
          .where('confirmation', '=', 'distributed')
          .returning('id')
          .executeTakeFirst();
        if (updated) await addEvent(trx, w.id, 'issued', 'auto_received', null, 'system', at);
        return Boolean(updated);
      });
      if (done) {
        closed += 1;
        wallet.events.publish(w.member_id);
      }
    }
    return closed;
  };

  // ------------------------------------------------------------ transfer to upline

  const uplineOf = async (member: AuthMember) => {
    const row = await db
      .selectFrom('member as m')
      .innerJoin('member as u', 'u.id', 'm.upline_id')
      .select(['u.id', 'u.username', 'u.merchant_code', 'u.type'])
      .where('m.id', '=', member.id)
      .executeTakeFirst();
    return row && row.merchant_code === member.merchantCode ? row : null;
  };

  const uplineInfo = async (member: AuthMember) => ({ upline: (await uplineOf(member))?.username ?? null });

  const transferUpline = async (
    member: AuthMember,
    input: { amount: bigint; paymentPassword: string; currency?: string | undefined },
    clientKey: string,
  ): Promise<TransferUplineValue> => {
    assertReal(member);
    assertCurrency(member.merchantCode, input.currency);
    const upline = await uplineOf(member);
    if (!upline) throw new AppError('cashier.upline.none');
    await verifyPaymentPassword(member.id, input.paymentPassword);
    const merchant = merchantOf(member.merchantCode);
    const mainId = await mainAccount(member);
    const uplineMainId = await mainAccount({ id: upline.id, merchantCode: upline.merchant_code });
    const key = `upline:${member.id}:${clientKey}`;
    const result = await tx(async (trx) => {
      await ensureCashierMember(member.id, trx);
      await trx
        .selectFrom('cashier_member')
        .select('member_id')
        .where('member_id', '=', member.id)
        .forUpdate()
        .execute();
      const prior = await trx
        .selectFrom('journal_entry')
        .select('id')
        .where('merchant_code', '=', merchant.code)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (!prior) {
        await lockAccounts(trx, [mainId, uplineMainId]);
        const funds = await withdrawableOf(member, trx);
        if (input.amount > funds.withdrawable)
          throw new AppError('withdrawable.insufficient', {
            value: { withdrawable: formatMinor(funds.withdrawable) },
          });
      }
      return wallet.post(
        {
          merchantCode: merchant.code,
          idempotencyKey: key,
          kind: 'transfer.upline',
          lines: [
            { accountId: mainId, amount: -input.amount },
            { accountId: uplineMainId, amount: input.amount },
          ],
          metadata: { memberId: member.id, uplineId: upline.id },
        },
        trx,
      );
    });
    if (!result.replayed) {
      wallet.events.publish(member.id);
      wallet.events.publish(upline.id);
    }
    const line = result.lines.find((l) => l.accountId === mainId);
    if (!line) throw new Error('upline transfer without the member line');
    return {
      transactionId: result.entryId,
      replayed: result.replayed,
      upline: upline.username,
      amount: formatMinor(-line.amount),
      amountMinor: (-line.amount).toString(),
      balance: formatMinor(line.balanceAfter),
      balanceMinor: line.balanceAfter.toString(),
      createdAt: result.createdAt.getTime(),
    };
  };

  // ------------------------------------------------------------ personal profit

  const personalProfit = async (
    member: AuthMember,
    q: { startTime?: number | undefined; endTime?: number | undefined },
  ): Promise<PersonalProfitValue> => {
    const merchant = merchantOf(member.merchantCode);
    const endTime = q.endTime ?? now().getTime();
    const startTime = q.startTime ?? endTime - 7 * 24 * 60 * 60 * 1000;
    const rows = await db
      .selectFrom('journal_line as l')
      .innerJoin('ledger_account as a', 'a.id', 'l.account_id')
      .innerJoin('journal_entry as e', 'e.id', 'l.entry_id')
      .select(['e.kind', 'a.kind as account_kind', sql<string>`sum(l.amount)::text`.as('total')])
      .where('a.member_id', '=', member.id)
      .where('a.currency', '=', merchant.currency)
      .where('e.created_at', '>=', new Date(startTime))
      .where('e.created_at', '<=', new Date(endTime))
      .groupBy(['e.kind', 'a.kind'])
      .execute();
    let deposits = 0n;
    let withdrawals = 0n;
    let bets = 0n;
    let wins = 0n;
    let bonuses = 0n;
    for (const r of rows) {
      const total = BigInt(r.total);
      const onWallet = r.account_kind === 'member_main' || r.account_kind === 'member_vendor';
      if (r.kind === 'deposit' && onWallet) deposits += total;
      else if (r.kind === 'withdrawal.payout' && r.account_kind === 'pending_withdrawal')
        withdrawals -= total;
      else if (r.kind === 'withdrawal.refund' && onWallet) withdrawals -= total;
      else if (r.kind === 'game.bet' && onWallet) bets -= total;
      else if (r.kind === 'game.refund' && onWallet) bets -= total;
      else if ((r.kind === 'game.win' || r.kind === 'game.jackpot') && onWallet) wins += total;
      else if (r.kind.startsWith(NON_WITHDRAWABLE_PREFIX) && onWallet) bonuses += total;
    }
    const profit = wins + bonuses - bets;
    const m = (v: bigint) => [formatMinor(v), v.toString()] as const;
    const [d, dm] = m(deposits);
    const [w, wm] = m(withdrawals);
    const [b, bm] = m(bets);
    const [wi, wim] = m(wins);
    const [bo, bom] = m(bonuses);
    const [p, pm] = m(profit);
    return {
      startTime,
      endTime,
      currency: merchant.currency,
      deposits: d,
      depositsMinor: dm,
      withdrawals: w,
      withdrawalsMinor: wm,
      bets: b,
      betsMinor: bm,
      wins: wi,
      winsMinor: wim,
      bonuses: bo,
      bonusesMinor: bom,
      profit: p,
      profitMinor: pm,
    };
  };

  return {
    tx,
    settingsOf,
    channels,
    readChannels,
    channelRow,
    upload,
    createDeposit,
    listDeposits,
    depositQuery,
    depositView,
    approveDepositIn,
    rejectDepositIn,
    withdrawInfo,
    setPaymentPassword,
    verifyPaymentPassword,
    bindPayoutAccount,
    payoutHolderName,
    withdraw,
    listWithdrawals,
    withdrawalDetail,
    readWithdrawal,
    withdrawalView,
    timelines,
    addEvent,
    confirmWithdrawal,
    confirmAll,
    autoConfirmWithdrawals,
    uplineInfo,
    transferUpline,
    personalProfit,
    withdrawableOf,
    mainAccount,
    limitsOf,
    usageOf,
    gateway: (code: string) => gatewayByCode.get(code),
  };
};

export type CashierService = ReturnType<typeof createCashierService>;
