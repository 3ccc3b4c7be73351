import type { LoyaltyRule } from '@khela/contract';
import { sql } from 'kysely';
import { AppError } from '../../http/errors';
import { type Actor, appendAudit, assertCan, csvStream } from '../staff';
import { type MallItemInput, mallItems, redemptions, saveMallItem } from './mall';
import { type MissionInput, missionsOf, saveMission } from './missions';
import { rebatesOfDay } from './rebates';
import { assertRule, insertRule, ruleInForce } from './rules';
import type { Loyalty, RunReport } from './service';

/**
 * Loyalty's back office: rules (a save is a new version), rebate runs (preview, commit), mall items
 * and the redemption queue, missions; each service checks its permission first and audits its
 * change; lists as CSV.
 */
export const createLoyaltyBackoffice = (loyalty: Loyalty) => {
  const { db, now } = loyalty;

  const audit = (actor: Actor, action: string, target: string, before: unknown, after: unknown) =>
    db.transaction().execute((trx) => appendAudit(trx, actor, { action, target, before, after }, now()));

  const runView = (r: RunReport) => ({ ...r, amountMinor: r.amountMinor.toString() });

  const rule = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'loyalty.read');
    return ruleInForce(db, merchant, now());
  };

  const saveRule = async (actor: Actor, merchant: string, next: LoyaltyRule) => {
    assertCan(actor, 'loyalty.write');
    assertRule(next);
    await loyalty.currencyOf(merchant);
    const at = now();
    return db.transaction().execute(async (trx) => {
      const before = await ruleInForce(trx, merchant, at);
      const version = await insertRule(trx, merchant, next, actor.username, at);
      await appendAudit(
        trx,
        actor,
        {
          action: 'loyalty.rule.save',
          target: merchant,
          before: { version: before.version },
          after: { version, rule: next },
        },
        at,
      );
      return { version, rule: next };
    });
  };

  const rebatePreview = async (actor: Actor, merchant: string, day: string) => {
    assertCan(actor, 'loyalty.read');
    await loyalty.currencyOf(merchant);
    return runView(await loyalty.previewDay(merchant, day));
  };

  const rebateCommit = async (actor: Actor, merchant: string, day: string) => {
    assertCan(actor, 'loyalty.write');
    await loyalty.currencyOf(merchant);
    if (day >= now().toISOString().slice(0, 10))
      throw new AppError('loyalty.rule.invalid', { value: { reason: 'only a finished day runs' } });
    const report = await loyalty.runDay(merchant, day, actor.username);
    await audit(actor, 'loyalty.rebate.run', `${merchant}/${day}`, null, runView(report));
    return runView(report);
  };

  const rebatesCsv = async (actor: Actor, merchant: string, day: string) => {
    assertCan(actor, 'loyalty.read');
    const columns = [
      'id',
      'memberId',
      'product',
      'turnoverMinor',
      'ratePpm',
      'vipLevel',
      'amountMinor',
      'status',
    ] as const;
    return csvStream([...columns], async (limit, offset) =>
      (await rebatesOfDay(db, merchant, day, limit, offset)).map((r) => ({
        id: r.id,
        memberId: r.member_id,
        product: r.product,
        turnoverMinor: String(r.turnover_minor),
        ratePpm: r.rate_ppm,
        vipLevel: r.vip_level,
        amountMinor: String(r.amount_minor),
        status: r.status,
      })),
    );
  };

  const items = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'loyalty.read');
    return { items: await mallItems(db, merchant, false) };
  };

  const saveItem = async (actor: Actor, merchant: string, id: number | undefined, input: MallItemInput) => {
    assertCan(actor, 'loyalty.write');
    await loyalty.currencyOf(merchant);
    const at = now();
    return db.transaction().execute(async (trx) => {
      const item = await saveMallItem(trx, merchant, id, input, at);
      await appendAudit(
        trx,
        actor,
        {
          action: 'loyalty.mall.item.save',
          target: `${merchant}/${item.id}`,
          before: id ? { id } : null,
          after: item,
        },
        at,
      );
      return item;
    });
  };

  type Query = { merchant: string; status?: string | undefined; memberId?: number | undefined };
  const filterOf = (q: Query) => ({
    merchantCode: q.merchant,
    ...(q.status ? { status: q.status } : {}),
    ...(q.memberId !== undefined ? { memberId: q.memberId } : {}),
  });

  const redemptionQueue = async (actor: Actor, q: Query, page: number, pageSize: number) => {
    assertCan(actor, 'loyalty.read');
    const rows = await redemptions(db, filterOf(q), pageSize, (page - 1) * pageSize);
    let count = db
      .selectFrom('loyalty_redemption')
      .select(sql<string>`count(*)`.as('n'))
      .where('merchant_code', '=', q.merchant);
    if (q.status) count = count.where('status', '=', q.status);
    if (q.memberId !== undefined) count = count.where('member_id', '=', q.memberId);
    const total = Number((await count.executeTakeFirstOrThrow()).n);
    return {
      items: rows.map((r) => ({ ...r.view, memberId: r.memberId })),
      total,
      page,
      pageSize,
    };
  };

  const redemptionsCsv = async (actor: Actor, q: Query) => {
    assertCan(actor, 'loyalty.read');
    const columns = [
      'id',
      'memberId',
      'item',
      'kind',
      'points',
      'cashMinor',
      'address',
      'status',
      'createdAt',
    ] as const;
    return csvStream([...columns], async (limit, offset) =>
      (await redemptions(db, filterOf(q), limit, offset)).map((r) => ({
        id: r.view.id,
        memberId: r.memberId,
        item: r.view.itemName.en ?? Object.values(r.view.itemName)[0] ?? '',
        kind: r.view.kind,
        points: r.view.points,
        cashMinor: r.view.cashMinor,
        address: r.view.address ?? '',
        status: r.view.status,
        createdAt: new Date(r.view.createdAt).toISOString(),
      })),
    );
  };

  const decide = async (
    actor: Actor,
    body: { merchant: string; id: string; approve: boolean; reason?: string | undefined },
  ) => {
    assertCan(actor, 'loyalty.write');
    const currency = await loyalty.currencyOf(body.merchant);
    const at = now();
    const result = await db.transaction().execute(async (trx) => {
      const r = await loyalty.decideRedemption(
        trx,
        loyalty.wallet,
        currency,
        {
          merchantCode: body.merchant,
          id: body.id,
          approve: body.approve,
          reason: body.reason,
          by: actor.username,
        },
        at,
      );
      await appendAudit(
        trx,
        actor,
        {
          action: 'loyalty.redemption.decide',
          target: `${body.merchant}/${body.id}`,
          before: { status: r.before },
          after: { status: r.after, reason: body.reason ?? null },
        },
        at,
      );
      return r;
    });
    return { id: body.id, status: result.after as 'approved' | 'rejected', memberId: result.memberId };
  };

  const missionView = (m: Awaited<ReturnType<typeof missionsOf>>[number]) => ({
    ...m,
    target: m.target.toString(),
    rewardMinor: m.rewardMinor.toString(),
  });

  const missions = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'loyalty.read');
    return { missions: (await missionsOf(db, merchant, false)).map(missionView) };
  };

  const saveMissionOf = async (actor: Actor, merchant: string, input: MissionInput) => {
    assertCan(actor, 'loyalty.write');
    await loyalty.currencyOf(merchant);
    const at = now();
    return db.transaction().execute(async (trx) => {
      const id = await saveMission(trx, merchant, input, at);
      const saved = (await missionsOf(trx, merchant, false)).find((m) => m.id === id);
      if (!saved) throw new AppError('not.found');
      await appendAudit(
        trx,
        actor,
        {
          action: 'loyalty.mission.save',
          target: `${merchant}/${input.code}`,
          before: null,
          after: missionView(saved),
        },
        at,
      );
      return missionView(saved);
    });
  };

  return {
    rule,
    saveRule,
    rebatePreview,
    rebateCommit,
    rebatesCsv,
    items,
    saveItem,
    redemptionQueue,
    redemptionsCsv,
    decide,
    missions,
    saveMission: saveMissionOf,
  };
};

export type LoyaltyBackoffice = ReturnType<typeof createLoyaltyBackoffice>;
