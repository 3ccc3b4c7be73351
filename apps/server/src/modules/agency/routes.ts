import { agencyRoutes, boAgencyRoutes } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import { staffActor as actor, type StaffRouter } from '../staff';
import type { AgencyBackoffice } from './backoffice';
import type { Agency } from './service';

const member = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member;
};

const idempotencyKey = (request: FastifyRequest) => {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(key))
    throw new AppError('validation.failed', { value: { fields: { 'idempotency-key': 'required' } } });
  return key;
};

/** The agent centre's calls and the join page (thin: the services decide). */
export const registerAgencyRoutes = (app: FastifyInstance, gate: Gate, agency: Agency) => {
  const r = agencyRoutes;
  const c = agency.centre;
  registerRoute(app, gate, r.agencyCentre, async (q) => c.centre(member(q)));
  registerRoute(app, gate, r.agencyOverview, async (q) => c.overview(member(q), q.query.range));
  registerRoute(app, gate, r.agencyTeamPlay, async (q) =>
    c.teamPlay(member(q), q.query.range, q.query.account),
  );
  registerRoute(app, gate, r.agencyDownline, async (q) =>
    c.downline(member(q), q.query.search, q.query.page),
  );
  registerRoute(app, gate, r.agencyRegister, async (q) => c.register(member(q), q.body));
  registerRoute(app, gate, r.agencyDownlineStatus, async (q) =>
    c.setStatus(member(q), q.body.account, q.body.status),
  );
  registerRoute(app, gate, r.agencyTransfer, async (q) =>
    c.transfer(member(q), q.body.account, BigInt(q.body.amountMinor), idempotencyKey(q)),
  );
  registerRoute(app, gate, r.agencyOffer, async (q) => {
    const { account, ...terms } = q.body;
    return c.offer(member(q), account, terms);
  });
  registerRoute(app, gate, r.agencyDecide, async (q) =>
    c.decide(member(q), q.body.contractId, q.body.accept),
  );
  registerRoute(app, gate, r.agencyTerminate, async (q) => c.terminate(member(q), q.body.contractId));
  registerRoute(app, gate, r.agencyRevocation, async (q) =>
    c.answerRevocation(member(q), q.body.contractId, q.body.confirm),
  );
  registerRoute(app, gate, r.agencyIncome, async (q) => c.income(member(q), q.query.kind, q.query.page));
  registerRoute(app, gate, r.agencyProgramme, async (q) => agency.programme(q.merchant.code));
  registerRoute(app, gate, r.agencyApply, async (q) => agency.apply(q.merchant.code, q.body));
};

/** The agency's back-office calls on the staff router (permissions checked by the service). */
export const registerAgencyBackofficeRoutes = ({ route }: StaffRouter, bo: AgencyBackoffice) => {
  const r = boAgencyRoutes;
  route(r.boAgencyAgents, async (q) => bo.agents(actor(q), q.query.merchant, q.query.search));
  route(r.boAgencyContract, async (q) => bo.platformContract(actor(q), q.body));
  route(r.boAgencyPreview, async (q) =>
    bo.preview(actor(q), q.query.merchant, q.query.kind, q.query.at, q.query.cycles),
  );
  route(r.boAgencyRun, async (q) => bo.run(actor(q), q.body));
  route(r.boAgencySettlements, async (q) => bo.settlements(actor(q), q.query));
  route(r.boAgencySettlementsCsv, async (q) => bo.settlementsCsv(actor(q), q.query));
  route(r.boAgencyApplications, async (q) => bo.applicationList(actor(q), q.query.merchant, q.query.status));
  route(r.boAgencyApplicationDecide, async (q) => bo.decideApplication(actor(q), q.body));
  route(r.boAgencyTemplates, async (q) => bo.templates(actor(q), q.query.merchant));
  route(r.boAgencyTemplatesSave, async (q) => bo.saveTemplates(actor(q), q.body));
};
