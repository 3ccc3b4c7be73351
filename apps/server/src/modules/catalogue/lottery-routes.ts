import { lotteryRoutes } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf } from '../../http/context';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import type { LotteryService } from './lottery';

const memberId = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member.id;
};

/** The `/lgw` lottery menus (API-FACTS §2.6): bare keyed maps, no envelope. */
export const registerLotteryRoutes = (app: FastifyInstance, gate: Gate, lottery: LotteryService) => {
  registerRoute(app, gate, lotteryRoutes.lotteryVnMenu, async (request) =>
    lottery.vnMenu(
      request.merchant.code,
      languageOf(request, request.query.language),
      request.query.prizeMode,
    ),
  );
  registerRoute(app, gate, lotteryRoutes.lotteryMenus, async (request) =>
    lottery.menus(
      request.merchant.code,
      languageOf(request, request.query.language),
      request.query.prizeMode,
    ),
  );
  registerRoute(app, gate, lotteryRoutes.lotteryPopular, async (request) =>
    lottery.popular(
      request.merchant.code,
      languageOf(request, request.query.language),
      request.query.prizeMode,
      request.query.count,
    ),
  );
  registerRoute(app, gate, lotteryRoutes.lotteryRecent, async (request) =>
    lottery.recent(
      memberId(request),
      request.merchant.code,
      languageOf(request, request.query.language),
      request.query.prizeMode,
      request.query.recentCount,
    ),
  );
  registerRoute(app, gate, lotteryRoutes.lotteryOpened, async (request) =>
    lottery.opened(
      memberId(request),
      request.merchant.code,
      request.language,
      request.body.prizeMode,
      request.body.nodeId,
    ),
  );
};
