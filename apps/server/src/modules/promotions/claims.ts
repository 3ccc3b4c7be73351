import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Db, isUniqueViolation } from '../../shared/db';
import { playTotals } from '../activity';
import type { BonusMoney } from './bonus-money';
import { type PromoRule, rulesInForce, termsOf } from './rules';
import { bonusAmountOf, requirementOf } from './wagering';

/**
 * Claiming (docs/decisions/036). The flow is "deposit, then claim": a deposit promotion is
 * claimable while the member's latest approved deposit (of the last 24 hours, inside the
 * promotion's period, not used by another bonus) qualifies; the claim grants the bonus on that
 * deposit. Free credits are claimed as they are; "apply" promotions go to staff review.
 */

export type Deposit = { id: string; amount: bigint; approvedAt: Date };
export type ClaimsDeps = {
  db: Kysely<DB>;
  money: BonusMoney;
  deposits: (db: Db, memberId: number) => Promise<Deposit[]>;
  now: () => Date;
};

const DEPOSIT_WINDOW_MS = 24 * 3_600_000;
const DEPOSIT_KINDS = ['deposit_match', 'first_deposit', 'reload'];

/** The key that makes "once per member / day / week" unique (UTC days; weeks from Monday). */
export const periodKeyOf = (frequency: PromoRule['frequency'], at: Date, unique: string) => {
  if (frequency === 'once') return 'once';
  if (frequency === 'unlimited') return `u:${unique}`;
  const day = at.toISOString().slice(0, 10);
  if (frequency === 'daily') return `d:${day}`;
  const monday = new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * 86_400_000);
  return `w:${monday.toISOString().slice(0, 10)}`;
};

export type Claimable = {
  rule: PromoRule;
  depositId: string | null;
  depositMinor: bigint;
  bonusMinor: bigint;
};

export const createClaims = (deps: ClaimsDeps) => {
  const { db, money, now } = deps;

  const inPeriod = (rule: PromoRule, at: Date) =>
    rule.active && (!rule.startsAt || rule.startsAt <= at) && (!rule.endsAt || at < rule.endsAt);

  /** Why a rule cannot be claimed by the member now (null: it can), with the deposit it would use. */
  const evaluate = async (
    within: Db,
    memberId: number,
    rule: PromoRule,
    used: { depositIds: Set<string>; periodKeys: Set<string> },
  ): Promise<Claimable | null> => {
    const at = now();
    // Apply: staff review; referral: claimed per friend (referral.ts).
    if (!inPeriod(rule, at) || rule.kind === 'apply' || rule.kind === 'referral') return null;
    if (rule.kind === 'cashback') {
      const key = periodKeyOf('daily', at, '');
      if (used.periodKeys.has(`${rule.code}|${key}`)) return null;
      // Yesterday's net loss (UTC day) from the play activity: stakes − refunds − payouts.
      const to = new Date(`${at.toISOString().slice(0, 10)}T00:00:00Z`);
      const from = new Date(to.getTime() - 86_400_000);
      const [row] = await playTotals(within, { from, to, memberIds: [memberId], groupBy: ['member'] });
      const loss = row ? row.stakeMinor - row.refundMinor - row.payoutMinor : 0n;
      if (loss <= 0n || loss < rule.minDepositMinor) return null;
      const bonusMinor = bonusAmountOf(rule, loss);
      return bonusMinor > 0n ? { rule, depositId: null, depositMinor: 0n, bonusMinor } : null;
    }
    if (!DEPOSIT_KINDS.includes(rule.kind)) {
      const key = periodKeyOf(rule.frequency, at, randomUUID());
      if (used.periodKeys.has(`${rule.code}|${key}`)) return null;
      return { rule, depositId: null, depositMinor: 0n, bonusMinor: bonusAmountOf(rule, 0n) };
    }
    const deposits = await deps.deposits(within, memberId);
    const latest = deposits.at(-1);
    if (!latest || used.depositIds.has(latest.id)) return null;
    if (at.getTime() - latest.approvedAt.getTime() > DEPOSIT_WINDOW_MS) return null;
    if (rule.startsAt && latest.approvedAt < rule.startsAt) return null;
    if (latest.amount < rule.minDepositMinor) return null;
    if (rule.kind === 'first_deposit' && deposits.length !== 1) return null;
    if (rule.kind === 'reload' && deposits.length < 2) return null;
    const key = periodKeyOf(rule.frequency, at, latest.id);
    if (used.periodKeys.has(`${rule.code}|${key}`)) return null;
    const bonusMinor = bonusAmountOf(rule, latest.amount);
    if (bonusMinor <= 0n) return null;
    return { rule, depositId: latest.id, depositMinor: latest.amount, bonusMinor };
  };

  const usedBy = async (within: Db, memberId: number) => {
    const rows = await within
      .selectFrom('promo_bonus')
      .select(['promo_code', 'period_key', 'deposit_id'])
      .where('member_id', '=', memberId)
      .execute();
    return {
      depositIds: new Set(rows.flatMap((r) => (r.deposit_id ? [r.deposit_id] : []))),
      periodKeys: new Set(rows.map((r) => `${r.promo_code}|${r.period_key}`)),
    };
  };

  /** What the member can claim now (the reward centre's promotion items). */
  const claimables = async (member: { id: number; merchantCode: string }) => {
    const rules = await rulesInForce(db, member.merchantCode, now());
    const used = await usedBy(db, member.id);
    const out: Claimable[] = [];
    for (const rule of rules) {
      const c = await evaluate(db, member.id, rule, used);
      if (c) out.push(c);
    }
    return out;
  };

  /** Claims a promotion: one transaction; refused when not eligible or a bonus is active. */
  const claim = async (member: { id: number; merchantCode: string }, code: string) => {
    try {
      return await db.transaction().execute(async (trx) => {
        const [rule] = await rulesInForce(trx, member.merchantCode, now(), code);
        if (!rule) throw new AppError('promotions.unknown');
        if (await money.activeOf(trx, member.id)) throw new AppError('promotions.bonus.active');
        const c = await evaluate(trx, member.id, rule, await usedBy(trx, member.id));
        if (!c) throw new AppError('promotions.not.eligible');
        const bonusId = await money.grant(trx, {
          merchantCode: member.merchantCode,
          memberId: member.id,
          promoCode: rule.code,
          promoVersion: rule.version,
          terms: termsOf(rule),
          periodKey: periodKeyOf(rule.frequency, now(), c.depositId ?? randomUUID()),
          depositId: c.depositId,
          depositMinor: c.depositMinor,
          amountMinor: c.bonusMinor,
          requirementMinor: requirementOf(rule.wageringBase, c.depositMinor, c.bonusMinor, rule.multiplier),
          expiryHours: rule.expiryHours,
        });
        return { bonusId, amountMinor: c.bonusMinor };
      });
    } catch (error) {
      // A racing claim of the same deposit, period or a second active bonus: the unique keys said no.
      if (isUniqueViolation(error)) throw new AppError('promotions.not.eligible');
      throw error;
    }
  };

  /** An "apply" promotion: the member's request (remark ≤ 140) waits for staff review. */
  const apply = async (member: { id: number; merchantCode: string }, code: string, remark: string) => {
    const [rule] = await rulesInForce(db, member.merchantCode, now(), code);
    if (rule?.kind !== 'apply' || !inPeriod(rule, now())) throw new AppError('promotions.unknown');
    if ([...remark].length > 140)
      throw new AppError('validation.failed', { value: { fields: { remark: 'promotions.remark.long' } } });
    const id = randomUUID();
    try {
      await db
        .insertInto('promo_application')
        .values({
          id,
          merchant_code: member.merchantCode,
          member_id: member.id,
          promo_code: code,
          remark,
          status: 'pending',
          created_at: now(),
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('promotions.application.pending');
      throw error;
    }
    return { applicationId: id };
  };

  /**
   * Staff decide an application in `trx`: approval grants the promotion's fixed bonus (or the
   * amount staff set, within the cap) unless the member already has an active bonus.
   */
  const decide = async (
    trx: Db,
    input: {
      id: string;
      approve: boolean;
      amountMinor?: bigint | undefined;
      reason?: string | undefined;
      by: string;
    },
  ) => {
    const app = await trx
      .selectFrom('promo_application')
      .selectAll()
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (app?.status !== 'pending') throw new AppError('promotions.application.decided');
    let bonusId: string | null = null;
    if (input.approve) {
      const [rule] = await rulesInForce(trx, app.merchant_code, now(), app.promo_code);
      if (!rule) throw new AppError('promotions.unknown');
      if (await money.activeOf(trx, app.member_id)) throw new AppError('promotions.bonus.active');
      let amount = input.amountMinor ?? rule.fixedMinor;
      if (rule.capMinor > 0n && amount > rule.capMinor) amount = rule.capMinor;
      if (amount <= 0n)
        throw new AppError('validation.failed', {
          value: { fields: { amountMinor: 'promotions.rule.invalid' } },
        });
      bonusId = await money.grant(trx, {
        merchantCode: app.merchant_code,
        memberId: app.member_id,
        promoCode: rule.code,
        promoVersion: rule.version,
        terms: termsOf(rule),
        periodKey: `a:${app.id}`,
        depositId: null,
        depositMinor: 0n,
        amountMinor: amount,
        requirementMinor: requirementOf('bonus', 0n, amount, rule.multiplier),
        expiryHours: rule.expiryHours,
      });
    }
    await trx
      .updateTable('promo_application')
      .set({
        status: input.approve ? 'approved' : 'rejected',
        decided_at: now(),
        decided_by: input.by,
        reason: input.reason ?? null,
        bonus_id: bonusId,
      })
      .where('id', '=', app.id)
      .execute();
    return { memberId: app.member_id, bonusId };
  };

  return { claimables, claim, apply, decide };
};

export type Claims = ReturnType<typeof createClaims>;
