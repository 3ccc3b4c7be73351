import { boLotteryRoutes, lotteryRoutes } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import { staffActor as actor, type StaffRouter } from '../staff';
import type { LotteryBackoffice } from './backoffice';
import type { Lottery } from './service';
import { registerVnLotteryBackofficeRoutes, registerVnLotteryRoutes } from './vn-routes';

const member = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member;
};

/** The in-house lottery's player calls (thin: the service decides). */
export const registerLotteryRoutes = (app: FastifyInstance, gate: Gate, lottery: Lottery) => {
  registerRoute(app, gate, lotteryRoutes.lotteryGames, async (request) =>
    lottery.gamesOf(request.merchant.code),
  );
  registerRoute(app, gate, lotteryRoutes.lotteryResults, async (request) =>
    lottery.results(request.merchant.code, request.query.gameCode, request.query.count),
  );
  registerRoute(app, gate, lotteryRoutes.lotteryDraw, async (request) =>
    lottery.drawProof(request.merchant.code, request.query.gameCode, request.query.issueNo),
  );
  registerRoute(app, gate, lotteryRoutes.lotteryPlaceBets, async (request) => {
    const m = member(request);
    return lottery.place({
      merchantCode: m.merchantCode,
      memberId: m.id,
      gameCode: request.body.gameCode,
      issueNo: request.body.issueNo,
      requestKey: request.body.requestKey,
      bets: request.body.bets,
    });
  });
  registerRoute(app, gate, lotteryRoutes.lotteryMyBets, async (request) =>
    lottery.myBets(member(request).id, request.query.gameCode, request.query.count),
  );
  registerVnLotteryRoutes(app, gate, lottery.vn);
};

/** The lottery's back-office calls on the staff router (permissions checked by the services). */
export const registerLotteryBackofficeRoutes = ({ route }: StaffRouter, bo: LotteryBackoffice) => {
  const r = boLotteryRoutes;
  route(r.boLotteryRules, async (q) => bo.rules(actor(q), q.query.merchant, q.query.gameCode));
  route(r.boLotteryRuleSave, async (q) => bo.saveRule(actor(q), q.body));
  route(r.boLotteryExposure, async (q) => bo.exposure(actor(q), q.query.merchant, q.query.gameCode));
  route(r.boLotteryVoid, async (q) => bo.voidIssue(actor(q), q.body));
  route(r.boLotteryBets, async (q) => {
    const { page, pageSize, merchant, ...filter } = q.query;
    return bo.searchBets(actor(q), { merchantCode: merchant, ...filter }, page, pageSize);
  });
  route(r.boLotteryBetsCsv, async (q) => {
    const { merchant, ...filter } = q.query;
    return bo.betsCsv(actor(q), { merchantCode: merchant, ...filter });
  });
  registerVnLotteryBackofficeRoutes({ route }, bo.vn, bo.vnRules);
};
