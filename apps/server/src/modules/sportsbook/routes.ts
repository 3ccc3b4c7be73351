import { boSportsbookRoutes, sportsbookRoutes } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import { staffActor as actor, type StaffRouter } from '../staff';
import type { SportsbookBackoffice } from './backoffice';
import type { Sportsbook } from './service';

const member = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member;
};

/** The sportsbook's player calls (thin: the service decides). */
export const registerSportsbookRoutes = (app: FastifyInstance, gate: Gate, book: Sportsbook) => {
  const r = sportsbookRoutes;
  registerRoute(app, gate, r.sportsbookEvents, async (q) => book.events(q.merchant.code, q.query.product));
  registerRoute(app, gate, r.sportsbookResults, async (q) =>
    book.results(q.merchant.code, q.query.sportCode, q.query.count),
  );
  registerRoute(app, gate, r.sportsbookPlaceBet, async (q) => {
    const m = member(q);
    return book.place({
      merchantCode: m.merchantCode,
      memberId: m.id,
      requestKey: q.body.requestKey,
      kind: q.body.kind,
      stakeMinor: BigInt(q.body.stakeMinor),
      systemSizes: q.body.systemSizes,
      oddsPolicy: q.body.oddsPolicy,
      legs: q.body.legs.map((l) => ({ selectionId: l.selectionId, odds: BigInt(l.odds) })),
    });
  });
  registerRoute(app, gate, r.sportsbookPreferences, async (q) => book.preferences(member(q).id));
  registerRoute(app, gate, r.sportsbookPreferencesSave, async (q) =>
    book.savePreferences(member(q).id, q.body),
  );
  registerRoute(app, gate, r.sportsbookCashOut, async (q) =>
    book.cashOut({ memberId: member(q).id, betId: q.body.betId, offerMinor: BigInt(q.body.offerMinor) }),
  );
  registerRoute(app, gate, r.sportsbookPartialCashOut, async (q) =>
    book.partialCashOut({
      memberId: member(q).id,
      betId: q.body.betId,
      requestKey: q.body.requestKey,
      partMinor: BigInt(q.body.stakePartMinor),
      offerMinor: BigInt(q.body.offerMinor),
    }),
  );
  registerRoute(app, gate, r.sportsbookMyBets, async (q) =>
    book.myBets(member(q).id, q.query.status, q.query.count),
  );
};

/** Trading on the staff router (permissions checked by the service). */
export const registerSportsbookBackofficeRoutes = ({ route }: StaffRouter, bo: SportsbookBackoffice) => {
  const r = boSportsbookRoutes;
  route(r.boSportsbookEvents, async (q) => bo.events(actor(q), q.query.merchant, q.query.product));
  route(r.boSportsbookMarketStatus, async (q) => bo.setMarketStatus(actor(q), q.body));
  route(r.boSportsbookMarketVoid, async (q) => bo.voidMarket(actor(q), q.body));
  route(r.boSportsbookResult, async (q) => bo.enterResult(actor(q), q.body));
  route(r.boSportsbookBets, async (q) => bo.searchBets(actor(q), q.query));
  route(r.boSportsbookCashOutRule, async (q) => bo.setCashOut(actor(q), q.body));
  route(r.boSportsbookCashOutRuleGet, async (q) => bo.cashOut(actor(q), q.query.merchant));
};
