import type { BoWithdrawalActionBody, BoWithdrawalRow } from '@khela/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { type Actor, appendAudit, assertCan, csvStream } from '../../staff';

import type { CashierBoContext } from './context';

export type WithdrawalFilter = {
  merchant?: string | undefined;
  status?: 'in_process' | 'approved' | 'issued' | 'rejected' | undefined;
  confirmation?: string | undefined;
  memberId?: number | undefined;
  username?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
};

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

/** The withdrawal queue: list, CSV, the status actions, receipts. */
export const createWithdrawalQueue = ({ db, wallet, cashier, now }: CashierBoContext) => {
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
      .where('erased_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new AppError('not.found');
    return { mime: row.mime, bytes: Buffer.from(row.bytes) };
  };

  return { withdrawals, withdrawalsCsv, withdrawalAction, upload };
};
