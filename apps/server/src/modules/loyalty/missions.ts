import type { LoyaltyProduct } from '@khela/contract';
import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import { type LoyaltyWallet, payMember } from './money';
import { type DepositTotals, dayOf, type PlayTotals, periodBounds, turnoverOf } from './play';

/**
 * Missions: daily and weekly tasks — play N rounds, deposit X, wager Y (optionally in one product)
 * — with progress read from play and deposits of the period (UTC day, or UTC week from Monday).
 * A claim is unique per (member, mission, period start) and pays through the ledger
 * (`loyalty:mission:<member>:<mission>:<period start>`) in the claim's transaction.
 */
export type MissionRow = {
  id: number;
  code: string;
  period: 'daily' | 'weekly';
  kind: 'rounds' | 'deposit' | 'wager';
  product: LoyaltyProduct | null;
  target: bigint;
  rewardMinor: bigint;
  name: Record<string, string>;
  active: boolean;
  sort: number;
};

export const missionsOf = async (
  db: Db,
  merchantCode: string,
  onlyActive: boolean,
): Promise<MissionRow[]> => {
  let q = db
    .selectFrom('loyalty_mission')
    .select(['id', 'code', 'period', 'kind', 'product', 'target', 'reward_minor', 'name', 'active', 'sort'])
    .where('merchant_code', '=', merchantCode);
  if (onlyActive) q = q.where('active', '=', true);
  const rows = await q.orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    period: r.period as MissionRow['period'],
    kind: r.kind as MissionRow['kind'],
    product: r.product as LoyaltyProduct | null,
    target: BigInt(r.target),
    rewardMinor: BigInt(r.reward_minor),
    name: r.name as Record<string, string>,
    active: r.active,
    sort: r.sort,
  }));
};

export type MissionInput = Omit<MissionRow, 'id'>;

/** Creates a mission or updates the one with its code. */
export const saveMission = async (db: Db, merchantCode: string, m: MissionInput, at: Date) => {
  const values = {
    period: m.period,
    kind: m.kind,
    product: m.product,
    target: m.target.toString(),
    reward_minor: m.rewardMinor.toString(),
    name: JSON.stringify(m.name),
    active: m.active,
    sort: m.sort,
  };
  const row = await db
    .insertInto('loyalty_mission')
    .values({ ...values, merchant_code: merchantCode, code: m.code, created_at: at })
    .onConflict((oc) => oc.columns(['merchant_code', 'code']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

export type MissionProgress = MissionRow & {
  periodStart: string;
  periodEnd: number;
  progress: bigint;
  done: boolean;
  claimed: boolean;
};

type Reads = { playTotals: PlayTotals; depositTotals: DepositTotals };

/** Each mission with the member's progress in the period holding `at`. */
export const progressOf = async (
  db: Db,
  reads: Reads,
  m: { merchantCode: string; memberId: number; at: Date; missions: MissionRow[] },
): Promise<MissionProgress[]> => {
  const out: MissionProgress[] = [];
  const cache = new Map<string, { play: Awaited<ReturnType<PlayTotals>>; deposits: bigint }>();
  const claimed = await db
    .selectFrom('loyalty_mission_claim')
    .select(['mission_id', sql<string>`period_start::text`.as('period_start')])
    .where('member_id', '=', m.memberId)
    .where('period_start', '>=', periodBounds('weekly', m.at).from)
    .execute();
  const claimedKeys = new Set(claimed.map((c) => `${c.mission_id}|${c.period_start}`));
  for (const mission of m.missions) {
    const bounds = periodBounds(mission.period, m.at);
    let read = cache.get(mission.period);
    if (!read) {
      const play = await reads.playTotals(db, {
        from: bounds.from,
        to: bounds.to,
        memberIds: [m.memberId],
        groupBy: ['product'],
      });
      const deposits =
        (await reads.depositTotals({ memberIds: [m.memberId], from: bounds.from, to: bounds.to }, db)).get(
          m.memberId,
        ) ?? 0n;
      read = { play, deposits };
      cache.set(mission.period, read);
    }
    const rows = read.play.filter((r) => mission.product === null || r.product === mission.product);
    const progress =
      mission.kind === 'deposit'
        ? read.deposits
        : mission.kind === 'rounds'
          ? rows.reduce((sum, r) => sum + BigInt(r.bets), 0n)
          : rows.reduce((sum, r) => sum + turnoverOf(r), 0n);
    const periodStart = dayOf(bounds.from);
    out.push({
      ...mission,
      periodStart,
      periodEnd: bounds.to.getTime(),
      progress,
      done: progress >= mission.target,
      claimed: claimedKeys.has(`${mission.id}|${periodStart}`),
    });
  }
  return out;
};

/** Claims a finished mission's reward of the current period; answers the reward. */
export const claimMission = async (
  trx: Db,
  wallet: LoyaltyWallet,
  reads: Reads,
  c: { merchantCode: string; currency: string; memberId: number; missionId: number; at: Date },
) => {
  const missions = (await missionsOf(trx, c.merchantCode, true)).filter((m) => m.id === c.missionId);
  const [state] = await progressOf(trx, reads, { ...c, missions });
  if (!state) throw new AppError('not.found');
  if (state.claimed) throw new AppError('loyalty.mission.claimed');
  if (!state.done)
    throw new AppError('loyalty.mission.incomplete', {
      value: { progress: state.progress.toString(), target: state.target.toString() },
    });
  // The key names the (member, mission, period): a racing second claim replays the same entry
  // and then finds the claim taken (its transaction rolls back).
  const entryId = await payMember(wallet, trx, {
    merchantCode: c.merchantCode,
    currency: c.currency,
    memberId: c.memberId,
    key: `loyalty:mission:${c.memberId}:${c.missionId}:${state.periodStart}`,
    kind: 'loyalty.mission',
    amountMinor: state.rewardMinor,
    metadata: { missionId: c.missionId, periodStart: state.periodStart },
  });
  const claim = await trx
    .insertInto('loyalty_mission_claim')
    .values({
      merchant_code: c.merchantCode,
      member_id: c.memberId,
      mission_id: c.missionId,
      period_start: sql<Date>`${state.periodStart}::date`,
      reward_minor: state.rewardMinor.toString(),
      entry_id: entryId,
      claimed_at: c.at,
    })
    .onConflict((oc) => oc.columns(['member_id', 'mission_id', 'period_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claim) throw new AppError('loyalty.mission.claimed');
  return { rewardMinor: state.rewardMinor, periodStart: state.periodStart };
};

/** Members of the merchant by missions claimed in the current week, most first. */
export const leaderboardOf = async (db: Db, merchantCode: string, at: Date, limit: number) => {
  const weekStart = periodBounds('weekly', at).from;
  return db
    .selectFrom('loyalty_mission_claim')
    .select(['member_id', sql<string>`count(*)`.as('claims'), sql<string>`sum(reward_minor)`.as('rewards')])
    .where('merchant_code', '=', merchantCode)
    .where('period_start', '>=', weekStart)
    .groupBy('member_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`min(claimed_at)`)
    .limit(limit)
    .execute();
};
