import { VIP_RETENTION_DAYS, type VipTier } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Db } from '../../shared/db';
import { loyaltyMemberOf } from './members';
import { type DepositTotals, dayOf, type PlayTotals, turnoverOf } from './play';
import { type RuleInForce, ruleInForce } from './rules';

/**
 * VIP levels. Reaching the next tier takes its turnover, counted since the member reached the
 * current level (since ever at level 0), and its lifetime approved deposits; at most one level up
 * a UTC day, never skipping (turnover is counted by the hour: from the first full hour after the
 * level was reached). Keeping a level takes the tier's retention turnover over the last 60
 * days once the level is 60 days old; short of it the member goes down one level (and the 60 days
 * start again). One change per evaluation, under the member's row lock; a level up runs `levelUp`
 * in the same transaction (the level-up bonus, ADR 056).
 */
export type VipState = {
  level: number;
  levelSince: Date;
  /** Turnover counted towards the next level, lifetime deposits, turnover of the last 60 days. */
  turnoverMinor: bigint;
  depositMinor: bigint;
  retentionTurnoverMinor: bigint;
  changed: 'up' | 'down' | null;
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const EPOCH = new Date(0);
/** The start of the hour after `at` (turnover is rolled up by the hour). */
const nextHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);

export const evaluateVip = async (
  db: Kysely<DB>,
  reads: { playTotals: PlayTotals; depositTotals: DepositTotals },
  m: {
    memberId: number;
    merchantCode: string;
    rule: RuleInForce;
    at: Date;
    levelUp?: ((trx: Db, level: number) => Promise<unknown>) | undefined;
  },
): Promise<VipState> =>
  db.transaction().execute(async (trx) => {
    const { at, memberId } = m;
    const tiers = m.rule.rule.vip.tiers;
    const row = await loyaltyMemberOf(trx, memberId, m.merchantCode, at, true);
    const level = Math.min(row.vipLevel, tiers.length - 1);
    const turnoverSince = async (from: Date) => {
      const [total] = await reads.playTotals(trx, {
        from,
        to: nextHour(at),
        memberIds: [memberId],
        groupBy: ['member'],
      });
      return total ? turnoverOf(total) : 0n;
    };
    // Turnover is rolled up by the hour: a level counts the turnover from the first hour after it
    // was reached, and the current hour so far.
    const since = level === 0 ? EPOCH : nextHour(row.levelSince);
    const windowFrom = new Date(at.getTime() - VIP_RETENTION_DAYS * DAY_MS);
    const turnover = await turnoverSince(since);
    const retention = await turnoverSince(windowFrom);
    const deposits =
      (await reads.depositTotals({ memberIds: [memberId], from: EPOCH, to: at }, trx)).get(memberId) ?? 0n;
    const state: VipState = {
      level,
      levelSince: row.levelSince,
      turnoverMinor: turnover,
      depositMinor: deposits,
      retentionTurnoverMinor: retention,
      changed: null,
    };
    const current = tiers[level] as VipTier;
    const next = tiers[level + 1];
    const today = dayOf(at);
    if (level > 0 && row.levelSince <= windowFrom && retention < BigInt(current.retentionTurnoverMinor)) {
      Object.assign(state, { level: level - 1, levelSince: at, changed: 'down', turnoverMinor: 0n });
    } else if (
      next &&
      row.lastUpgradeDay !== today &&
      turnover >= BigInt(next.turnoverMinor) &&
      deposits >= BigInt(next.depositMinor)
    ) {
      Object.assign(state, { level: level + 1, levelSince: at, changed: 'up', turnoverMinor: 0n });
    }
    if (state.changed || level !== row.vipLevel)
      await trx
        .updateTable('loyalty_member')
        .set({
          vip_level: state.level,
          level_since: state.levelSince,
          ...(state.changed === 'up' ? { last_upgrade_day: today } : {}),
        })
        .where('member_id', '=', memberId)
        .execute();
    if (state.changed === 'up') await m.levelUp?.(trx, state.level);
    return state;
  });

/**
 * The member's VIP withdrawal limit (ADR 056): the current tier's `withdrawDailyMinor` under the rule
 * in force at `at`, read in the caller's transaction (the cashier's withdrawal); null when the tier
 * sets none ('0'). A member without a loyalty row is at level 0.
 */
export const vipWithdrawLimitOf = async (
  within: Db,
  member: { id: number; merchantCode: string },
  at: Date,
): Promise<{ level: number; limitMinor: bigint } | null> => {
  const row = await within
    .selectFrom('loyalty_member')
    .select('vip_level')
    .where('member_id', '=', member.id)
    .executeTakeFirst();
  const { rule } = await ruleInForce(within, member.merchantCode, at);
  const level = Math.min(row?.vip_level ?? 0, rule.vip.tiers.length - 1);
  const limit = BigInt(rule.vip.tiers[level]?.withdrawDailyMinor ?? '0');
  return limit > 0n ? { level, limitMinor: limit } : null;
};

/** The /vip page's view: tiers with benefits, and the member's progress to the next one. */
export const vipView = (
  rule: RuleInForce,
  state: VipState | null,
  bonuses: {
    kind: 'level_up' | 'birthday';
    period: string;
    level: number;
    amountMinor: string;
    at: number;
  }[] = [],
) => {
  const { tiers } = rule.rule.vip;
  const next = state ? tiers[state.level + 1] : undefined;
  const current = state ? tiers[state.level] : undefined;
  return {
    tiers: tiers.map((t) => ({ ...t, rebatePpm: rule.rule.rebate.ratesPpm[t.level] ?? {} })),
    me: state
      ? {
          level: state.level,
          levelSince: state.levelSince.getTime(),
          turnoverMinor: state.turnoverMinor.toString(),
          depositMinor: state.depositMinor.toString(),
          nextLevel: next?.level ?? null,
          nextTurnoverMinor: next?.turnoverMinor ?? null,
          nextDepositMinor: next?.depositMinor ?? null,
          retentionTurnoverMinor: state.retentionTurnoverMinor.toString(),
          retentionTargetMinor: state.level > 0 ? (current?.retentionTurnoverMinor ?? null) : null,
          retentionDueAt: state.level > 0 ? state.levelSince.getTime() + VIP_RETENTION_DAYS * DAY_MS : null,
          bonuses,
        }
      : null,
  };
};
