import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Merchant } from '@khela/contract';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database } from '../db/database';
import { refuseBadBytes } from './bad-bytes';
import { resolveRequestContext } from './context';
import { AppError, errorBody } from './errors';
import { precompressAssets } from './precompress-assets';
import { createRequestIds, lazyChildLoggerFactory, QuietRoutesLogController } from './request-log';
import { installRequestScope } from './request-scope';
import { ShortRequestLogController } from './short-log';
import { createSpaIndex, type SpaDeps } from './spa';

/**
 * The HTTP plumbing every module's routes run in: Fastify with zod, compression, OpenAPI at
 * /docs, per-route rate limits, the error envelope, the merchant/language context, the health
 * check and the web app's files. It knows no module: the composition root (`app.ts`) hands in
 * what it needs as plain functions.
 */

const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

const trustProxyOption = (value: string | undefined): boolean | string | string[] => {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value.includes(',') ? value.split(',').map((s) => s.trim()) : value;
};

export type ServerOptions = {
  logLevel: string;
  trustProxy: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** The demo's request lines: one short line per answered request (short-log.ts). */
  shortRequestLines?: boolean;
  /** Present when REDIS_URL is set: rate limits shared between nodes. */
  redis?: Redis | undefined;
};

export type Server = {
  app: FastifyInstance;
  /** The verbs of each API path registered so far (a known path with another verb answers 405). */
  apiVerbs: Map<string, string[]>;
};

/** Fastify with its plugins, the error mapping and the route bookkeeping; no routes yet. */
export const createServer = async (options: ServerOptions): Promise<Server> => {
  const logController = options.shortRequestLines
    ? new ShortRequestLogController()
    : new QuietRoutesLogController();
  const app = Fastify({
    // Request ids end up in audit rows: unique across restarts and nodes (request-log.ts).
    genReqId: createRequestIds(),
    logger: options.logger ?? { level: options.logLevel },
    childLoggerFactory: lazyChildLoggerFactory,
    // No request log lines on the hot routes registered with `quietLog` (route.ts).
    logController,
    trustProxy: trustProxyOption(options.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  // Module log lines written while serving a request carry its reqId (request-scope.ts, ADR 047).
  installRequestScope(app);
  // Drain (ADR 047): once closing, a keep-alive connection (a balancer's) is closed as soon as its
  // answer is sent instead of idling for the keep-alive timeout (72 s) and holding the close up.
  app.addHook('preClose', async () => {
    app.server.keepAliveTimeout = 1;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The verbs of each API path, so a known path called with another verb answers 405
  // `http_method_not_support` (API-FACTS §1.3) instead of 404.
  const apiVerbs = new Map<string, string[]>();
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url))
      apiVerbs.set(route.url, [...(apiVerbs.get(route.url) ?? []), ...[route.method].flat()]);
    if (route.config?.quietLog) logController.quiet(route.url);
  });
  // No call accepts a compressed request body: routes skip @fastify/compress's per-request
  // decompression hook (this onRoute hook runs before the plugin's own).
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Khela API',
        version: '0.1.0',
        description: 'Player, member and agent API of the Khela platform.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          staffToken: { type: 'apiKey', in: 'header', name: 'Authorization' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  // Per-route limits only (login, registration); shared between nodes through Redis when present.
  await app.register(rateLimit, {
    global: false,
    nameSpace: 'khela:rl:',
    ...(options.redis ? { redis: options.redis } : {}),
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.options.value));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        if (!(path in fields)) fields[path] = issue.message ?? 'invalid';
      }
      return reply.status(400).send(errorBody('validation.failed', 'error.validation.failed', { fields }));
    }
    if (isClientDataError(error)) {
      return reply
        .status(400)
        .send(errorBody('validation.failed', 'error.validation.failed', { fields: {} }));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code =
        status === 404
          ? 'not.found'
          : status === 405
            ? 'http_method_not_support'
            : status === 429
              ? 'TOO_MANY_REQUESTS'
              : 'request_param_err';
      return reply.status(status).send(errorBody(code, `error.${code}`));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('system.error', 'error.system.error'));
  });
  refuseBadBytes(app);
  return { app, apiVerbs };
};

/**
 * Errors a caller's bytes cause below the routes, answered 400 `validation.failed` in this one
 * place (ADR 029): a multipart body without its boundary or cut short (busboy throws plain
 * errors), and PostgreSQL's data exceptions (SQLSTATE class 22: a character it cannot store, a
 * number out of range) for a value no check before the database caught.
 */
const MULTIPART_MESSAGES = [
  /boundary not found/i,
  /unexpected end of (form|multipart)/i,
  /malformed part header/i,
];
export const isClientDataError = (error: unknown) => {
  if (!(error instanceof Error)) return false;
  const sqlState = (error as { code?: unknown }).code;
  if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) return true;
  return MULTIPART_MESSAGES.some((m) => m.test(error.message));
};

/** What the request context needs of the site: its merchants and whether its settings are fresh. */
export type ContextSource = {
  findMerchant: (code: string) => Merchant | undefined;
  defaultMerchant: () => Merchant;
  isFresh: () => boolean;
  current: () => Promise<unknown>;
};

/** Every API call gets `request.merchant` and `request.language` from its headers. */
export const installRequestContext = (app: FastifyInstance, site: ContextSource) => {
  // Callback style, not async: while the cached settings are fresh this runs without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isApiPath(request.url)) return done();
    const withContext = () => {
      try {
        resolveRequestContext(request, site);
      } catch (error) {
        return done(error as Error);
      }
      done();
    };
    if (site.isFresh()) return withContext();
    site.current().then(withContext, done);
  });
};

/** `GET /healthz`: the database answers (and Redis, when configured). */
export const registerHealthCheck = (app: FastifyInstance, database: Database, redis: Redis | undefined) => {
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await database.db.selectFrom('site_version').select('version').executeTakeFirstOrThrow();
    const pong = redis ? await redis.ping() : null;
    return { status: 'ok', database: database.kind, redis: pong === null ? 'off' : 'ok' };
  });
};

/**
 * The built web app (when `webDist` holds one): its files, `index.html` with the page's first
 * data for page requests (spa.ts), and the not-found answers (405 for a known API path with
 * another verb, the 404 envelope for API calls and missing assets). Register it last.
 */
export const serveWebApp = async (
  { app, apiVerbs }: Server,
  webDistOption: string | undefined,
  spa: SpaDeps,
) => {
  const webDist = webDistOption && existsSync(join(webDistOption, 'index.html')) ? webDistOption : undefined;
  const indexHtml = webDist ? await readFile(join(webDist, 'index.html'), 'utf8') : undefined;
  // index.html with the first data of the page in it (status, and /rng's first games): http/spa.ts.
  const sendIndexHtml = indexHtml ? createSpaIndex(indexHtml, spa) : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // `<file>.br` / `.gz` beside a file are sent as they are (written by precompressAssets below).
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite puts content hashes in every file under /assets: they can be cached for ever.
        const immutable = path.includes(`${join(webDist, 'assets')}`);
        res.header(
          'cache-control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : // The service worker is checked for a new version at every visit (ADR 044).
              path.endsWith(`${sep}sw.js`)
              ? 'no-cache'
              : 'public, max-age=300',
        );
      },
    });
    // The hashed build files are compressed once, in the background, not on every request.
    void precompressAssets(join(webDist, 'assets'));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const verbs = apiVerbs.get(request.url.split('?')[0] ?? '');
    if (verbs) {
      return reply
        .status(405)
        .header('allow', verbs.join(', '))
        .send(errorBody('http_method_not_support', 'error.http_method_not_support'));
    }
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !request.url.startsWith('/media/') &&
      !request.url.startsWith('/bo/api/') &&
      // A missing hashed asset (an old tab after a deploy) must 404, not get HTML in place of JS.
      !request.url.startsWith('/assets/');
    if (wantsPage && sendIndexHtml) {
      // History-mode fallback: every unknown path is a client route; the SPA shows its own not-found page.
      return sendIndexHtml(
        request,
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8'),
      );
    }
    return reply.status(404).send(errorBody('not.found', 'error.not.found'));
  });
};
