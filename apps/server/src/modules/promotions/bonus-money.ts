import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { type AccountRef, formatMinor, lockedBalances, type PostInput } from '../wallet';
import type { PlayListener, PlayMove } from './play-types';
import type { BonusTerms } from './rules';
import { afterRefund, decideStake } from './wagering';

/**
 * The bonus wallet's money (docs/decisions/036): every movement is a ledger entry with a key
 * that makes it happen once — grant (`promo:grant:<bonus>`, the merchant's bonus expense account →
 * the member's `member_bonus`), spend before a stake (`promo:spend:<bonus>:<source>:<ref>`,
 * bonus → main), conversion (`promo:convert:<bonus>`, bonus → main) and the end of a bonus that
 * did not finish (`promo:end:<bonus>`, bonus → expense). State changes happen under the bonus
 * row's lock and only from `active`, so a bonus converts or ends exactly once.
 */

export type BonusMoneyDeps = {
  post: (input: PostInput, within: Db) => Promise<unknown>;
  accountOf: (ref: AccountRef, within: Db) => Promise<string>;
  currencyOf: (merchantCode: string) => string;
  now: () => Date;
};

export type BonusRow = {
  id: string;
  merchant_code: string;
  member_id: number;
  promo_code: string;
  rule: unknown;
  deposit_minor: string | bigint;
  amount_minor: string | bigint;
  requirement_minor: string | bigint;
  wagered_centi: string | bigint;
  status: string;
  expires_at: Date | string;
};

export const termsOfRow = (row: { rule: unknown }): BonusTerms =>
  (typeof row.rule === 'string' ? JSON.parse(row.rule) : row.rule) as BonusTerms;

export type EndReason = 'forfeited' | 'expired';

export const createBonusMoney = (deps: BonusMoneyDeps) => {
  const accounts = async (db: Db, merchantCode: string, memberId: number) => {
    const base = { merchantCode, currency: deps.currencyOf(merchantCode) };
    const [bonusId, mainId, expenseId] = await Promise.all([
      deps.accountOf({ ...base, kind: 'member_bonus', memberId }, db),
      deps.accountOf({ ...base, kind: 'member_main', memberId }, db),
      deps.accountOf({ ...base, kind: 'bonus' }, db),
    ]);
    return { bonusId, mainId, expenseId };
  };

  const move = (
    db: Db,
    merchantCode: string,
    key: string,
    kind: string,
    from: string,
    to: string,
    amount: bigint,
    metadata: Record<string, unknown>,
  ) =>
    amount === 0n
      ? Promise.resolve()
      : deps.post(
          {
            merchantCode,
            idempotencyKey: key,
            kind,
            lines: [
              { accountId: from, amount: -amount },
              { accountId: to, amount },
            ],
            metadata,
          },
          db,
        );

  /** The member's active bonus, its row locked (null when none). */
  const lockActive = async (db: Db, memberId: number) =>
    ((await db
      .selectFrom('promo_bonus')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .forUpdate()
      .executeTakeFirst()) as BonusRow | undefined) ?? null;

  /** Grants a bonus inside `db` (a transaction): the row and the money together. */
  const grant = async (
    db: Db,
    input: {
      merchantCode: string;
      memberId: number;
      promoCode: string;
      promoVersion: number;
      terms: BonusTerms;
      periodKey: string;
      depositId: string | null;
      depositMinor: bigint;
      amountMinor: bigint;
      requirementMinor: bigint;
      expiryHours: number;
    },
  ) => {
    const id = randomUUID();
    const at = deps.now();
    await db
      .insertInto('promo_bonus')
      .values({
        id,
        merchant_code: input.merchantCode,
        member_id: input.memberId,
        promo_code: input.promoCode,
        promo_version: input.promoVersion,
        rule: JSON.stringify(input.terms),
        period_key: input.periodKey,
        deposit_id: input.depositId,
        deposit_minor: input.depositMinor.toString(),
        amount_minor: input.amountMinor.toString(),
        requirement_minor: input.requirementMinor.toString(),
        status: 'active',
        granted_at: at,
        expires_at: new Date(at.getTime() + input.expiryHours * 3_600_000),
      })
      .execute();
    const a = await accounts(db, input.merchantCode, input.memberId);
    await move(
      db,
      input.merchantCode,
      `promo:grant:${id}`,
      'promo.grant',
      a.expenseId,
      a.bonusId,
      input.amountMinor,
      {
        memberId: input.memberId,
        bonusId: id,
        promo: input.promoCode,
      },
    );
    return id;
  };

  /** Ends a bonus that did not finish: what is left on the bonus wallet goes back to the expense account. */
  const end = async (db: Db, row: BonusRow, reason: EndReason) => {
    const a = await accounts(db, row.merchant_code, row.member_id);
    const balances = await lockedBalances(db, [a.bonusId, a.mainId]);
    const left = balances.get(a.bonusId) ?? 0n;
    await move(db, row.merchant_code, `promo:end:${row.id}`, 'promo.end', a.bonusId, a.expenseId, left, {
      memberId: row.member_id,
      bonusId: row.id,
      reason,
    });
    await db
      .updateTable('promo_bonus')
      .set({ status: reason, ended_at: deps.now(), ended_reason: reason, returned_minor: left.toString() })
      .where('id', '=', row.id)
      .where('status', '=', 'active')
      .execute();
    return left;
  };

  /** Completion: the bonus left converts to cash, once (status guard and ledger key). */
  const convert = async (db: Db, row: BonusRow, left: bigint, ids: { bonusId: string; mainId: string }) => {
    await move(
      db,
      row.merchant_code,
      `promo:convert:${row.id}`,
      'promo.convert',
      ids.bonusId,
      ids.mainId,
      left,
      {
        memberId: row.member_id,
        bonusId: row.id,
      },
    );
    await db
      .updateTable('promo_bonus')
      .set({
        status: 'completed',
        ended_at: deps.now(),
        ended_reason: 'completed',
        converted_minor: left.toString(),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'active')
      .execute();
  };

  /** The active bonus of a member, ended first when its expiry has passed. */
  const activeOf = async (db: Db, memberId: number) => {
    const row = await lockActive(db, memberId);
    if (!row) return null;
    if (new Date(row.expires_at) <= deps.now()) {
      await end(db, row, 'expired');
      return null;
    }
    return row;
  };

  const stake = async (db: Db, m: PlayMove) => {
    const row = await activeOf(db, m.memberId);
    if (!row) return;
    const terms = termsOfRow(row);
    const maxBet = BigInt(terms.maxBetMinor);
    if (m.amount > maxBet)
      throw new AppError('promotions.max.bet', { value: { maxBet: formatMinor(maxBet), bonusId: row.id } });
    const a = await accounts(db, row.merchant_code, row.member_id);
    const balances = await lockedBalances(db, [a.bonusId, a.mainId]);
    const bonus = balances.get(a.bonusId) ?? 0n;
    const d = decideStake({
      order: terms.spendingOrder,
      weights: terms.weights,
      product: m.product,
      stake: m.amount,
      cash: balances.get(a.mainId) ?? 0n,
      bonus,
      wageredCenti: BigInt(row.wagered_centi),
      requirement: BigInt(row.requirement_minor),
    });
    await move(
      db,
      row.merchant_code,
      `promo:spend:${row.id}:${m.source}:${m.ref}`,
      'promo.spend',
      a.bonusId,
      a.mainId,
      d.take,
      {
        memberId: row.member_id,
        bonusId: row.id,
      },
    );
    await db
      .updateTable('promo_bonus')
      .set({ wagered_centi: d.wageredCenti.toString() })
      .where('id', '=', row.id)
      .execute();
    if (d.completes) await convert(db, row, bonus - d.take, a);
  };

  const refund = async (db: Db, m: PlayMove) => {
    const row = await lockActive(db, m.memberId);
    if (!row) return;
    const left = afterRefund(BigInt(row.wagered_centi), termsOfRow(row).weights, m.product, m.amount);
    await db
      .updateTable('promo_bonus')
      .set({ wagered_centi: left.toString() })
      .where('id', '=', row.id)
      .execute();
  };

  /** The wagering listener app.ts hands to the play hooks (after protection and the recorder). */
  const listener: PlayListener = { stake, refund };

  /**
   * The cashier's withdrawal asks this in its transaction: a bonus whose promotion forfeits on
   * withdrawal ends (its money back to the expense account); one that refuses stops the withdrawal.
   */
  const beforeWithdrawal = async (db: Db, memberId: number) => {
    const row = await activeOf(db, memberId);
    if (!row) return;
    if (termsOfRow(row).withdrawPolicy === 'refuse')
      throw new AppError('promotions.withdraw.refused', {
        value: { bonusId: row.id, promo: row.promo_code },
      });
    await end(db, row, 'forfeited');
  };

  /** The member gives up the active bonus (returns what it ended, or null when none was active). */
  const forfeit = async (db: Db, memberId: number) => {
    const row = await activeOf(db, memberId);
    return row ? end(db, row, 'forfeited') : null;
  };

  /** Expired bonuses, a batch at a time (each under its own row lock; a racing stake waits). */
  const expireDue = async (db: Db, limit = 200) => {
    const due = await db
      .selectFrom('promo_bonus')
      .selectAll()
      .where('status', '=', 'active')
      .where('expires_at', '<=', deps.now())
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const row of due) await end(db, row as BonusRow, 'expired');
    return due.length;
  };

  return { grant, listener, stake, refund, beforeWithdrawal, forfeit, expireDue, accounts, activeOf };
};

export type BonusMoney = ReturnType<typeof createBonusMoney>;
