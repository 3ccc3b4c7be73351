import type { Readable } from 'node:stream';
import { normalizeIP } from '@fastify/rate-limit';
import { envelope, type RouteDef } from '@khela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import { type AuthStaff, actorOf } from './accounts';
import type { Actor } from './audit';

/** Per IP: staff login and enrolment calls a minute. */
export const STAFF_LOGINS_PER_MINUTE = 20;

export type StaffRequest<D extends RouteDef> = FastifyRequest & {
  query: NonNullable<D['query']> extends z.ZodType ? z.output<NonNullable<D['query']>> : unknown;
  body: NonNullable<D['body']> extends z.ZodType ? z.output<NonNullable<D['body']>> : unknown;
};

/** What a back-office handler answers: the value (enveloped), a CSV (text or stream), or the reply it sent. */
export type StaffAnswer<D extends RouteDef> = z.input<D['value']> | Readable | string | FastifyReply;

/** The staff member behind a guarded call, with where it came from, for the service and its audit row. */
export const staffActor = (request: FastifyRequest): Actor => {
  if (!request.staff) throw new AppError('login.not.session');
  return actorOf(request.staff, { ip: request.ip, requestId: String(request.id) });
};

/** The signed-in staff member of a guarded call (self-service routes). */
export const signedInStaff = (request: FastifyRequest): AuthStaff => {
  if (!request.staff) throw new AppError('login.not.session');
  return request.staff;
};

/**
 * Registers the `/bo/api` routes of every module the same way: zod validation from the
 * contract, the staff guard on `staff: true` routes (before the body is read), the envelope;
 * `envelope: false` routes answer CSV (a string, or a stream of every row, named after the
 * path), or answer themselves and return the reply (image bytes).
 */
export type StaffRouter = {
  route: <D extends RouteDef>(
    def: D,
    handler: (request: StaffRequest<D>, reply: FastifyReply) => Promise<StaffAnswer<D>>,
    options?: { limit?: onRequestAsyncHookHandler },
  ) => void;
  /** The per-IP limit of sign-in calls (login, enrolment, password change). */
  loginLimit: onRequestAsyncHookHandler;
};

export const createStaffRouter = (
  app: FastifyInstance,
  authenticate: (token: string) => Promise<AuthStaff | null>,
): StaffRouter => {
  if (!app.hasDecorator('rateLimit'))
    throw new Error('@fastify/rate-limit must be registered before the back-office routes');
  const guard: onRequestAsyncHookHandler = async (request) => {
    // `Authorization: <staff token>` must name a live staff session (member tokens live in
    // another table and never match).
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? header.trim() : '';
    const found = token ? await authenticate(token) : null;
    if (!found) throw new AppError('login.not.session');
    request.staff = found;
  };
  const loginLimit = app.rateLimit({
    max: STAFF_LOGINS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `bo-login:${normalizeIP(request.ip)}`,
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', { value: { retryAfter: Math.ceil(context.ttl / 1000) } }),
  }) as unknown as onRequestAsyncHookHandler;

  const route: StaffRouter['route'] = (def, handler, options = {}) => {
    const csv = def.envelope === false;
    app.withTypeProvider<ZodTypeProvider>().route({
      method: Array.isArray(def.method) ? [...def.method] : [def.method as string],
      url: def.path,
      schema: {
        summary: def.summary,
        tags: [def.tag],
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body ? { body: def.body } : {}),
        ...(csv ? {} : { response: { 200: envelope(def.value) } }),
        ...(def.staff ? { security: [{ staffToken: [] }] } : {}),
      },
      onRequest: [...(options.limit ? [options.limit] : []), ...(def.staff ? [guard] : [])],
      handler: async (request, reply) => {
        const value = await handler(request as StaffRequest<typeof def>, reply);
        // A raw route that answered itself (image bytes) is done. (A returned reply is a thenable:
        // awaiting it waits for the answer to be sent, so test `sent`, not the value.)
        if (reply.sent) return reply;
        if (csv) {
          const name = def.path.split('/').pop() ?? 'export.csv';
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${name}"`)
            .send(value);
        }
        return { success: true, value };
      },
    });
  };
  return { route, loginLimit };
};
