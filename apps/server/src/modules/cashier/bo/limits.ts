import { AppError } from '../../../http/errors';
import { memberMerchantOf, memberUsernames } from '../../identity';
import { type Actor, appendAudit, assertCan } from '../../staff';
import { formatMinor } from '../../wallet';

import type { CashierBoContext } from './context';

/** Daily deposit and withdrawal limits (risk): per member and the merchant defaults. */
export const createDailyLimits = ({ db, site, cashier, now, assertMerchant }: CashierBoContext) => {
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

  /** The member's id, username, merchant and its currency (asked of identity and site), or 404. */
  const memberOf = async (memberId: number) => {
    const found = await memberMerchantOf(db, memberId);
    if (!found) throw new AppError('not.found');
    const username = (await memberUsernames(db, [found.id])).get(found.id);
    const merchant = site.findMerchant(found.merchant_code);
    if (username === undefined || !merchant) throw new AppError('not.found');
    return { id: found.id, username, merchant_code: found.merchant_code, currency: merchant.currency };
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

  return { memberLimits, saveMemberLimits, limitDefaults, saveLimitDefaults };
};
