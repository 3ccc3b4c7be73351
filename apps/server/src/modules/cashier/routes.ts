import { createHash } from 'node:crypto';
import type {} from '@fastify/multipart';
import { normalizeIP } from '@fastify/rate-limit';
import {
  CASHIER_UPLOAD_MAX_BYTES,
  cashierRoutes,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import type { CashierService } from './service';
import type { CashierWebhooks } from './webhooks';

/** Calls a minute per session (or per IP without one). */
export const PAYMENT_PASSWORD_CHANGES_PER_MINUTE = 20;
export const PASSWORD_CHECKED_CALLS_PER_MINUTE = 60;
export const UPLOADS_PER_MINUTE = 20;
export const DEPOSITS_PER_MINUTE = 20;

const signedIn = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  return request.member;
};

const idempotencyKeyOf = (request: FastifyRequest) => {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw new AppError('validation.failed', {
      value: { fields: { 'Idempotency-Key': 'idempotency.key.required' } },
    });
  return header;
};

/** Limits per session token (hashed), else per IP: runs before the session is checked. */
const limiter = (app: FastifyInstance, name: string, max: number) =>
  app.rateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const auth = request.headers.authorization;
      return typeof auth === 'string' && auth
        ? `${name}:t:${createHash('sha256').update(auth).digest('hex').slice(0, 32)}`
        : `${name}:ip:${normalizeIP(request.ip)}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', { value: { retryAfter: Math.ceil(context.ttl / 1000) } }),
  }) as unknown as onRequestAsyncHookHandler;

/**
 * The player's cashier calls (contract cashier.ts) and the payment-gateway webhook. Must be
 * registered in the upload scope of the composition root (after @fastify/multipart).
 */
export const registerCashierRoutes = async (
  app: FastifyInstance,
  gate: Gate,
  cashier: CashierService,
  webhooks: CashierWebhooks,
) => {
  if (!app.hasDecorator('rateLimit'))
    throw new Error('@fastify/rate-limit must be registered before the cashier');
  if (!app.hasContentTypeParser('multipart/form-data'))
    throw new Error('@fastify/multipart must be registered before the cashier');
  const r = cashierRoutes;
  const pwLimit = { onRequest: [limiter(app, 'cashier-pw', PAYMENT_PASSWORD_CHANGES_PER_MINUTE)] };
  const checkedLimit = { onRequest: [limiter(app, 'cashier-checked', PASSWORD_CHECKED_CALLS_PER_MINUTE)] };
  const uploadLimit = { onRequest: [limiter(app, 'cashier-upload', UPLOADS_PER_MINUTE)] };
  const depositLimit = { onRequest: [limiter(app, 'cashier-deposit', DEPOSITS_PER_MINUTE)] };
  const noStore = { 'cache-control': 'no-store' };

  registerRoute(app, gate, r.depositChannels, async (q, reply) => {
    reply.headers(noStore);
    return cashier.channels(signedIn(q), q.language);
  });
  registerRoute(
    app,
    gate,
    r.cashierUpload,
    async (q) => {
      const member = signedIn(q);
      if (!q.isMultipart()) throw new AppError('request_body_required');
      const file = await q.file({
        limits: { fileSize: CASHIER_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
      });
      if (!file) throw new AppError('request_body_required');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        throw new AppError('validation.failed', { value: { fields: { file: 'size' } } });
      }
      return cashier.upload(member, bytes);
    },
    uploadLimit,
  );
  registerRoute(
    app,
    gate,
    r.depositCreate,
    async (q) => cashier.createDeposit(signedIn(q), q.body, idempotencyKeyOf(q)),
    depositLimit,
  );
  registerRoute(app, gate, r.depositList, async (q, reply) => {
    reply.headers(noStore);
    return cashier.listDeposits(signedIn(q), q.query);
  });
  registerRoute(app, gate, r.withdrawInfo, async (q, reply) => {
    reply.headers(noStore);
    return cashier.withdrawInfo(signedIn(q));
  });
  registerRoute(
    app,
    gate,
    r.paymentPassword,
    async (q) => cashier.setPaymentPassword(signedIn(q), q.body),
    pwLimit,
  );
  registerRoute(
    app,
    gate,
    r.payoutAccountBind,
    async (q) => cashier.bindPayoutAccount(signedIn(q), q.body),
    checkedLimit,
  );
  registerRoute(
    app,
    gate,
    r.withdrawCreate,
    async (q) => cashier.withdraw(signedIn(q), q.body, idempotencyKeyOf(q)),
    checkedLimit,
  );
  registerRoute(app, gate, r.withdrawList, async (q, reply) => {
    reply.headers(noStore);
    return cashier.listWithdrawals(signedIn(q), q.query);
  });
  registerRoute(app, gate, r.withdrawDetail, async (q, reply) => {
    reply.headers(noStore);
    return cashier.withdrawalDetail(signedIn(q), q.query.id);
  });
  registerRoute(app, gate, r.withdrawConfirm, async (q) => cashier.confirmWithdrawal(signedIn(q), q.body));
  registerRoute(app, gate, r.withdrawConfirmAll, async (q) => cashier.confirmAll(signedIn(q)));
  registerRoute(app, gate, r.uplineInfo, async (q) => cashier.uplineInfo(signedIn(q)));
  registerRoute(
    app,
    gate,
    r.transferUpline,
    async (q) => cashier.transferUpline(signedIn(q), q.body, idempotencyKeyOf(q)),
    checkedLimit,
  );
  registerRoute(app, gate, r.personalProfit, async (q, reply) => {
    reply.headers(noStore);
    return cashier.personalProfit(signedIn(q), q.query);
  });

  // The webhook is signed over the exact bytes: this scope keeps the raw body beside the parsed one.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as FastifyRequest & { rawBody?: string }).rawBody = String(body);
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new AppError('request_param_err'), undefined);
      }
    });
    registerRoute(scope, gate, r.gatewayWebhook, async (q) => {
      const raw = (q as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      return webhooks.receive(q.query.provider, raw, q.headers, q.body);
    });
  });
};
