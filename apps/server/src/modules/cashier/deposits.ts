import { createHash, randomUUID } from 'node:crypto';
import {
  CASHIER_PAGE_SIZE,
  type CashierChannelCode,
  type DepositChannelsValue,
  type DepositRow,
} from '@khela/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../../shared/db';
import { sniffPngJpeg } from '../../shared/images';
import type { AuthMember } from '../identity';
import { formatMinor } from '../wallet';
import { type CashierContext, fieldError, sha256 } from './context';

/**
 * Deposits: receipt uploads, the member's deposit channels, deposit requests and their list, and
 * the approval or rejection of a pending one (back office and gateway webhooks).
 */
export const createDeposits = ({
  db,
  wallet,
  now,
  protection,
  gatewayByCode,
  merchantOf,
  tx,
  assertReal,
  assertCurrency,
  assertDailyLimits,
  assertOwnUpload,
  ensureCashierMember,
  depositQuery,
}: CashierContext) => {
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
        await protection?.assertCanDeposit(trx, member.id, input.amount, member.merchantCode);
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

  return {
    upload,
    channelRow,
    readChannels,
    channels,
    depositView,
    createDeposit,
    listDeposits,
    approveDepositIn,
    rejectDepositIn,
  };
};
