import { randomUUID } from 'node:crypto';
import {
  CASHIER_PAGE_SIZE,
  type CashierChannelCode,
  PAYOUT_CHANNELS_BY_CURRENCY,
  type WithdrawalRow,
  type WithdrawInfoValue,
} from '@khela/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AuthMember } from '../identity';
import { formatMinor } from '../wallet';
import { type CashierContext, maskNumber, sha256 } from './context';
import type { PaymentPassword } from './payment-password';

/**
 * Withdrawals: what the member may withdraw, the request (held in pending withdrawal), the list
 * and detail with their timeline, and the member's confirmation of a payout (or the auto-confirm job).
 */
export const createWithdrawals = (
  {
    db,
    wallet,
    now,
    merchantOf,
    tx,
    assertReal,
    assertCurrency,
    settingsOf,
    assertDailyLimits,
    assertVipWithdrawLimit,
    mainAccount,
    withdrawableOf,
    lockAccounts,
    readWithdrawal,
    assertOwnUpload,
    cashierMember,
    beforeWithdrawal,
  }: CashierContext,
  { verifyPaymentPassword, payoutView }: Pick<PaymentPassword, 'verifyPaymentPassword' | 'payoutView'>,
) => {
  // ------------------------------------------------------------ withdrawals

  type WithdrawalDb = Awaited<ReturnType<typeof readWithdrawal>>;

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
      await assertVipWithdrawLimit(trx, member, input.amount);
      await beforeWithdrawal?.(trx, member.id, input.amount, member.merchantCode);
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

  return {
    withdrawInfo,
    withdraw,
    listWithdrawals,
    withdrawalDetail,
    withdrawalView,
    timelines,
    addEvent,
    confirmWithdrawal,
    confirmAll,
    autoConfirmWithdrawals,
  };
};
