import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Actor, appendAudit, assertCan, csvStream } from '../staff';
import type { BonusMoney } from './bonus-money';
import type { FriendStatus, Referrals } from './referral';

/** Names of members (identity's, handed in through the promotions back office). */
type MemberNames = {
  byIds: (ids: number[]) => Promise<Map<number, { username: string; merchantCode: string }>>;
};

type ReportFilter = {
  merchant: string;
  status?: FriendStatus | undefined;
  flagged?: 'yes' | 'no' | undefined;
  referrerId?: number | undefined;
};

/** Referrers read per report (the report reads each one's friends, set-based per referrer). */
const MAX_REFERRERS = 5_000;

/**
 * The referral desk of the back office (docs/decisions/051): the report of every invited friend
 * of a merchant with their referrer, and the staff decision on a friend under review (a shared
 * IP or payout account). Approving pays through the same grant as the referrer's own claim
 * (period key `r:<friendId>`, once per friend); rejecting is final and never pays.
 */
export const createReferralDesk = (deps: {
  db: Kysely<DB>;
  referrals: Referrals;
  money: BonusMoney;
  members: MemberNames;
  now: () => Date;
}) => {
  const { db, referrals, now } = deps;

  const rowsOf = async (f: ReportFilter) => {
    let q = db
      .selectFrom('referral_code')
      .select(['member_id', 'code'])
      .where('merchant_code', '=', f.merchant);
    if (f.referrerId) q = q.where('member_id', '=', f.referrerId);
    const codes = await q.orderBy('created_at').orderBy('member_id').limit(MAX_REFERRERS).execute();
    const rule = await referrals.ruleOf(db, f.merchant);
    const names = await deps.members.byIds(codes.map((c) => c.member_id));
    const rows = [];
    for (const c of codes) {
      const referrer = { id: c.member_id, merchantCode: f.merchant };
      for (const friend of await referrals.friendsOf(db, referrer, c.code, rule)) {
        if (f.status && friend.status !== f.status) continue;
        if (f.flagged === 'yes' && friend.flags.length === 0) continue;
        if (f.flagged === 'no' && friend.flags.length > 0) continue;
        rows.push({
          referrerId: c.member_id,
          referrerUsername: names.get(c.member_id)?.username ?? '',
          code: c.code,
          friendId: friend.id,
          friendUsername: friend.username,
          registeredAt: friend.createdAt.getTime(),
          status: friend.status,
          depositMinor: friend.depositMinor.toString(),
          turnoverMinor: friend.turnoverMinor.toString(),
          rewardMinor: friend.rewardMinor?.toString() ?? null,
          flags: friend.flags,
          decision: friend.decision?.decision ?? null,
          decisionReason: friend.decision?.reason ?? null,
          decidedBy: friend.decision?.decidedBy ?? null,
        });
      }
    }
    return rows;
  };

  const report = async (actor: Actor, f: ReportFilter & { page: number; pageSize: number }) => {
    assertCan(actor, 'promotions.read');
    const rows = await rowsOf(f);
    const from = (f.page - 1) * f.pageSize;
    return {
      items: rows.slice(from, from + f.pageSize),
      total: rows.length,
      page: f.page,
      pageSize: f.pageSize,
    };
  };

  const reportCsv = async (actor: Actor, f: ReportFilter) => {
    assertCan(actor, 'promotions.read');
    const columns = [
      'referrerId',
      'referrerUsername',
      'code',
      'friendId',
      'friendUsername',
      'registeredAt',
      'status',
      'depositMinor',
      'turnoverMinor',
      'rewardPaid',
      'rewardMinor',
      'flags',
      'decision',
      'decisionReason',
      'decidedBy',
    ] as const;
    let all: Awaited<ReturnType<typeof rowsOf>> | null = null;
    return csvStream([...columns], async (limit, offset) => {
      all ??= await rowsOf(f);
      return all.slice(offset, offset + limit).map((r) => ({
        ...r,
        registeredAt: new Date(r.registeredAt).toISOString(),
        rewardPaid: r.rewardMinor === null ? 'no' : 'yes',
        rewardMinor: r.rewardMinor ?? '',
        flags: r.flags.join(' '),
        decision: r.decision ?? '',
        decisionReason: r.decisionReason ?? '',
        decidedBy: r.decidedBy ?? '',
      }));
    });
  };

  /**
   * Approves or rejects a friend under review, once: the decision row's primary key refuses a
   * second decision (a double click, a racing staff member) with `promotions.referral.decided`.
   * An approved friend who reached the thresholds is paid at once when the referrer has no active
   * bonus; otherwise the friend stands as any clean friend and the referrer claims the reward later.
   */
  const decide = async (
    actor: Actor,
    body: { merchant: string; referrerId: number; friendId: number; approve: boolean; reason: string },
  ) => {
    assertCan(actor, 'promotions.write');
    const at = now();
    const referrer = { id: body.referrerId, merchantCode: body.merchant };
    const out = await db.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom('referral_code')
        .select('code')
        .where('member_id', '=', body.referrerId)
        .where('merchant_code', '=', body.merchant)
        .executeTakeFirst();
      if (!owner) throw new AppError('not.found');
      const rule = await referrals.ruleOf(trx, body.merchant);
      const friend = (await referrals.friendsOf(trx, referrer, owner.code, rule)).find(
        (x) => x.id === body.friendId,
      );
      if (!friend) throw new AppError('not.found');
      if (friend.status !== 'under_review') throw new AppError('promotions.referral.decided');
      const inserted = await trx
        .insertInto('referral_decision')
        .values({
          referrer_id: body.referrerId,
          friend_id: body.friendId,
          merchant_code: body.merchant,
          decision: body.approve ? 'approved' : 'rejected',
          reason: body.reason,
          decided_by: actor.username,
          decided_at: at,
        })
        .onConflict((oc) => oc.columns(['referrer_id', 'friend_id']).doNothing())
        .returning('friend_id')
        .executeTakeFirst();
      if (!inserted) throw new AppError('promotions.referral.decided');
      let bonusId: string | null = null;
      if (body.approve && rule && friend.reached && !(await deps.money.activeOf(trx, referrer.id))) {
        bonusId = await referrals.grantReward(trx, referrer, rule, body.friendId);
        await trx
          .updateTable('referral_decision')
          .set({ bonus_id: bonusId })
          .where('referrer_id', '=', body.referrerId)
          .where('friend_id', '=', body.friendId)
          .execute();
      }
      const status: FriendStatus = !body.approve
        ? 'not_eligible'
        : bonusId
          ? 'rewarded'
          : friend.reached
            ? 'qualified'
            : friend.depositMinor > 0n
              ? 'deposited'
              : 'registered';
      await appendAudit(
        trx,
        actor,
        {
          action: body.approve ? 'promotions.referral.approve' : 'promotions.referral.reject',
          target: `referral:${body.merchant}:${body.referrerId}:${body.friendId}`,
          before: { status: friend.status, flags: friend.flags },
          after: { status, reason: body.reason, bonusId },
        },
        at,
      );
      return { status, bonusId };
    });
    return out;
  };

  return { report, reportCsv, decide };
};

export type ReferralDesk = ReturnType<typeof createReferralDesk>;
