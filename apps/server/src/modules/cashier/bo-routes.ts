import type { Readable } from 'node:stream';
import {
  cashierBoRoutes,
  envelope,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  type RouteDef,
} from '@khela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import type { Actor } from '../backoffice/audit';
import { createStaffGuard } from '../backoffice/routes';
import { actorOf, type StaffService } from '../backoffice/staff';
import type { CashierBackoffice } from './bo';

type Req<D extends RouteDef> = FastifyRequest & {
  query: NonNullable<D['query']> extends z.ZodType ? z.output<NonNullable<D['query']>> : unknown;
  body: NonNullable<D['body']> extends z.ZodType ? z.output<NonNullable<D['body']>> : unknown;
};

const actor = (request: FastifyRequest): Actor => {
  if (!request.staff) throw new AppError('login.not.session');
  return actorOf(request.staff, { ip: request.ip, requestId: String(request.id) });
};

/**
 * Like the back office's own registrar (backoffice/routes.ts): zod validation from the contract,
 * the staff guard before the body is read, the envelope; `envelope: false` routes answer their
 * own content (CSV, image bytes).
 */
const staffRoute = <D extends RouteDef>(
  app: FastifyInstance,
  guard: onRequestAsyncHookHandler,
  def: D,
  handler: (request: Req<D>, reply: FastifyReply) => Promise<unknown>,
) => {
  const raw = def.envelope === false;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: Array.isArray(def.method) ? [...def.method] : [def.method as string],
    url: def.path,
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(raw ? {} : { response: { 200: envelope(def.value) } }),
      security: [{ staffToken: [] }],
    },
    onRequest: [guard],
    handler: async (request, reply) => {
      const value = await handler(request as Req<D>, reply);
      if (raw) return value;
      return { success: true, value };
    },
  });
};

const csv = (reply: FastifyReply, name: string, body: Readable) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(body);

const idempotencyKeyOf = (request: FastifyRequest) => {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw new AppError('validation.failed', {
      value: { fields: { 'Idempotency-Key': 'idempotency.key.required' } },
    });
  return header;
};

/** The finance routes under `/bo/api/cashier/*` (staff sessions; permissions checked in bo.ts). */
export const registerCashierBackofficeRoutes = (
  app: FastifyInstance,
  staff: StaffService,
  bo: CashierBackoffice,
) => {
  const guard = createStaffGuard(staff);
  const r = cashierBoRoutes;

  staffRoute(app, guard, r.boDeposits, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.deposits(actor(q), filter, page, pageSize);
  });
  staffRoute(app, guard, r.boDepositsCsv, async (q, reply) =>
    csv(reply, 'deposits.csv', await bo.depositsCsv(actor(q), q.query)),
  );
  staffRoute(app, guard, r.boDepositApprove, async (q) =>
    bo.approveDeposit(actor(q), q.body.id, q.body.reason),
  );
  staffRoute(app, guard, r.boDepositReject, async (q) =>
    bo.rejectDeposit(actor(q), q.body.id, q.body.reason),
  );
  staffRoute(app, guard, r.boWithdrawals, async (q) => {
    const { page, pageSize, ...filter } = q.query;
    return bo.withdrawals(actor(q), filter, page, pageSize);
  });
  staffRoute(app, guard, r.boWithdrawalsCsv, async (q, reply) =>
    csv(reply, 'withdrawals.csv', await bo.withdrawalsCsv(actor(q), q.query)),
  );
  staffRoute(app, guard, r.boWithdrawalAction, async (q) => bo.withdrawalAction(actor(q), q.body));
  staffRoute(app, guard, r.boUpload, async (q, reply) => {
    const file = await bo.upload(actor(q), q.query.id);
    return reply
      .type(file.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });
  staffRoute(app, guard, r.boChannels, async (q) => bo.channels(actor(q), q.query.merchant));
  staffRoute(app, guard, r.boChannelSave, async (q) => bo.saveChannel(actor(q), q.body));
  staffRoute(app, guard, r.boChannelDelete, async (q) => bo.deleteChannel(actor(q), q.body.id));
  staffRoute(app, guard, r.boCashierSettings, async (q) => bo.settings(actor(q), q.query.merchant));
  staffRoute(app, guard, r.boCashierSettingsSave, async (q) => bo.saveSettings(actor(q), q.body));
  staffRoute(app, guard, r.boAdjust, async (q) => bo.adjust(actor(q), q.body, idempotencyKeyOf(q)));
  staffRoute(app, guard, r.boMemberLedger, async (q) => bo.memberLedger(actor(q), q.query));
  staffRoute(app, guard, r.boMemberLimits, async (q) => bo.memberLimits(actor(q), q.query.memberId));
  staffRoute(app, guard, r.boMemberLimitsSave, async (q) => bo.saveMemberLimits(actor(q), q.body));
  staffRoute(app, guard, r.boLimitDefaults, async (q) => bo.limitDefaults(actor(q), q.query.merchant));
  staffRoute(app, guard, r.boLimitDefaultsSave, async (q) => bo.saveLimitDefaults(actor(q), q.body));
};
