import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Db } from '../../shared/db';
import { type AccountRef, lockedBalances, type PostInput } from '../wallet';
import { createBonusMoney, termsOfRow } from './bonus-money';
import { createClaims, type Deposit } from './claims';
import { createReferrals } from './referral';
import { LANGUAGES, type PromoRule, rulesInForce } from './rules';
import { progressOf } from './wagering';

/**
 * The promotions module's service (docs/decisions/036): claims, the member's bonuses, the reward
 * centre's registry and the wagering listener for the play hooks.
 */

type Member = { id: number; merchantCode: string };

/** Something a member can claim, shown in the reward centre (promotions' own, loyalty's later). */
export type ClaimableItem = {
  source: string;
  key: string;
  title: string;
  amountMinor: bigint | null;
  action: 'claim' | 'open';
};
export type ClaimableSource = (member: Member, language: string) => Promise<ClaimableItem[]>;

export type PromotionsDeps = {
  db: Kysely<DB>;
  wallet: {
    post: (input: PostInput, within: Db) => Promise<unknown>;
    accountOf: (ref: AccountRef, within: Db) => Promise<string>;
  };
  currencyOf: (merchantCode: string) => string;
  /** The member's approved deposits, oldest first (the cashier's). */
  deposits: (db: Db, memberId: number) => Promise<Deposit[]>;
  /** Main balance and what of it can be withdrawn now (the cashier's). */
  withdrawable: (member: Member) => Promise<{ balance: bigint; withdrawable: bigint }>;
  now?: (() => Date) | undefined;
  /** Marketing stop (player protection, ADR 045): a restricted member is offered no promotion. */
  marketingStopped?: ((memberId: number) => Promise<boolean>) | undefined;
};

const textOf = (rule: { texts: PromoRule['texts']; code: string }, language: string) => {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as 'en') : 'en';
  return rule.texts[lang] ?? rule.texts.en ?? { title: rule.code, body: '' };
};

export const createPromotions = (deps: PromotionsDeps) => {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const money = createBonusMoney({
    post: deps.wallet.post,
    accountOf: deps.wallet.accountOf,
    currencyOf: deps.currencyOf,
    now,
  });
  const claims = createClaims({ db, money, deposits: deps.deposits, now });
  const referrals = createReferrals({ db, money, now });
  // Qualified friends' rewards are claimable in the reward centre (opened on the referral page).
  const sources: ClaimableSource[] = [
    async (member) =>
      (await referrals.claimable(member)).map((f) => ({
        source: 'referral',
        key: String(f.friendId),
        title: f.username,
        amountMinor: f.rewardMinor,
        action: 'open' as const,
      })),
  ];

  const offers = async (member: Member, language: string) => {
    if (await deps.marketingStopped?.(member.id)) return { offers: [] };
    const [rules, claimable, pending] = await Promise.all([
      rulesInForce(db, member.merchantCode, now()),
      claims.claimables(member),
      db
        .selectFrom('promo_application')
        .select('promo_code')
        .where('member_id', '=', member.id)
        .where('status', '=', 'pending')
        .execute(),
    ]);
    const at = now();
    return {
      offers: rules
        .filter((r) => r.active && (!r.startsAt || r.startsAt <= at) && (!r.endsAt || at < r.endsAt))
        .map((r) => {
          const c = claimable.find((x) => x.rule.code === r.code);
          const t = textOf(r, language);
          return {
            code: r.code,
            kind: r.kind,
            title: t.title,
            body: t.body,
            action: (r.kind === 'apply' ? 'apply' : c ? 'claim' : 'none') as 'claim' | 'apply' | 'none',
            bonusMinor: c ? c.bonusMinor.toString() : null,
            depositMinor: c?.depositId ? c.depositMinor.toString() : null,
            percentBp: r.percentBp,
            capMinor: r.capMinor.toString(),
            minDepositMinor: r.minDepositMinor.toString(),
            multiplier: r.multiplier,
            wageringBase: r.wageringBase,
            weights: r.weights,
            maxBetMinor: r.maxBetMinor.toString(),
            expiryHours: r.expiryHours,
            spendingOrder: r.spendingOrder,
            withdrawPolicy: r.withdrawPolicy,
            pending: pending.some((p) => p.promo_code === r.code),
          };
        }),
    };
  };

  const bonuses = async (member: Member, language: string) => {
    const rows = await db
      .selectFrom('promo_bonus')
      .selectAll()
      .where('member_id', '=', member.id)
      .orderBy('granted_at', 'desc')
      .limit(50)
      .execute();
    const rules = await rulesInForce(db, member.merchantCode, now());
    const [balance, cash] = await Promise.all([
      db.transaction().execute(async (trx) => {
        const a = await money.accounts(trx, member.merchantCode, member.id);
        return (await lockedBalances(trx, [a.bonusId])).get(a.bonusId) ?? 0n;
      }),
      deps.withdrawable(member),
    ]);
    return {
      bonuses: rows.map((r) => {
        const terms = termsOfRow(r);
        const requirement = BigInt(r.requirement_minor);
        const p = progressOf(BigInt(r.wagered_centi), requirement);
        const rule = rules.find((x) => x.code === r.promo_code);
        const ended = r.status !== 'active';
        return {
          id: r.id,
          code: r.promo_code,
          title: rule ? textOf(rule, language).title : r.promo_code,
          status: r.status as 'active' | 'completed' | 'forfeited' | 'expired',
          amountMinor: String(r.amount_minor),
          depositMinor: String(r.deposit_minor),
          balanceMinor: ended
            ? String(r.status === 'completed' ? (r.converted_minor ?? 0) : (r.returned_minor ?? 0))
            : balance.toString(),
          requirementMinor: requirement.toString(),
          wageredMinor: (p.wagered > requirement ? requirement : p.wagered).toString(),
          remainingMinor: (ended && r.status === 'completed' ? 0n : p.remaining).toString(),
          weights: terms.weights,
          maxBetMinor: terms.maxBetMinor,
          spendingOrder: terms.spendingOrder,
          withdrawPolicy: terms.withdrawPolicy,
          grantedAt: new Date(r.granted_at).getTime(),
          expiresAt: new Date(r.expires_at).getTime(),
          endedAt: r.ended_at ? new Date(r.ended_at).getTime() : null,
        };
      }),
      withdrawableMinor: rows.some(
        (r) =>
          r.status === 'active' &&
          termsOfRow(r).withdrawPolicy === 'refuse' &&
          new Date(r.expires_at) > now(),
      )
        ? '0'
        : cash.withdrawable.toString(),
      mainMinor: cash.balance.toString(),
    };
  };

  /** The reward centre: this module's claimable promotions, then every registered source's items. */
  const rewards = async (member: Member, language: string) => {
    const own = (await offers(member, language)).offers
      .filter((o) => o.action === 'claim')
      .map((o) => ({
        source: 'promotion',
        key: o.code,
        title: o.title,
        amountMinor: o.bonusMinor,
        action: 'claim' as const,
      }));
    const others = (await Promise.all(sources.map((s) => s(member, language)))).flat().map((i) => ({
      ...i,
      amountMinor: i.amountMinor === null ? null : i.amountMinor.toString(),
    }));
    const items = [...own, ...others];
    return { count: items.length, items };
  };

  /** Other modules (loyalty: rebates, missions, points) add their claimables here (app.ts). */
  const registerClaimables = (source: ClaimableSource) => {
    sources.push(source);
  };

  const forfeit = async (member: Member) => {
    const returned = await db.transaction().execute((trx) => money.forfeit(trx, member.id));
    return { returnedMinor: returned === null ? null : returned.toString() };
  };

  const expireDue = () => db.transaction().execute((trx) => money.expireDue(trx));

  return {
    offers,
    claim: claims.claim,
    apply: claims.apply,
    decide: claims.decide,
    bonuses,
    forfeit,
    /** Invite friends (docs/decisions/048). */
    referral: referrals.overview,
    claimReferral: referrals.claim,
    /** The referral report and staff decisions read and grant through these (ADR 051). */
    referrals,
    rewards,
    registerClaimables,
    expireDue,
    /** The wagering listener for the play hooks (docs/decisions/036). */
    wagering: money.listener,
    /** The cashier's withdrawal calls this in its transaction. */
    beforeWithdrawal: money.beforeWithdrawal,
    money,
  };
};

export type Promotions = ReturnType<typeof createPromotions>;
