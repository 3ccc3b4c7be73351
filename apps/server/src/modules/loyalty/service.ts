import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { type BirthdayMembers, payBirthdays } from './birthday';
import { convertPoints } from './convert';
import { decideRedemption, mallItems, redeem, redemptions } from './mall';
import { loyaltyMemberOf } from './members';
import { claimMission, leaderboardOf, missionsOf, progressOf } from './missions';
import type { LoyaltyWallet } from './money';
import { type DepositTotals, dayBefore, dayBounds, dayOf, type PlayTotals } from './play';
import { earnPoints, pointEntriesOf } from './points';
import { accrueRebates, payAccruedRebates, rebatesOf } from './rebates';
import { type RuleInForce, ruleInForce } from './rules';
import { evaluateVip, vipView, vipWithdrawLimitOf } from './vip';
import { grantVipBonuses, tierAmount, vipBonusesOf } from './vip-bonus';

export type LoyaltyDeps = {
  db: Kysely<DB>;
  wallet: LoyaltyWallet;
  /** The activity module's turnover rollup (docs/decisions/037; /work/plan/activity.md). */
  playTotals: PlayTotals;
  /** The cashier's approved deposits per member. */
  depositTotals: DepositTotals;
  merchants: () => Promise<{ code: string; currency: string }[]>;
  /** The cashier's payment-password check (the spec's passwordCheck relays). */
  checkPaymentPassword: (memberId: number, password: string) => Promise<void>;
  /** Member names for the leaderboard. */
  namesOf: (ids: number[]) => Promise<Map<number, { username: string }>>;
  publishBalance: (memberId: number) => void;
  /** Members whose birthday it is and whom marketing may reach (protection and identity's; ADR 056). */
  birthdays?: BirthdayMembers | undefined;
  now?: (() => Date) | undefined;
};

export type Member = { id: number; merchantCode: string };

/** A day's run: what was accrued, earned and paid. */
export type RunReport = {
  day: string;
  committed: boolean;
  rebates: number;
  members: number;
  amountMinor: bigint;
  pointEntries: number;
  paid: number;
};

class Preview extends Error {
  constructor(readonly report: RunReport) {
    super('preview');
  }
}

const mask = (name: string) =>
  name.length <= 3 ? `${name[0] ?? ''}**` : `${name.slice(0, 2)}***${name.slice(-1)}`;

/** Loyalty: rebates, points and the mall, VIP, missions (docs/decisions/037). */
export const createLoyalty = (deps: LoyaltyDeps) => {
  const { db, wallet } = deps;
  const now = deps.now ?? (() => new Date());
  const reads = { playTotals: deps.playTotals, depositTotals: deps.depositTotals };

  const currencyOf = async (merchantCode: string) => {
    const m = (await deps.merchants()).find((x) => x.code === merchantCode);
    if (!m) throw new AppError('not.found');
    return m.currency;
  };

  /**
   * The level-up bonus of a promotion (ADR 056), in the promotion's transaction: the tier's amount
   * under the rule in force, once per (member, level) ever (`loyalty_vip_bonus`). The currency is
   * read before the transaction (the merchant list is not read inside it).
   */
  const levelUpOf = (
    memberId: number,
    merchantCode: string,
    rule: RuleInForce,
    currency: string,
    at: Date,
  ) => {
    const paid: bigint[] = [];
    const levelUp = async (trx: Db, level: number) => {
      const granted = await grantVipBonuses(trx, wallet, {
        merchantCode,
        currency,
        kind: 'level_up',
        rule,
        grants: [
          { memberId, period: String(level), level, amountMinor: tierAmount(rule, level, 'level_up') },
        ],
        at,
      });
      for (const g of granted) paid.push(g.amountMinor);
    };
    return { levelUp, paid };
  };

  /** Evaluates a member's VIP level; a promotion pays its level-up bonus (balance published). */
  const evaluate = async (memberId: number, merchantCode: string, rule: RuleInForce, at: Date) => {
    const bonus = levelUpOf(memberId, merchantCode, rule, await currencyOf(merchantCode), at);
    const state = await evaluateVip(db, reads, { memberId, merchantCode, rule, at, levelUp: bonus.levelUp });
    if (bonus.paid.some((amount) => amount > 0n)) deps.publishBalance(memberId);
    return state;
  };

  // ---- the daily run ----

  /** Accrues a day's rebates and points (in `trx`), answers the counts. */
  const accrueDay = async (trx: Kysely<DB>, merchantCode: string, day: string, at: Date) => {
    const { from, to } = dayBounds(day);
    // The rule in force at the end of the day is the one the day's rebates copy.
    const rule = await ruleInForce(trx, merchantCode, new Date(to.getTime() - 1));
    const totals = await deps.playTotals(trx, { from, to, merchantCode, groupBy: ['member', 'product'] });
    const rebates = await accrueRebates(trx, { merchantCode, day, rule, totals, at });
    const pointEntries = await earnPoints(trx, { merchantCode, day, rule, totals, at });
    const sums = await trx
      .selectFrom('loyalty_rebate')
      .select([
        sql<string>`count(DISTINCT member_id)`.as('members'),
        sql<string>`coalesce(sum(amount_minor), 0)`.as('amount'),
      ])
      .where('merchant_code', '=', merchantCode)
      .where('day', '=', sql<Date>`${day}::date`)
      .executeTakeFirstOrThrow();
    const players = [...new Set(totals.flatMap((r) => (r.memberId === undefined ? [] : [r.memberId])))];
    return {
      rule,
      rebates,
      pointEntries,
      members: Number(sums.members),
      amount: BigInt(sums.amount),
      players,
    };
  };

  /** What the run of a day would accrue; nothing is written (the transaction is rolled back). */
  const previewDay = async (merchantCode: string, day: string): Promise<RunReport> => {
    try {
      await db.transaction().execute(async (trx) => {
        const r = await accrueDay(trx, merchantCode, day, now());
        throw new Preview({
          day,
          committed: false,
          rebates: r.rebates,
          members: r.members,
          amountMinor: r.amount,
          pointEntries: r.pointEntries,
          paid: 0,
        });
      });
    } catch (error) {
      if (error instanceof Preview) return error.report;
      throw error;
    }
    throw new Error('unreachable');
  };

  /**
   * Runs a day for a merchant: rebates and points accrued (one transaction; every row under its
   * unique key), then — in auto mode — accrued rebates paid, then the VIP levels of the day's
   * players evaluated. Every step may run again: a run killed anywhere and started again pays each
   * (member, day, product) once.
   */
  const runDay = async (merchantCode: string, day: string, by: string): Promise<RunReport> => {
    const at = now();
    await db
      .insertInto('loyalty_run')
      .values({ merchant_code: merchantCode, day: sql<Date>`${day}::date`, started_at: at, started_by: by })
      .onConflict((oc) => oc.columns(['merchant_code', 'day']).doNothing())
      .execute();
    const r = await db.transaction().execute((trx) => accrueDay(trx, merchantCode, day, at));
    let paid = 0;
    if (r.rule.rule.rebate.mode === 'auto') {
      const result = await payAccruedRebates(
        db,
        wallet,
        await currencyOf(merchantCode),
        { merchantCode, day },
        at,
      );
      paid = result.paid;
      for (const id of result.members) deps.publishBalance(id);
    }
    const vipRule = await ruleInForce(db, merchantCode, at);
    for (const memberId of r.players) await evaluate(memberId, merchantCode, vipRule, at);
    await db
      .updateTable('loyalty_run')
      .set({
        finished_at: now(),
        rebates: sql`rebates + ${r.rebates}::int`,
        point_entries: sql`point_entries + ${r.pointEntries}::int`,
      })
      .where('merchant_code', '=', merchantCode)
      .where('day', '=', sql<Date>`${day}::date`)
      .execute();
    return {
      day,
      committed: true,
      rebates: r.rebates,
      members: r.members,
      amountMinor: r.amount,
      pointEntries: r.pointEntries,
      paid,
    };
  };

  /**
   * The scheduler's job: from each merchant's pay hour (UTC), yesterday's run once it has not
   * finished. `at` (default now) is the end of the hour the scheduler claimed (ADR 047).
   */
  const tick = async (at: Date = now()) => {
    const reports: RunReport[] = [];
    for (const m of await deps.merchants()) {
      const { rule } = await ruleInForce(db, m.code, at);
      if (at.getUTCHours() < rule.rebate.payHour) continue;
      const day = dayBefore(dayOf(at));
      const done = await db
        .selectFrom('loyalty_run')
        .select('finished_at')
        .where('merchant_code', '=', m.code)
        .where('day', '=', sql<Date>`${day}::date`)
        .executeTakeFirst();
      if (done?.finished_at) continue;
      reports.push(await runDay(m.code, day, 'scheduler'));
    }
    return reports;
  };

  // ---- the member's side ----

  const pointBalance = async (member: Member) => {
    const row = await loyaltyMemberOf(db, member.id, member.merchantCode, now());
    return { points: row.points.toString(), pointsEarned: row.pointsEarned.toString() };
  };

  const pointConfig = async (merchantCode: string) => {
    const { rule } = await ruleInForce(db, merchantCode, now());
    return rule.points;
  };

  const redeemList = async (member: Member) => ({
    redemptions: (await redemptions(db, { memberId: member.id }, 50, 0)).map((r) => r.view),
    entries: (await pointEntriesOf(db, member.id, 50)).map((e) => ({ ...e, id: String(e.id) })),
  });

  const redeemItem = async (
    member: Member,
    body: { itemId: number; address?: string | undefined; paymentPassword: string; requestKey: string },
  ) => {
    await deps.checkPaymentPassword(member.id, body.paymentPassword);
    const at = now();
    const id = await db
      .transaction()
      .execute((trx) => redeem(trx, { merchantCode: member.merchantCode, memberId: member.id, ...body }, at));
    const row = await db
      .selectFrom('loyalty_redemption')
      .select('points')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { redemptionId: id, points: String(row.points) };
  };

  const convert = async (
    member: Member,
    body: { points: bigint; paymentPassword: string; requestKey: string },
  ) => {
    await deps.checkPaymentPassword(member.id, body.paymentPassword);
    const at = now();
    const { rule } = await ruleInForce(db, member.merchantCode, at);
    const currency = await currencyOf(member.merchantCode);
    const result = await db
      .transaction()
      .execute((trx) => convertPoints(trx, wallet, currency, { ...member, ...body, rule: rule.points }, at));
    deps.publishBalance(member.id);
    return { points: body.points.toString(), cashMinor: result.cashMinor.toString() };
  };

  const missionSummary = async (member: Member) => {
    const missions = await missionsOf(db, member.merchantCode, true);
    const rows = await progressOf(db, reads, {
      merchantCode: member.merchantCode,
      memberId: member.id,
      at: now(),
      missions,
    });
    return {
      missions: rows.map((m) => ({
        ...m,
        target: m.target.toString(),
        rewardMinor: m.rewardMinor.toString(),
        progress: m.progress.toString(),
      })),
      badgeCount: rows.filter((m) => m.done && !m.claimed).length,
    };
  };

  const missionClaim = async (member: Member, missionId: number) => {
    const currency = await currencyOf(member.merchantCode);
    const at = now();
    const r = await db.transaction().execute((trx) =>
      claimMission(trx, wallet, reads, {
        merchantCode: member.merchantCode,
        currency,
        memberId: member.id,
        missionId,
        at,
      }),
    );
    deps.publishBalance(member.id);
    return { rewardMinor: r.rewardMinor.toString(), periodStart: r.periodStart };
  };

  const missionLeaderboard = async (member: Member) => {
    const at = now();
    const rows = await leaderboardOf(db, member.merchantCode, at, 20);
    const names = await deps.namesOf(rows.map((r) => r.member_id));
    return {
      weekStart: dayOf(new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * 86_400_000)),
      rows: rows.map((r, i) => ({
        rank: i + 1,
        name: mask(names.get(r.member_id)?.username ?? String(r.member_id)),
        claims: Number(r.claims),
        me: r.member_id === member.id,
      })),
    };
  };

  const vipInfo = async (merchantCode: string, member: Member | undefined) => {
    const at = now();
    const rule = await ruleInForce(db, merchantCode, at);
    const state = member ? await evaluate(member.id, merchantCode, rule, at) : null;
    return vipView(rule, state, member ? await vipBonusesOf(db, member.id) : []);
  };

  const rebateList = async (member: Member) => {
    const { rule } = await ruleInForce(db, member.merchantCode, now());
    const rebates = await rebatesOf(db, member.id);
    const accrued = await db
      .selectFrom('loyalty_rebate')
      .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('total'))
      .where('member_id', '=', member.id)
      .where('status', '=', 'accrued')
      .executeTakeFirstOrThrow();
    return { mode: rule.rebate.mode, accruedMinor: String(accrued.total), rebates };
  };

  const rebateClaim = async (member: Member) => {
    const accrued = (await rebateList(member)).accruedMinor;
    if (BigInt(accrued) === 0n) throw new AppError('loyalty.nothing.to.claim');
    const currency = await currencyOf(member.merchantCode);
    const r = await payAccruedRebates(
      db,
      wallet,
      currency,
      { merchantCode: member.merchantCode, memberId: member.id },
      now(),
    );
    deps.publishBalance(member.id);
    return { paid: r.paid, amountMinor: accrued };
  };

  /** What the reward centre can show as claimable: accrued rebates and finished, unclaimed missions. */
  const loyaltyClaimables = async (member: Member) => {
    const [rebates, missions] = await Promise.all([rebateList(member), missionSummary(member)]);
    return {
      rebateAccruedMinor: BigInt(rebates.accruedMinor),
      rebateClaimable: rebates.mode === 'manual' && BigInt(rebates.accruedMinor) > 0n,
      missionsClaimable: missions.badgeCount,
    };
  };

  /** The member's VIP withdrawal limit (the cashier reads it in its own transaction; ADR 056). */
  const vipWithdrawLimit = (member: Member, within: Db = db) => vipWithdrawLimitOf(within, member, now());

  /** The birthday bonus of the UTC day of `at` (default now), once per member and year (ADR 056). */
  const birthdayRun = (at: Date = now()) =>
    payBirthdays(
      db,
      wallet,
      {
        birthdays: deps.birthdays ?? (async () => []),
        merchants: deps.merchants,
        publishBalance: deps.publishBalance,
      },
      at,
    );

  return {
    db,
    wallet,
    now,
    currencyOf,
    previewDay,
    runDay,
    tick,
    pointBalance,
    pointConfig,
    mallItems: (merchantCode: string) => mallItems(db, merchantCode, true),
    redeemList,
    redeemItem,
    convert,
    missionSummary,
    missionClaim,
    missionLeaderboard,
    vipInfo,
    rebateList,
    rebateClaim,
    loyaltyClaimables,
    vipWithdrawLimit,
    birthdayRun,
    decideRedemption,
  };
};

export type Loyalty = ReturnType<typeof createLoyalty>;
