import { promotionsBoRoutes as r } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, appendAudit, assertCan, csvStream, type StaffRouter, staffActor } from '../staff';
import { createReferralDesk } from './referral-desk';
import { type RuleInput, ruleVersions, saveRuleVersion } from './rules';
import type { Promotions } from './service';
import { progressOf } from './wagering';

/** Names of members (identity's, handed in by app.ts). */
export type MemberNames = {
  byIds: (ids: number[]) => Promise<Map<number, { username: string; merchantCode: string }>>;
};

type BonusFilter = {
  merchant?: string | undefined;
  memberId?: number | undefined;
  status?: string | undefined;
};

/**
 * The promotions back office (docs/decisions/036): designer (versions), application queue, granted
 * bonuses with CSV. Every change is audited in the transaction that makes it.
 */
export const createPromotionsBackoffice = (deps: {
  db: Kysely<DB>;
  promotions: Promotions;
  members: MemberNames;
  now: () => Date;
  publishBalance: (memberId: number) => void;
}) => {
  const { db, now } = deps;
  const referralDesk = createReferralDesk({
    db,
    referrals: deps.promotions.referrals,
    money: deps.promotions.money,
    members: deps.members,
    now,
  });
  const decideReferral = async (actor: Actor, body: Parameters<typeof referralDesk.decide>[1]) => {
    const out = await referralDesk.decide(actor, body);
    if (out.bonusId) deps.publishBalance(body.referrerId);
    return out;
  };

  const rules = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'promotions.read');
    const list = await ruleVersions(db, merchant);
    return {
      rules: list.map((x) => ({
        ...x,
        merchant: x.merchantCode,
        effectiveFrom: x.effectiveFrom.getTime(),
        startsAt: x.startsAt?.getTime() ?? null,
        endsAt: x.endsAt?.getTime() ?? null,
        fixedMinor: x.fixedMinor.toString(),
        capMinor: x.capMinor.toString(),
        minDepositMinor: x.minDepositMinor.toString(),
        minTurnoverMinor: x.minTurnoverMinor.toString(),
        maxBetMinor: x.maxBetMinor.toString(),
        texts: { en: x.texts.en ?? { title: x.code, body: '' }, bn: x.texts.bn, hi: x.texts.hi },
      })),
    };
  };

  const saveRule = async (
    actor: Actor,
    body: Omit<RuleInput, 'startsAt' | 'endsAt'> & {
      merchant: string;
      startsAt: number | null;
      endsAt: number | null;
    },
  ) => {
    assertCan(actor, 'promotions.write');
    const { merchant, startsAt, endsAt, ...rest } = body;
    const input: RuleInput = {
      ...rest,
      startsAt: startsAt === null ? null : new Date(startsAt),
      endsAt: endsAt === null ? null : new Date(endsAt),
    };
    const version = await db.transaction().execute(async (trx) => {
      const v = await saveRuleVersion(trx, merchant, input, actor.username, now());
      await appendAudit(
        trx,
        actor,
        {
          action: 'promotions.rule.save',
          target: `promotion:${merchant}:${input.code}`,
          after: {
            ...body,
            fixedMinor: body.fixedMinor.toString(),
            capMinor: body.capMinor.toString(),
            minDepositMinor: body.minDepositMinor.toString(),
            minTurnoverMinor: body.minTurnoverMinor.toString(),
            maxBetMinor: body.maxBetMinor.toString(),
            version: v,
          },
        },
        now(),
      );
      return v;
    });
    return { version };
  };

  const applications = async (actor: Actor, q: { merchant?: string | undefined; status: string }) => {
    assertCan(actor, 'promotions.read');
    let query = db.selectFrom('promo_application').selectAll().where('status', '=', q.status);
    if (q.merchant) query = query.where('merchant_code', '=', q.merchant);
    const rows = await query.orderBy('created_at').limit(200).execute();
    const names = await deps.members.byIds([...new Set(rows.map((x) => x.member_id))]);
    return {
      items: rows.map((x) => ({
        id: x.id,
        merchant: x.merchant_code,
        memberId: x.member_id,
        username: names.get(x.member_id)?.username ?? '',
        code: x.promo_code,
        remark: x.remark,
        status: x.status as 'pending' | 'approved' | 'rejected',
        createdAt: new Date(x.created_at).getTime(),
        decidedBy: x.decided_by,
        bonusId: x.bonus_id,
      })),
    };
  };

  const decide = async (
    actor: Actor,
    body: { id: string; approve: boolean; amountMinor?: bigint | undefined; reason?: string | undefined },
  ) => {
    assertCan(actor, 'promotions.write');
    const result = await db.transaction().execute(async (trx) => {
      const d = await deps.promotions.decide(trx, { ...body, by: actor.username });
      await appendAudit(
        trx,
        actor,
        {
          action: body.approve ? 'promotions.application.approve' : 'promotions.application.reject',
          target: `promo_application:${body.id}`,
          after: { ...body, amountMinor: body.amountMinor?.toString(), bonusId: d.bonusId },
        },
        now(),
      );
      return d;
    });
    if (result.bonusId) deps.publishBalance(result.memberId);
    return { bonusId: result.bonusId };
  };

  const bonusRows = async (f: BonusFilter, limit: number, offset: number) => {
    let q = db.selectFrom('promo_bonus').selectAll();
    if (f.merchant) q = q.where('merchant_code', '=', f.merchant);
    if (f.memberId) q = q.where('member_id', '=', f.memberId);
    if (f.status) q = q.where('status', '=', f.status);
    const rows = await q.orderBy('granted_at', 'desc').orderBy('id').limit(limit).offset(offset).execute();
    return rows.map((x) => ({
      id: x.id,
      merchant: x.merchant_code,
      memberId: x.member_id,
      code: x.promo_code,
      version: x.promo_version,
      status: x.status,
      amountMinor: String(x.amount_minor),
      depositMinor: String(x.deposit_minor),
      requirementMinor: String(x.requirement_minor),
      wageredMinor: progressOf(BigInt(x.wagered_centi), BigInt(x.requirement_minor)).wagered.toString(),
      convertedMinor: x.converted_minor === null ? null : String(x.converted_minor),
      returnedMinor: x.returned_minor === null ? null : String(x.returned_minor),
      grantedAt: new Date(x.granted_at).getTime(),
      expiresAt: new Date(x.expires_at).getTime(),
      endedAt: x.ended_at ? new Date(x.ended_at).getTime() : null,
    }));
  };

  const bonuses = async (actor: Actor, f: BonusFilter & { page: number; pageSize: number }) => {
    assertCan(actor, 'promotions.read');
    let count = db.selectFrom('promo_bonus').select((eb) => eb.fn.countAll<string>().as('n'));
    if (f.merchant) count = count.where('merchant_code', '=', f.merchant);
    if (f.memberId) count = count.where('member_id', '=', f.memberId);
    if (f.status) count = count.where('status', '=', f.status);
    const [items, total] = await Promise.all([
      bonusRows(f, f.pageSize, (f.page - 1) * f.pageSize),
      count.executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n), page: f.page, pageSize: f.pageSize };
  };

  const bonusesCsv = async (actor: Actor, f: BonusFilter) => {
    assertCan(actor, 'promotions.read');
    const columns = [
      'id',
      'merchant',
      'memberId',
      'code',
      'version',
      'status',
      'amountMinor',
      'depositMinor',
      'requirementMinor',
      'wageredMinor',
      'convertedMinor',
      'returnedMinor',
      'grantedAt',
      'expiresAt',
      'endedAt',
    ] as const;
    return csvStream([...columns], async (limit, offset) =>
      (await bonusRows(f, limit, offset)).map((x) => ({
        ...x,
        grantedAt: new Date(x.grantedAt).toISOString(),
        expiresAt: new Date(x.expiresAt).toISOString(),
        endedAt: x.endedAt === null ? '' : new Date(x.endedAt).toISOString(),
        convertedMinor: x.convertedMinor ?? '',
        returnedMinor: x.returnedMinor ?? '',
      })),
    );
  };

  return {
    rules,
    saveRule,
    applications,
    decide,
    bonuses,
    bonusesCsv,
    referrals: referralDesk.report,
    referralsCsv: referralDesk.reportCsv,
    decideReferral,
  };
};

export type PromotionsBackoffice = ReturnType<typeof createPromotionsBackoffice>;

export const registerPromotionsBackofficeRoutes = ({ route }: StaffRouter, bo: PromotionsBackoffice) => {
  route(r.boPromoRules, async (q) => bo.rules(staffActor(q), q.query.merchant));
  route(r.boPromoRuleSave, async (q) => bo.saveRule(staffActor(q), q.body));
  route(r.boPromoApplications, async (q) => bo.applications(staffActor(q), q.query));
  route(r.boPromoDecide, async (q) => bo.decide(staffActor(q), q.body));
  route(r.boPromoBonuses, async (q) => bo.bonuses(staffActor(q), q.query));
  route(r.boPromoBonusesCsv, async (q) => bo.bonusesCsv(staffActor(q), q.query));
  route(r.boReferralReport, async (q) => bo.referrals(staffActor(q), q.query));
  route(r.boReferralReportCsv, async (q) => bo.referralsCsv(staffActor(q), q.query));
  route(r.boReferralDecide, async (q) => bo.decideReferral(staffActor(q), q.body));
};
