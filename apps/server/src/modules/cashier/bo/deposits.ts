import type { BoDepositRow } from '@khela/contract';
import { sql } from 'kysely';
import { AppError } from '../../../http/errors';
import { type Actor, appendAudit, assertCan, csvStream } from '../../staff';

import type { CashierBoContext } from './context';

export type DepositFilter = {
  merchant?: string | undefined;
  status?: 'pending' | 'approved' | 'rejected' | undefined;
  memberId?: number | undefined;
  username?: string | undefined;
  channel?: string | undefined;
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
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The deposit queue: list, CSV, approve, reject. */
export const createDepositQueue = ({ wallet, cashier, now }: CashierBoContext) => {
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

  return { deposits, depositsCsv, approveDeposit, rejectDeposit };
};
