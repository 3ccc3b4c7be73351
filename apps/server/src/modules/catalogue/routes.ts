import { catalogueRoutes, favouriteBody } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf } from '../../http/context';
import { AppError } from '../../http/errors';
import { JsonText } from '../../http/json-text';
import { type Gate, registerRoute } from '../../http/route';
import type { LotteryService } from './lottery';
import { registerLotteryRoutes } from './lottery-routes';
import type { CatalogueService } from './service';

/**
 * A `merchant` parameter (the platform's clients send it beside the `Merchant` header) must name
 * the merchant of the call: one naming another merchant is refused rather than quietly answered
 * with the header's catalogue, so a client mixing up its merchants finds out.
 */
const assertCallMerchant = (request: FastifyRequest, param: string | undefined) => {
  if (param !== undefined && param.toLowerCase() !== request.merchant.code)
    throw new AppError('request_param_err', { value: { field: 'merchant' } });
};

const memberId = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member.id;
};

/**
 * Game catalogue calls: vendors and lanes, game list, hot games, favourites, recent, winners;
 * and the lottery menus over the catalogue's lottery games (`/lgw`, lottery-routes.ts).
 */
export const registerCatalogueRoutes = (
  app: FastifyInstance,
  gate: Gate,
  catalogue: CatalogueService,
  lottery?: LotteryService,
) => {
  if (lottery) registerLotteryRoutes(app, gate, lottery);
  registerRoute(app, gate, catalogueRoutes.gameVendors, async (request) =>
    catalogue.getVendors(request.merchant.code, languageOf(request, request.query.language)),
  );
  registerRoute(app, gate, catalogueRoutes.vassGameType, async (request) =>
    catalogue.getVendorsByType(request.merchant.code),
  );
  registerRoute(
    app,
    gate,
    catalogueRoutes.gameList,
    async (request) => {
      // clientType, platform and channel are accepted for the platform's clients and narrow
      // nothing (the service reads only the filters): every game is HTML5 and runs on every client.
      const { language, merchant, ...filter } = request.query;
      assertCallMerchant(request, merchant);
      const page = await catalogue.listGamesJson(
        request.merchant.code,
        languageOf(request, language),
        filter,
      );
      return new JsonText([page.json], page.cacheKey);
    },
    // Lobby pages repeat across visitors: their compressed forms are kept too, and a URL asked for
    // again is answered from memory while the catalogue and settings stay as they were.
    {
      compressCache: 2_000,
      memo: {
        key: (request) => `${request.merchant.code}\u0000${request.language}`,
        stamp: (request) => catalogue.listStamp(request.merchant.code),
      },
      quietLog: true,
    },
  );
  registerRoute(app, gate, catalogueRoutes.hotGames, async (request) =>
    catalogue.hotGames(
      request.merchant.code,
      languageOf(request, request.query.language),
      request.query.vassalage,
    ),
  );
  registerRoute(app, gate, catalogueRoutes.hotGamesPost, async (request) => {
    const params = { ...request.query, ...(request.body ?? {}) };
    return catalogue.hotGames(request.merchant.code, languageOf(request, params.language), params.vassalage);
  });
  registerRoute(app, gate, catalogueRoutes.favouriteIds, async (request) =>
    catalogue.favouriteIds(memberId(request)),
  );
  registerRoute(app, gate, catalogueRoutes.favouriteList, async (request) =>
    catalogue.favouriteList(memberId(request), languageOf(request, request.query.language), request.query),
  );
  registerRoute(app, gate, catalogueRoutes.addFavourite, async (request) =>
    catalogue.addFavourite(memberId(request), request.body),
  );
  registerRoute(app, gate, catalogueRoutes.removeFavourite, async (request) => {
    const payload = request.body ?? favouriteBody.safeParse(request.query).data;
    if (!payload) throw new AppError('validation.failed', { value: { fields: { nodeId: 'required' } } });
    return catalogue.removeFavourite(memberId(request), payload);
  });
  registerRoute(app, gate, catalogueRoutes.recentGames, async (request) =>
    catalogue.recentGames(memberId(request), languageOf(request, request.query.language), request.query),
  );
  registerRoute(app, gate, catalogueRoutes.winnerBoard, async (request) =>
    catalogue.winnerBoard(
      request.merchant.code,
      languageOf(request, request.query.language),
      request.query.gameCategory,
      request.query.limitNum,
    ),
  );
};
