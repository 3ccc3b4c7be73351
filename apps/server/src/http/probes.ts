import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/database';
import type { Metrics } from '../shared/metrics';

/**
 * What an orchestrator and Prometheus ask (issue 23, docs/decisions/041-operations.md):
 * - `GET /livez`: the process answers (no dependency checked: a restart would not fix a database
 *   that is down, so liveness never depends on one);
 * - `GET /readyz`: the database answers, and Redis when configured — 503 otherwise, and while the
 *   server drains after SIGTERM (Fastify answers 503 to new requests while closing);
 * - `GET /metrics`: Prometheus text, only with `Authorization: Bearer <METRICS_TOKEN>`; without a
 *   configured token the path does not exist (404), so metrics are never public.
 * Every answered request is counted by method, route template and status, and timed.
 */
export const registerProbes = (
  app: FastifyInstance,
  deps: { database: Database; redis: Redis | undefined; metrics: Metrics; metricsToken: string | undefined },
) => {
  const { metrics } = deps;
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/livez', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'live' }));

  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await deps.database.db.selectFrom('site_version').select('version').executeTakeFirstOrThrow();
      if (deps.redis) await deps.redis.ping();
      return { status: 'ready' };
    } catch (error) {
      reply.code(503);
      return { status: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
  });

  const token = deps.metricsToken;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.code(401).header('www-authenticate', 'Bearer');
      return { status: 'unauthorized' };
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};

/** The route template of a request (bounded label values): built files as one, unmatched as one. */
const routeLabel = (request: FastifyRequest) => {
  const url = request.routeOptions.url;
  if (!url) return 'unmatched';
  if (url.startsWith('/assets/')) return '/assets/*';
  return url;
};
