import { boTablesRoutes, tablesRoutes } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import { staffActor as actor, type StaffRouter } from '../staff';
import type { TablesBackoffice } from './backoffice';
import type { Tables } from './service';

const member = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member;
};

/** The live tables' player calls (thin: the service decides). */
export const registerTablesRoutes = (app: FastifyInstance, gate: Gate, tables: Tables) => {
  registerRoute(app, gate, tablesRoutes.liveTables, async (request) => tables.lobby(request.merchant.code));
  registerRoute(app, gate, tablesRoutes.liveTableState, async (request) =>
    tables.state(request.merchant.code, request.query.tableId, request.member?.id ?? null),
  );
  registerRoute(app, gate, tablesRoutes.liveTableRound, async (request) =>
    tables.round(request.merchant.code, request.query.tableId, request.query.roundNo),
  );
  registerRoute(app, gate, tablesRoutes.liveTableBets, async (request) => {
    const m = member(request);
    return tables.place({
      merchantCode: m.merchantCode,
      memberId: m.id,
      tableId: request.body.tableId,
      roundNo: request.body.roundNo,
      requestKey: request.body.requestKey,
      bets: request.body.bets,
    });
  });
};

/** The live tables' back office on the staff router (permissions checked by the service; ADR 060). */
export const registerTablesBackofficeRoutes = (
  { route }: Pick<StaffRouter, 'route'>,
  bo: TablesBackoffice,
) => {
  const r = boTablesRoutes;
  route(r.boLiveTables, async (q) => bo.tables(actor(q), q.query.merchant));
  route(r.boLiveTableStatus, async (q) => bo.setStatus(actor(q), q.body));
  route(r.boLiveRoundVoid, async (q) => bo.voidRound(actor(q), q.body));
};
