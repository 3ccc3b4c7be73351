import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Db, isUniqueViolation } from '../../shared/db';
import { playTotals } from '../activity';
import { createMemberDepositTotals, membersSharingPayoutWith } from '../cashier';
import { membersReferredBy, membersSharingIpWith } from '../identity';
import type { BonusMoney } from './bonus-money';
import { type PromoRule, rulesInForce, termsOf } from './rules';
import { requirementOf } from './wagering';

/**
 * Invite friends (docs/decisions/048). A member's code is made on first ask; a friend who
 * registered with it (identity's `member.referral_code`, same merchant) qualifies once their
 * approved deposits and turnover reach the referral promotion's thresholds; a friend who shares an
 * IP address or a payout account with the referrer is "under review" and pays nothing. The
 * referrer claims each qualified friend's reward as bonus money with period key `r:<friendId>`
 * (a unique key: paid once per friend, racing claims make one grant).
 */

type Member = { id: number; merchantCode: string };
export type FriendStatus =
  | 'registered'
  | 'deposited'
  | 'qualified'
  | 'under_review'
  | 'not_eligible'
  | 'rewarded';
export type FriendFlag = 'shared_ip' | 'shared_payout';
export type ReferralDecision = { decision: 'approved' | 'rejected'; reason: string; decidedBy: string };

/** Readable code letters: no 0/O, 1/I/L. 31^8 ≈ 8.5·10^11 codes. */
const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export const newReferralCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');

/** A friend's name as the referrer sees it: first two and last character, the rest hidden. */
export const maskUsername = (username: string) =>
  username.length <= 3 ? `${username.slice(0, 1)}***` : `${username.slice(0, 2)}***${username.slice(-1)}`;

export const referralPeriodKey = (friendId: number) => `r:${friendId}`;

export const createReferrals = (deps: { db: Kysely<DB>; money: BonusMoney; now: () => Date }) => {
  const { db, money, now } = deps;
  const depositTotals = createMemberDepositTotals(db);

  const codeOf = async (within: Db, member: Member, autoGenerate: boolean): Promise<string | null> => {
    const row = await within
      .selectFrom('referral_code')
      .select('code')
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    if (row || !autoGenerate) return row?.code ?? null;
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await db
          .insertInto('referral_code')
          .values({
            member_id: member.id,
            merchant_code: member.merchantCode,
            code: newReferralCode(),
            created_at: now(),
          })
          .onConflict((oc) => oc.column('member_id').doNothing())
          .execute();
        return codeOf(db, member, false);
      } catch (error) {
        // The same code of another member of the merchant (rare): draw again.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error('referral: no free code after 5 draws');
  };

  /** The referral promotion in force (the first by code when a merchant keeps several). */
  const ruleOf = async (within: Db, merchantCode: string): Promise<PromoRule | null> => {
    const at = now();
    const rules = await rulesInForce(within, merchantCode, at);
    return (
      rules.find(
        (r) =>
          r.kind === 'referral' &&
          r.active &&
          (!r.startsAt || r.startsAt <= at) &&
          (!r.endsAt || at < r.endsAt),
      ) ?? null
    );
  };

  /** Every friend with their standing, read inside `within` (the claim's transaction). */
  const friendsOf = async (within: Db, member: Member, code: string, rule: PromoRule | null) => {
    const friends = (await membersReferredBy(within, member.merchantCode, code)).filter(
      (f) => f.id !== member.id,
    );
    const ids = friends.map((f) => f.id);
    const until = new Date(now().getTime() + 3_600_000);
    const [deposits, turnover, sharedIp, sharedPayout, rewards, decisions] = await Promise.all([
      depositTotals({ memberIds: ids, from: new Date(0), to: until }, within),
      playTotals(within, { from: new Date(0), to: until, memberIds: ids, groupBy: ['member'] }),
      membersSharingIpWith(within, member.id, ids),
      membersSharingPayoutWith(within, member.id, ids),
      within
        .selectFrom('promo_bonus')
        .select(['period_key', 'amount_minor'])
        .where('member_id', '=', member.id)
        .where('period_key', 'like', 'r:%')
        .execute(),
      within
        .selectFrom('referral_decision')
        .select(['friend_id', 'decision', 'reason', 'decided_by'])
        .where('referrer_id', '=', member.id)
        .execute(),
    ]);
    const decided = new Map(
      decisions.map((d) => [
        d.friend_id,
        {
          decision: d.decision as ReferralDecision['decision'],
          reason: d.reason,
          decidedBy: d.decided_by,
        },
      ]),
    );
    const staked = new Map(turnover.map((r) => [r.memberId as number, r.stakeMinor]));
    const rewarded = new Map(rewards.map((r) => [r.period_key, BigInt(r.amount_minor)]));
    return friends.map((f) => {
      const depositMinor = deposits.get(f.id) ?? 0n;
      const turnoverMinor = staked.get(f.id) ?? 0n;
      const rewardMinor = rewarded.get(referralPeriodKey(f.id)) ?? null;
      const flags: FriendFlag[] = [
        ...(sharedIp.has(f.id) ? (['shared_ip'] as const) : []),
        ...(sharedPayout.has(f.id) ? (['shared_payout'] as const) : []),
      ];
      const decision = decided.get(f.id) ?? null;
      // A staff decision settles a flag (ADR 051): approved counts as clean, rejected is never paid.
      const flagged = flags.length > 0 && decision?.decision !== 'approved';
      const reached =
        rule !== null &&
        depositMinor > 0n &&
        depositMinor >= rule.minDepositMinor &&
        turnoverMinor >= rule.minTurnoverMinor;
      const status: FriendStatus =
        rewardMinor !== null
          ? 'rewarded'
          : decision?.decision === 'rejected'
            ? 'not_eligible'
            : flagged
              ? 'under_review'
              : reached
                ? 'qualified'
                : depositMinor > 0n
                  ? 'deposited'
                  : 'registered';
      return { ...f, depositMinor, turnoverMinor, rewardMinor, status, flags, decision, reached };
    });
  };

  /** The referral page: code (made on first ask), totals, friends. */
  const overview = async (member: Member) => {
    const code = await codeOf(db, member, true);
    if (code === null) throw new Error('referral: no code');
    const rule = await ruleOf(db, member.merchantCode);
    const friends = await friendsOf(db, member, code, rule);
    return {
      code,
      registerPath: `/register?referralCode=${encodeURIComponent(code)}`,
      rule: rule && {
        code: rule.code,
        rewardMinor: rule.fixedMinor.toString(),
        minDepositMinor: rule.minDepositMinor.toString(),
        minTurnoverMinor: rule.minTurnoverMinor.toString(),
        multiplier: rule.multiplier,
        expiryHours: rule.expiryHours,
      },
      totals: {
        invitations: friends.length,
        qualified: friends.filter((f) => f.status === 'qualified' || f.status === 'rewarded').length,
        rewardedMinor: friends.reduce((sum, f) => sum + (f.rewardMinor ?? 0n), 0n).toString(),
      },
      friends: friends.map((f) => ({
        friendId: f.id,
        username: maskUsername(f.username),
        registeredAt: f.createdAt.getTime(),
        status: f.status,
        rewardMinor:
          (f.rewardMinor ?? (f.status === 'qualified' && rule ? rule.fixedMinor : null))?.toString() ?? null,
      })),
    };
  };

  /** The friends whose reward can be claimed now (the reward centre's items). */
  const claimable = async (member: Member) => {
    const code = await codeOf(db, member, false);
    if (code === null) return [];
    const rule = await ruleOf(db, member.merchantCode);
    if (!rule) return [];
    const friends = await friendsOf(db, member, code, rule);
    return friends
      .filter((f) => f.status === 'qualified')
      .map((f) => ({ friendId: f.id, username: maskUsername(f.username), rewardMinor: rule.fixedMinor }));
  };

  /**
   * The reward of one friend as bonus money, inside `trx`: the referrer's claim and a staff
   * approval (ADR 051) both pay through here, once per friend (period key `r:<friendId>`).
   */
  const grantReward = (trx: Db, member: Member, rule: PromoRule, friendId: number) =>
    money.grant(trx, {
      merchantCode: member.merchantCode,
      memberId: member.id,
      promoCode: rule.code,
      promoVersion: rule.version,
      terms: termsOf(rule),
      periodKey: referralPeriodKey(friendId),
      depositId: null,
      depositMinor: 0n,
      amountMinor: rule.fixedMinor,
      requirementMinor: requirementOf('bonus', 0n, rule.fixedMinor, rule.multiplier),
      expiryHours: rule.expiryHours,
    });

  /** Claims one qualified friend's reward: one transaction, once per friend. */
  const claim = async (member: Member, friendId: number) => {
    try {
      return await db.transaction().execute(async (trx) => {
        const rule = await ruleOf(trx, member.merchantCode);
        if (!rule) throw new AppError('promotions.unknown');
        // Inside the transaction: its connection (PGlite has one).
        const code = await codeOf(trx, member, false);
        if (code === null) throw new AppError('promotions.not.eligible');
        const friend = (await friendsOf(trx, member, code, rule)).find((f) => f.id === friendId);
        if (friend?.status === 'under_review') throw new AppError('promotions.referral.review');
        if (friend?.status !== 'qualified') throw new AppError('promotions.not.eligible');
        if (await money.activeOf(trx, member.id)) throw new AppError('promotions.bonus.active');
        const bonusId = await grantReward(trx, member, rule, friendId);
        return { bonusId, amountMinor: rule.fixedMinor };
      });
    } catch (error) {
      // A racing claim of the same friend (or a second active bonus): the unique keys said no.
      if (isUniqueViolation(error)) throw new AppError('promotions.not.eligible');
      throw error;
    }
  };

  return { overview, claimable, claim, codeOf, ruleOf, friendsOf, grantReward };
};

export type Referrals = ReturnType<typeof createReferrals>;
