import { boVnLotteryRoutes, boVnLotteryRuleRoutes, vnLotteryRoutes } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import { staffActor as actor, type StaffRouter } from '../staff';
import type { VnBackoffice } from './vn-backoffice';
import type { VnRulesBackoffice } from './vn-rules-bo';
import type { VnLottery } from './vn-service';

const member = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member;
};

/** The Vietnamese lotteries' player calls (thin: the service decides). */
export const registerVnLotteryRoutes = (app: FastifyInstance, gate: Gate, vnLottery: VnLottery) => {
  const r = vnLotteryRoutes;
  registerRoute(app, gate, r.vnLotteryBoard, async (request) => vnLottery.board(request.merchant.code));
  registerRoute(app, gate, r.vnLotteryResults, async (request) =>
    vnLottery.results(request.merchant.code, request.query.region, request.query.count),
  );
  registerRoute(app, gate, r.vnLotteryPlaceBets, async (request) => {
    const m = member(request);
    return vnLottery.place({
      merchantCode: m.merchantCode,
      memberId: m.id,
      requestKey: request.body.requestKey,
      bets: request.body.bets,
    });
  });
  registerRoute(app, gate, r.vnLotteryMyBets, async (request) =>
    vnLottery.myBets(member(request).id, request.query.count),
  );
};

/** The results desk, holiday calendar, void, rules and exposure on the staff router (permissions checked by the service). */
export const registerVnLotteryBackofficeRoutes = (
  { route }: Pick<StaffRouter, 'route'>,
  bo: VnBackoffice,
  rules: VnRulesBackoffice,
) => {
  const r = boVnLotteryRoutes;
  route(r.boVnResults, async (q) => bo.resultsDesk(actor(q), q.query.merchant));
  route(r.boVnDraws, async (q) => bo.draws(actor(q), q.query));
  route(r.boVnResultEnter, async (q) => bo.enterResult(actor(q), q.body));
  route(r.boVnResultApprove, async (q) => bo.approveResult(actor(q), q.body));
  route(r.boVnHolidays, async (q) => bo.holidays(actor(q)));
  route(r.boVnHolidayAdd, async (q) => bo.addHoliday(actor(q), q.body));
  route(r.boVnVoid, async (q) => bo.voidDraw(actor(q), q.body));
  const v = boVnLotteryRuleRoutes;
  route(v.boVnRules, async (q) => rules.rules(actor(q), q.query.merchant));
  route(v.boVnRuleSave, async (q) => rules.saveRule(actor(q), q.body));
  route(v.boVnExposure, async (q) => rules.exposure(actor(q), q.query.merchant, q.query.issueNo));
};
