import {
  type BoDepositRow,
  type BoWithdrawalActionBody,
  type BoWithdrawalRow,
  type CashierChannelCode,
  isTrialType,
} from '@khela/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SiteService } from '../site';
import { type Actor, appendAudit, assertCan, csvStream } from '../staff';
import { formatMinor, type WalletService } from '../wallet';
import type { CashierService } from './service';

type Deps = {
  db: Kysely<DB>;
  site: Pick<SiteService, 'findMerchant'>;
  wallet: WalletService;
  cashier: CashierService;
  now?: () => Date;
};

export type DepositFilter = {
  merchant?: string | undefined;
  status?: 'pending' | 'approved' | 'rejected' | undefined;
  memberId?: number | undefined;
  username?: string | undefined;
  channel?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
};

export type WithdrawalFilter = {
  merchant?: string | undefined;
  status?: 'in_process' | 'approved' | 'issued' | 'rejected' | undefined;
  confirmation?: string | undefined;
  memberId?: number | undefined;
  username?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
};

const DEPOSIT_CSV = [
  'id',
  'merchant',
  'memberId',
  'username',
  'channelCode',
  'amount',
  'currency',
  'reference',
  'status',
  'reason',
  'createdAt',
  'decidedAt',
  'decidedBy',
] as const;
const WITHDRAWAL_CSV = [
  'id',
  'merchant',
  'memberId',
  'username',
  'amount',
  'currency',
  'payeeName',
  'channel',
  'number',
  'status',
  'confirmation',
  'reason',
  'createdAt',
  'distributedAt',
] as const;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The finance screens of the back office: deposit and withdrawal queues, channels, limits,
 * manual adjustments, the member ledger. Each call checks the role first; each change writes its
 * audit row in the same transaction as the change.
 */
export const createCashierBackoffice = ({ db, site, wallet, cashier, now = () => new Date() }: Deps) => {
  const assertMerchant = (code: string) => {
    const merchant = site.findMerchant(code);
    if (!merchant) throw new AppError('not.found', { value: { merchant: code } });
    return merchant;
  };

  // ------------------------------------------------------------ deposits

  const depositRows = (filter: DepositFilter) => {
    let q = cashier.depositQuery();
    if (filter.merchant) q = q.where('d.merchant_code', '=', filter.merchant);
    if (filter.status) q = q.where('d.status', '=', filter.status);
    if (filter.memberId !== undefined) q = q.where('d.member_id', '=', filter.memberId);
    if (filter.username) q = q.where('m.username', '=', filter.username.toLowerCase());
    if (filter.channel) q = q.where('c.code', '=', filter.channel);
    if (filter.from !== undefined) q = q.where('d.created_at', '>=', new Date(filter.from));
    if (filter.to !== undefined) q = q.where('d.created_at', '<', new Date(filter.to));
    return q;
  };

  const boDeposit = (
    r: Awaited<ReturnType<ReturnType<typeof depositRows>['execute']>>[number],
  ): BoDepositRow => {
    const { payUrl: _payUrl, ...view } = cashier.depositView(r, {
      code: r.channel_code,
      name: r.channel_name,
    });
    return {
      ...view,
      merchant: r.merchant_code,
      memberId: r.member_id,
      username: r.username,
      receiptId: r.receipt_id,
      gateway: r.gateway,
      decidedBy: r.decided_by,
    };
  };

  const deposits = async (actor: Actor, filter: DepositFilter, page: number, pageSize: number) => {
    assertCan(actor, 'cashier.queue');
    const [items, count] = await Promise.all([
      depositRows(filter)
        // The queue works oldest first while pending; history newest first.
        .orderBy('d.created_at', filter.status === 'pending' ? 'asc' : 'desc')
        .orderBy('d.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      depositRows(filter).clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: items.map(boDeposit), total: Number(count.n), page, pageSize };
  };

  const depositsCsv = async (actor: Actor, filter: DepositFilter) => {
    assertCan(actor, 'cashier.queue');
    return csvStream(DEPOSIT_CSV, async (limit, offset) => {
      const rows = await depositRows(filter)
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows
        .map(boDeposit)
        .map((d) => ({ ...d, createdAt: iso(d.createdAt), decidedAt: iso(d.decidedAt) }));
    });
  };

  const oneDeposit = async (id: string) => {
    const row = await cashier.depositQuery().where('d.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('not.found');
    return boDeposit(row);
  };

  const approveDeposit = async (actor: Actor, id: string, reason?: string) => {
    assertCan(actor, 'cashier.queue');
    const memberId = await cashier.tx(async (trx) => {
      const done = await cashier.approveDepositIn(trx, id, `staff:${actor.username}`);
      if (!done.changed) throw new AppError('cashier.state', { value: { status: done.deposit.status } });
      await appendAudit(
        trx,
        actor,
        {
          action: 'cashier.deposit.approve',
          target: `deposit:${id}`,
          before: { status: 'pending' },
          after: {
            status: 'approved',
            amount: String(done.deposit.amount),
            entryId: done.deposit.entry_id,
            reason,
          },
        },
        now(),
      );
      return done.deposit.member_id;
    });
    wallet.events.publish(memberId);
    return oneDeposit(id);
  };

  const rejectDeposit = async (actor: Actor, id: string, reason: string) => {
    assertCan(actor, 'cashier.queue');
    const memberId = await cashier.tx(async (trx) => {
      const done = await cashier.rejectDepositIn(trx, id, reason, `staff:${actor.username}`);
      if (!done.changed) throw new AppError('cashier.state', { value: { status: done.deposit.status } });
      await appendAudit(
        trx,
        actor,
        {
          action: 'cashier.deposit.reject',
          target: `deposit:${id}`,
          before: { status: 'pending' },
          after: { status: 'rejected', reason },
        },
        now(),
      );
      return done.deposit.member_id;
    });
    // No money moved, but the member's open pages (the deposit list) refresh on the push.
    wallet.events.publish(memberId);
    return oneDeposit(id);
  };

  // ------------------------------------------------------------ withdrawals

  const withdrawalRows = (filter: WithdrawalFilter) => {
    let q = db
      .selectFrom('cashier_withdrawal as w')
      .innerJoin('member as m', 'm.id', 'w.member_id')
      .selectAll('w')
      .select('m.username');
    if (filter.merchant) q = q.where('w.merchant_code', '=', filter.merchant);
    if (filter.status) q = q.where('w.status', '=', filter.status);
    if (filter.confirmation) q = q.where('w.confirmation', '=', filter.confirmation as 'distributed');
    if (filter.memberId !== undefined) q = q.where('w.member_id', '=', filter.memberId);
    if (filter.username) q = q.where('m.username', '=', filter.username.toLowerCase());
    if (filter.from !== undefined) q = q.where('w.created_at', '>=', new Date(filter.from));
    if (filter.to !== undefined) q = q.where('w.created_at', '<', new Date(filter.to));
    return q;
  };

  type WRow = Awaited<ReturnType<ReturnType<typeof withdrawalRows>['execute']>>[number];
  const boWithdrawal = async (w: WRow, timeline?: BoWithdrawalRow['timeline']): Promise<BoWithdrawalRow> => {
    const { replayed: _r, ...view } = await cashier.withdrawalView(w, timeline);
    return {
      ...view,
      merchant: w.merchant_code,
      memberId: w.member_id,
      username: w.username,
      number: w.number,
      proofId: w.proof_id,
    };
  };

  const withdrawals = async (actor: Actor, filter: WithdrawalFilter, page: number, pageSize: number) => {
    assertCan(actor, 'cashier.queue');
    const open = filter.status === 'in_process' || filter.status === 'approved';
    const [rows, count] = await Promise.all([
      withdrawalRows(filter)
        .orderBy('w.created_at', open ? 'asc' : 'desc')
        .orderBy('w.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      withdrawalRows(filter).clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const lines = await cashier.timelines(rows.map((r) => r.id));
    const items: BoWithdrawalRow[] = [];
    for (const r of rows) items.push(await boWithdrawal(r, lines.get(r.id) ?? []));
    return { items, total: Number(count.n), page, pageSize };
  };

  const withdrawalsCsv = async (actor: Actor, filter: WithdrawalFilter) => {
    assertCan(actor, 'cashier.queue');
    return csvStream(WITHDRAWAL_CSV, async (limit, offset) => {
      const rows = await withdrawalRows(filter)
        .orderBy('w.created_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const items: BoWithdrawalRow[] = [];
      for (const r of rows) items.push(await boWithdrawal(r, []));
      return items.map((w) => ({ ...w, createdAt: iso(w.createdAt), distributedAt: iso(w.distributedAt) }));
    });
  };

  const accountsOf = async (
    w: { merchant_code: string; currency: string; member_id: number },
    trx: Transaction<DB>,
  ) => {
    const base = { merchantCode: w.merchant_code, currency: w.currency };
    return {
      main: await wallet.accountOf({ ...base, kind: 'member_main', memberId: w.member_id }, trx),
      pending: await wallet.accountOf({ ...base, kind: 'pending_withdrawal', memberId: w.member_id }, trx),
      clearing: await wallet.accountOf({ ...base, kind: 'payment_clearing' }, trx),
    };
  };

  /**
   * approve: in_process → approved. reject: in_process/approved → rejected, the held amount back
   * to the main wallet. issue: approved → issued (payment distributed; the held amount leaves to
   * payment clearing; the member's confirmation is awaited). force_receipt: an issued one the
   * member has not confirmed or reported not received → forced. refund: an issued one reported
   * not received whose payment really failed → rejected, the amount back to the main wallet.
   */
  const withdrawalAction = async (actor: Actor, body: BoWithdrawalActionBody) => {
    assertCan(actor, 'cashier.queue');
    const memberId = await cashier.tx(async (trx) => {
      const w = await trx
        .selectFrom('cashier_withdrawal')
        .selectAll()
        .where('id', '=', body.id)
        .forUpdate()
        .executeTakeFirst();
      if (!w) throw new AppError('not.found');
      const at = now();
      const amount = BigInt(w.amount);
      const refuse = () =>
        new AppError('cashier.state', { value: { status: w.status, confirmation: w.confirmation } });
      const before = { status: w.status, confirmation: w.confirmation };
      let after: Record<string, unknown>;
      switch (body.action) {
        case 'approve': {
          if (w.status !== 'in_process') throw refuse();
          await trx
            .updateTable('cashier_withdrawal')
            .set({ status: 'approved', updated_at: at })
            .where('id', '=', w.id)
            .execute();
          await cashier.addEvent(trx, w.id, 'approved', null, body.reason ?? null, 'finance', at);
          after = { status: 'approved' };
          break;
        }
        case 'reject': {
          if (w.status !== 'in_process' && w.status !== 'approved') throw refuse();
          const acc = await accountsOf(w, trx);
          const posted = await wallet.post(
            {
              merchantCode: w.merchant_code,
              idempotencyKey: `withdraw-release:${w.id}`,
              kind: 'withdrawal.release',
              lines: [
                { accountId: acc.pending, amount: -amount },
                { accountId: acc.main, amount },
              ],
              metadata: { memberId: w.member_id, withdrawalId: w.id },
            },
            trx,
          );
          await trx
            .updateTable('cashier_withdrawal')
            .set({ status: 'rejected', reason: body.reason, settle_entry_id: posted.entryId, updated_at: at })
            .where('id', '=', w.id)
            .execute();
          await cashier.addEvent(trx, w.id, 'rejected', null, body.reason, 'finance', at);
          after = { status: 'rejected', reason: body.reason, entryId: posted.entryId };
          break;
        }
        case 'issue': {
          if (w.status !== 'approved') throw refuse();
          const acc = await accountsOf(w, trx);
          const posted = await wallet.post(
            {
              merchantCode: w.merchant_code,
              idempotencyKey: `withdraw-payout:${w.id}`,
              kind: 'withdrawal.payout',
              lines: [
                { accountId: acc.pending, amount: -amount },
                { accountId: acc.clearing, amount },
              ],
              metadata: { memberId: w.member_id, withdrawalId: w.id },
            },
            trx,
          );
          await trx
            .updateTable('cashier_withdrawal')
            .set({
              status: 'issued',
              confirmation: 'distributed',
              settle_entry_id: posted.entryId,
              distributed_at: at,
              updated_at: at,
            })
            .where('id', '=', w.id)
            .execute();
          await cashier.addEvent(trx, w.id, 'issued', 'distributed', body.reason ?? null, 'finance', at);
          after = { status: 'issued', confirmation: 'distributed', entryId: posted.entryId };
          break;
        }
        case 'force_receipt': {
          if (
            w.status !== 'issued' ||
            (w.confirmation !== 'distributed' && w.confirmation !== 'not_received')
          )
            throw refuse();
          await trx
            .updateTable('cashier_withdrawal')
            .set({ confirmation: 'forced', updated_at: at })
            .where('id', '=', w.id)
            .execute();
          await cashier.addEvent(trx, w.id, 'issued', 'forced', body.reason, 'finance', at);
          after = { status: 'issued', confirmation: 'forced', reason: body.reason };
          break;
        }
        case 'refund': {
          if (w.status !== 'issued' || w.confirmation !== 'not_received') throw refuse();
          const acc = await accountsOf(w, trx);
          const posted = await wallet.post(
            {
              merchantCode: w.merchant_code,
              idempotencyKey: `withdraw-refund:${w.id}`,
              kind: 'withdrawal.refund',
              lines: [
                { accountId: acc.clearing, amount: -amount },
                { accountId: acc.main, amount },
              ],
              metadata: { memberId: w.member_id, withdrawalId: w.id },
            },
            trx,
          );
          await trx
            .updateTable('cashier_withdrawal')
            .set({ status: 'rejected', reason: body.reason, refund_entry_id: posted.entryId, updated_at: at })
            .where('id', '=', w.id)
            .execute();
          await cashier.addEvent(trx, w.id, 'rejected', 'not_received', body.reason, 'finance', at);
          after = { status: 'rejected', reason: body.reason, entryId: posted.entryId };
          break;
        }
      }
      await appendAudit(
        trx,
        actor,
        {
          action: `cashier.withdrawal.${body.action}`,
          target: `withdrawal:${w.id}`,
          before,
          after: { ...after, amount: String(w.amount) },
        },
        at,
      );
      return w.member_id;
    });
    // Every state change reaches the member's open tabs (the tracker refetches on the push).
    wallet.events.publish(memberId);
    const row = await withdrawalRows({}).where('w.id', '=', body.id).executeTakeFirstOrThrow();
    return boWithdrawal(row);
  };

  // ------------------------------------------------------------ uploads

  const upload = async (actor: Actor, id: string) => {
    assertCan(actor, 'cashier.queue');
    const row = await db
      .selectFrom('cashier_upload')
      .select(['mime', 'bytes'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('not.found');
    return { mime: row.mime, bytes: Buffer.from(row.bytes) };
  };

  // ------------------------------------------------------------ channels and settings

  const channelOut = (c: Awaited<ReturnType<CashierService['readChannels']>>[number]) => ({
    ...cashier.channelRow(c),
    merchant: c.merchant_code,
    enabled: c.enabled,
    gateway: c.gateway,
  });

  const channels = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'cashier.channels');
    assertMerchant(merchant);
    return { items: (await cashier.readChannels(merchant, false)).map(channelOut) };
  };

  const saveChannel = async (
    actor: Actor,
    input: {
      id?: number | undefined;
      merchant: string;
      code: CashierChannelCode;
      name: string;
      kind: 'manual' | 'gateway';
      gateway: string | null;
      accountName: string;
      accountNumber: string;
      bankDetails: string;
      qrPayload: string | null;
      instructions: string;
      min: bigint;
      max: bigint;
      sort: number;
      enabled: boolean;
    },
  ) => {
    assertCan(actor, 'cashier.channels');
    assertMerchant(input.merchant);
    if (input.kind === 'gateway' && (!input.gateway || !cashier.gateway(input.gateway)))
      throw new AppError('validation.failed', { value: { fields: { gateway: 'gateway.unknown' } } });
    const values = {
      merchant_code: input.merchant,
      code: input.code,
      name: input.name,
      kind: input.kind,
      gateway: input.kind === 'gateway' ? input.gateway : null,
      account_name: input.accountName,
      account_number: input.accountNumber,
      bank_details: input.bankDetails,
      qr_payload: input.qrPayload,
      instructions: input.instructions,
      min_amount: input.min,
      max_amount: input.max,
      sort: input.sort,
      enabled: input.enabled,
      updated_at: now(),
    };
    const id = await cashier.tx(async (trx) => {
      let before: unknown = null;
      let saved: number;
      if (input.id !== undefined) {
        const old = await trx
          .selectFrom('cashier_channel')
          .selectAll()
          .where('id', '=', input.id)
          .forUpdate()
          .executeTakeFirst();
        if (!old || old.merchant_code !== input.merchant) throw new AppError('not.found');
        before = { ...old, min_amount: String(old.min_amount), max_amount: String(old.max_amount) };
        await trx.updateTable('cashier_channel').set(values).where('id', '=', input.id).execute();
        saved = input.id;
      } else {
        const row = await trx
          .insertInto('cashier_channel')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        saved = row.id;
      }
      await appendAudit(
        trx,
        actor,
        {
          action: input.id === undefined ? 'cashier.channel.create' : 'cashier.channel.update',
          target: `channel:${saved}`,
          before,
          after: { ...values, min_amount: input.min.toString(), max_amount: input.max.toString() },
        },
        now(),
      );
      return saved;
    });
    const row = await db
      .selectFrom('cashier_channel')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return channelOut(row);
  };

  const deleteChannel = async (actor: Actor, id: number) => {
    assertCan(actor, 'cashier.channels');
    await cashier.tx(async (trx) => {
      const old = await trx
        .selectFrom('cashier_channel')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!old) throw new AppError('not.found');
      const used = await trx
        .selectFrom('cashier_deposit')
        .select('id')
        .where('channel_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      // History keeps its channel: a used channel can only be disabled.
      if (used) throw new AppError('conflict', { value: { reason: 'channel.used' } });
      await trx.deleteFrom('cashier_channel').where('id', '=', id).execute();
      await appendAudit(
        trx,
        actor,
        {
          action: 'cashier.channel.delete',
          target: `channel:${id}`,
          before: { ...old, min_amount: String(old.min_amount), max_amount: String(old.max_amount) },
        },
        now(),
      );
    });
    return { ok: true as const };
  };

  const settingsOut = async (merchant: string) => {
    const s = await cashier.settingsOf(merchant);
    return {
      merchant,
      withdrawMin: formatMinor(s.min),
      withdrawMinMinor: s.min.toString(),
      withdrawMax: formatMinor(s.max),
      withdrawMaxMinor: s.max.toString(),
      autoConfirmMinutes: s.autoConfirmMinutes,
    };
  };

  const settings = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'cashier.channels');
    assertMerchant(merchant);
    return settingsOut(merchant);
  };

  const saveSettings = async (
    actor: Actor,
    input: { merchant: string; withdrawMin: bigint; withdrawMax: bigint; autoConfirmMinutes: number },
  ) => {
    assertCan(actor, 'cashier.channels');
    assertMerchant(input.merchant);
    const before = await settingsOut(input.merchant);
    await cashier.tx(async (trx) => {
      const values = {
        withdraw_min: input.withdrawMin,
        withdraw_max: input.withdrawMax,
        auto_confirm_minutes: input.autoConfirmMinutes,
        updated_at: now(),
      };
      await trx
        .insertInto('cashier_setting')
        .values({ merchant_code: input.merchant, ...values })
        .onConflict((oc) => oc.column('merchant_code').doUpdateSet(values))
        .execute();
      await appendAudit(
        trx,
        actor,
        {
          action: 'cashier.settings.update',
          target: `merchant:${input.merchant}`,
          before,
          after: {
            withdrawMin: input.withdrawMin.toString(),
            withdrawMax: input.withdrawMax.toString(),
            autoConfirmMinutes: input.autoConfirmMinutes,
          },
        },
        now(),
      );
    });
    return settingsOut(input.merchant);
  };

  // ------------------------------------------------------------ daily limits (risk)

  type LimitValues = {
    depositAmount: bigint | null;
    withdrawAmount: bigint | null;
    withdrawCount: number | null;
  };
  const limitSetOut = (l: LimitValues) => ({
    depositAmount: l.depositAmount === null ? null : formatMinor(l.depositAmount),
    depositAmountMinor: l.depositAmount?.toString() ?? null,
    withdrawAmount: l.withdrawAmount === null ? null : formatMinor(l.withdrawAmount),
    withdrawAmountMinor: l.withdrawAmount?.toString() ?? null,
    withdrawCount: l.withdrawCount,
  });
  const limitAudit = (l: LimitValues) => ({
    depositAmount: l.depositAmount?.toString() ?? null,
    withdrawAmount: l.withdrawAmount?.toString() ?? null,
    withdrawCount: l.withdrawCount,
  });

  const memberOf = async (memberId: number) => {
    const member = await db
      .selectFrom('member')
      .innerJoin('merchant', 'merchant.code', 'member.merchant_code')
      .select(['member.id', 'member.username', 'member.merchant_code', 'merchant.currency'])
      .where('member.id', '=', memberId)
      .executeTakeFirst();
    if (!member) throw new AppError('not.found');
    return member;
  };

  const memberLimitsOut = async (memberId: number) => {
    const member = await memberOf(memberId);
    const ref = { id: member.id, merchantCode: member.merchant_code };
    const [limits, usage] = await Promise.all([cashier.limitsOf(ref), cashier.usageOf(member.id)]);
    return {
      memberId: member.id,
      username: member.username,
      merchant: member.merchant_code,
      currency: member.currency,
      member: limitSetOut(limits.member),
      defaults: limitSetOut(limits.defaults),
      effective: limitSetOut(limits.effective),
      usage: {
        deposited: formatMinor(usage.deposited),
        depositedMinor: usage.deposited.toString(),
        withdrawn: formatMinor(usage.withdrawn),
        withdrawnMinor: usage.withdrawn.toString(),
        withdrawals: usage.withdrawals,
      },
      updatedAt: limits.updatedAt?.getTime() ?? null,
      updatedBy: limits.updatedBy,
    };
  };

  /** Risk (and the owner): a member's limits. */
  const memberLimits = async (actor: Actor, memberId: number) => {
    assertCan(actor, 'limits.write');
    return memberLimitsOut(memberId);
  };

  const saveMemberLimits = async (
    actor: Actor,
    input: LimitValues & { memberId: number; reason: string },
  ) => {
    assertCan(actor, 'limits.write');
    const member = await memberOf(input.memberId);
    await cashier.tx(async (trx) => {
      const before = await trx
        .selectFrom('cashier_member_limit')
        .selectAll()
        .where('member_id', '=', member.id)
        .forUpdate()
        .executeTakeFirst();
      const values = {
        daily_deposit_max: input.depositAmount,
        daily_withdraw_max: input.withdrawAmount,
        daily_withdraw_count: input.withdrawCount,
        updated_at: now(),
        updated_by: `staff:${actor.username}`,
      };
      await trx
        .insertInto('cashier_member_limit')
        .values({ member_id: member.id, ...values })
        .onConflict((oc) => oc.column('member_id').doUpdateSet(values))
        .execute();
      await appendAudit(
        trx,
        actor,
        {
          action: 'cashier.limits.member',
          target: `member:${member.id}`,
          before: before
            ? {
                depositAmount: before.daily_deposit_max,
                withdrawAmount: before.daily_withdraw_max,
                withdrawCount: before.daily_withdraw_count,
              }
            : null,
          after: { ...limitAudit(input), reason: input.reason },
        },
        now(),
      );
    });
    return memberLimitsOut(member.id);
  };

  const limitDefaultsOut = async (merchant: string) => {
    const m = assertMerchant(merchant);
    const row = await db
      .selectFrom('cashier_setting')
      .select(['daily_deposit_max', 'daily_withdraw_max', 'daily_withdraw_count'])
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
    return {
      merchant,
      currency: m.currency,
      limits: limitSetOut({
        depositAmount: row?.daily_deposit_max ? BigInt(row.daily_deposit_max) : null,
        withdrawAmount: row?.daily_withdraw_max ? BigInt(row.daily_withdraw_max) : null,
        withdrawCount: row?.daily_withdraw_count ?? null,
      }),
    };
  };

  const limitDefaults = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'limits.write');
    return limitDefaultsOut(merchant);
  };

  const saveLimitDefaults = async (
    actor: Actor,
    input: LimitValues & { merchant: string; reason: string },
  ) => {
    assertCan(actor, 'limits.write');
    assertMerchant(input.merchant);
    const before = await limitDefaultsOut(input.merchant);
    const settings = await cashier.settingsOf(input.merchant);
    await cashier.tx(async (trx) => {
      const limits = {
        daily_deposit_max: input.depositAmount,
        daily_withdraw_max: input.withdrawAmount,
        daily_withdraw_count: input.withdrawCount,
      };
      // The settings row may not exist yet: it starts from the withdrawal settings in force.
      await trx
        .insertInto('cashier_setting')
        .values({
          merchant_code: input.merchant,
          withdraw_min: settings.min,
          withdraw_max: settings.max,
          auto_confirm_minutes: settings.autoConfirmMinutes,
          updated_at: now(),
          ...limits,
        })
        .onConflict((oc) => oc.column('merchant_code').doUpdateSet({ ...limits, updated_at: now() }))
        .execute();
      await appendAudit(
        trx,
        actor,
        {
          action: 'cashier.limits.defaults',
          target: `merchant:${input.merchant}`,
          before: before.limits,
          after: { ...limitAudit(input), reason: input.reason },
        },
        now(),
      );
    });
    return limitDefaultsOut(input.merchant);
  };

  // ------------------------------------------------------------ adjustments and ledger

  const adjust = async (
    actor: Actor,
    input: {
      memberId: number;
      direction: 'credit' | 'debit';
      amount: bigint;
      reason: string;
      currency?: string | undefined;
    },
    clientKey: string,
  ) => {
    assertCan(actor, 'cashier.adjust');
    const member = await db
      .selectFrom('member')
      .innerJoin('merchant', 'merchant.code', 'member.merchant_code')
      .select(['member.id', 'member.merchant_code', 'member.type', 'merchant.currency'])
      .where('member.id', '=', input.memberId)
      .executeTakeFirst();
    if (!member) throw new AppError('not.found');
    // A trial account (type 4) holds demo credit only: no real money is put in or taken out.
    if (isTrialType(member.type)) throw new AppError('in_need_true_account');
    if (input.currency !== undefined && input.currency !== member.currency)
      throw new AppError('validation.failed', {
        value: { fields: { currency: 'wallet.currency.mismatch' } },
      });
    const base = { merchantCode: member.merchant_code, currency: member.currency };
    const houseId = await wallet.accountOf({ ...base, kind: 'house' });
    const mainId = await wallet.accountOf({ ...base, kind: 'member_main', memberId: member.id });
    const signed = input.direction === 'credit' ? input.amount : -input.amount;
    const result = await cashier.tx(async (trx) => {
      const posted = await wallet.post(
        {
          merchantCode: member.merchant_code,
          idempotencyKey: `adjust:${actor.id}:${clientKey}`,
          kind: 'adjustment',
          lines: [
            { accountId: houseId, amount: -signed },
            { accountId: mainId, amount: signed },
          ],
          metadata: { memberId: member.id, staffId: actor.id, staff: actor.username, reason: input.reason },
        },
        trx,
      );
      if (!posted.replayed)
        await appendAudit(
          trx,
          actor,
          {
            action: 'cashier.adjust',
            target: `member:${member.id}`,
            after: {
              direction: input.direction,
              amount: input.amount.toString(),
              reason: input.reason,
              entryId: posted.entryId,
            },
          },
          now(),
        );
      return posted;
    });
    if (!result.replayed) wallet.events.publish(member.id);
    const line = result.lines.find((l) => l.accountId === mainId);
    if (!line) throw new Error('adjustment without the member line');
    return {
      transactionId: result.entryId,
      replayed: result.replayed,
      balance: formatMinor(line.balanceAfter),
      balanceMinor: line.balanceAfter.toString(),
    };
  };

  const memberLedger = async (
    actor: Actor,
    q: {
      memberId: number;
      from?: number | undefined;
      to?: number | undefined;
      kind?: string | undefined;
      page: number;
      pageSize: number;
    },
  ) => {
    assertCan(actor, 'cashier.queue');
    const member = await db
      .selectFrom('member')
      .innerJoin('merchant', 'merchant.code', 'member.merchant_code')
      .select(['member.id', 'member.username', 'merchant.currency'])
      .where('member.id', '=', q.memberId)
      .executeTakeFirst();
    if (!member) throw new AppError('not.found');
    let lines = db
      .selectFrom('journal_line as l')
      .innerJoin('ledger_account as a', 'a.id', 'l.account_id')
      .innerJoin('journal_entry as e', 'e.id', 'l.entry_id')
      .where('a.member_id', '=', member.id);
    if (q.from !== undefined) lines = lines.where('e.created_at', '>=', new Date(q.from));
    if (q.to !== undefined) lines = lines.where('e.created_at', '<', new Date(q.to));
    if (q.kind) lines = lines.where('e.kind', '=', q.kind);
    const [rows, count, accounts] = await Promise.all([
      lines
        .select([
          'e.id',
          'e.kind',
          'e.created_at',
          'e.metadata',
          'a.kind as account',
          'a.vendor_code',
          'l.amount',
          'l.balance_after',
        ])
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      lines.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      db
        .selectFrom('ledger_account')
        .select(['kind', 'vendor_code', 'balance'])
        .where('member_id', '=', member.id)
        .orderBy('kind')
        .orderBy('vendor_code')
        .execute(),
    ]);
    return {
      memberId: member.id,
      username: member.username,
      currency: member.currency,
      balances: accounts.map((a) => ({
        account: a.vendor_code ? `vendor:${a.vendor_code}` : a.kind,
        balance: formatMinor(BigInt(a.balance)),
        balanceMinor: String(a.balance),
      })),
      items: rows.map((r) => ({
        entryId: r.id,
        kind: r.kind,
        account: r.account,
        vendorCode: r.vendor_code,
        amount: formatMinor(BigInt(r.amount)),
        amountMinor: String(r.amount),
        balanceAfter: formatMinor(BigInt(r.balance_after)),
        balanceAfterMinor: String(r.balance_after),
        createdAt: r.created_at.getTime(),
        metadata: r.metadata,
      })),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
  };

  return {
    deposits,
    depositsCsv,
    approveDeposit,
    rejectDeposit,
    withdrawals,
    withdrawalsCsv,
    withdrawalAction,
    upload,
    channels,
    saveChannel,
    deleteChannel,
    settings,
    saveSettings,
    adjust,
    memberLedger,
    memberLimits,
    saveMemberLimits,
    limitDefaults,
    saveLimitDefaults,
  };
};

export type CashierBackoffice = ReturnType<typeof createCashierBackoffice>;
