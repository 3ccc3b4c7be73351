import { isTrialType } from '@khela/contract';
import { sql } from 'kysely';
import { AppError } from '../../../http/errors';
import { type Actor, appendAudit, assertCan } from '../../staff';
import { formatMinor } from '../../wallet';

import type { CashierBoContext } from './context';

/** Manual adjustments and the member ledger. */
export const createAdjustments = ({ db, wallet, cashier, now }: CashierBoContext) => {
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

  return { adjust, memberLedger };
};
