import { boLoyaltyRoutes, loyaltyRoutes } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import { staffActor as actor, type StaffRouter } from '../staff';
import type { LoyaltyBackoffice } from './backoffice';
import type { Loyalty } from './service';

const member = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return { id: request.member.id, merchantCode: request.member.merchantCode };
};

/** Loyalty's player calls (thin: the service decides). */
export const registerLoyaltyRoutes = (app: FastifyInstance, gate: Gate, loyalty: Loyalty) => {
  const r = loyaltyRoutes;
  registerRoute(app, gate, r.getPointBalance, async (q) => loyalty.pointBalance(member(q)));
  registerRoute(app, gate, r.getPointReward, async (q) => ({
    items: await loyalty.mallItems(q.merchant.code),
  }));
  registerRoute(app, gate, r.getRedeemPointList, async (q) => loyalty.redeemList(member(q)));
  registerRoute(app, gate, r.getPointConfig, async (q) => loyalty.pointConfig(q.merchant.code));
  registerRoute(app, gate, r.redeemPointReward, async (q) => loyalty.redeemItem(member(q), q.body));
  registerRoute(app, gate, r.convertPoint, async (q) => loyalty.convert(member(q), q.body));
  registerRoute(app, gate, r.missionSummary, async (q) => loyalty.missionSummary(member(q)));
  registerRoute(app, gate, r.missionLeaderboard, async (q) => loyalty.missionLeaderboard(member(q)));
  registerRoute(app, gate, r.missionClaim, async (q) => loyalty.missionClaim(member(q), q.body.missionId));
  registerRoute(app, gate, r.vipInfo, async (q) =>
    loyalty.vipInfo(q.merchant.code, q.member ? member(q) : undefined),
  );
  registerRoute(app, gate, r.rebateList, async (q) => loyalty.rebateList(member(q)));
  registerRoute(app, gate, r.rebateClaim, async (q) => loyalty.rebateClaim(member(q)));
};

/** Loyalty's back-office calls on the staff router (permissions checked by the services). */
export const registerLoyaltyBackofficeRoutes = ({ route }: StaffRouter, bo: LoyaltyBackoffice) => {
  const r = boLoyaltyRoutes;
  route(r.boLoyaltyRule, async (q) => bo.rule(actor(q), q.query.merchant));
  route(r.boLoyaltyRuleSave, async (q) => bo.saveRule(actor(q), q.body.merchant, q.body.rule));
  route(r.boLoyaltyRebatePreview, async (q) => bo.rebatePreview(actor(q), q.query.merchant, q.query.day));
  route(r.boLoyaltyRebateCommit, async (q) => bo.rebateCommit(actor(q), q.body.merchant, q.body.day));
  route(r.boLoyaltyRebatesCsv, async (q) => bo.rebatesCsv(actor(q), q.query.merchant, q.query.day));
  route(r.boLoyaltyMallItems, async (q) => bo.items(actor(q), q.query.merchant));
  route(r.boLoyaltyMallItemSave, async (q) => {
    const { merchant, id, ...input } = q.body;
    return bo.saveItem(actor(q), merchant, id, input);
  });
  route(r.boLoyaltyRedemptions, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.redemptionQueue(actor(q), filter, page, pageSize);
  });
  route(r.boLoyaltyRedemptionsCsv, async (q) => bo.redemptionsCsv(actor(q), q.query));
  route(r.boLoyaltyRedemptionDecide, async (q) => {
    const { id, status } = await bo.decide(actor(q), q.body);
    return { id, status };
  });
  route(r.boLoyaltyMissions, async (q) => bo.missions(actor(q), q.query.merchant));
  route(r.boLoyaltyMissionSave, async (q) => {
    const { merchant, ...input } = q.body;
    return bo.saveMission(actor(q), merchant, input);
  });
};
