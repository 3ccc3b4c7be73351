import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Redis } from 'ioredis';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { countryOfIp, createSiteService, registerSiteRoutes, type SiteService } from '../modules/site';
import { resolveRequestContext } from './context';
import { AppError, errorBody } from './errors';
import type { Gate } from './route';

export type AppDeps = {
  config: Pick<Config, 'LOG_LEVEL' | 'TRUST_PROXY' | 'BLOCKED_COUNTRIES'>;
  database: Database;
  /** Folder of the built web app; when unset only the API is served. */
  webDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** Present when REDIS_URL is set: shared rate limits and caches between nodes. */
  redis?: Redis | undefined;
};

export type App = FastifyInstance & { services: { site: SiteService } };

const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/'];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

const trustProxyOption = (value: string | undefined): boolean | string | string[] => {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value.includes(',') ? value.split(',').map((s) => s.trim()) : value;
};

/** Builds the whole server as a Fastify instance without listening, so tests can `inject`. */
export const buildApp = async (deps: AppDeps): Promise<App> => {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const site = createSiteService({ db: database.db, now: deps.now, blockedCountries: config.BLOCKED_COUNTRIES });
  await site.refresh();

  const gate: Gate = {
    isModuleEnabled: (request, modId) => site.isModuleEnabled(request.merchant.code, modId),
    assertOpen: (request, def) => {
      if (def.tag === 'system') return;
      if (site.isInMaintenance(request.merchant.code)) {
        throw new AppError('system.maintenance', { value: site.settingsOf(request.merchant.code).maintenance });
      }
      const country = countryOfIp(request.ip);
      const blocked = config.BLOCKED_COUNTRIES ?? site.settingsOf(request.merchant.code).region.blockedCountries;
      if (country && blocked.includes(country)) throw new AppError('access.restricted', { value: { ip: request.ip, country } });
    },
  };

  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Khela API', version: '0.1.0', description: 'Player, member and agent API of the Khela platform.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    await site.current();
    resolveRequestContext(request, site);
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
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code = status === 404 ? 'not.found' : status === 405 ? 'http_method_not_support' : status === 429 ? 'TOO_MANY_REQUESTS' : 'request_param_err';
      return reply.status(status).send(errorBody(code, `error.${code}`));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('system.error', 'error.system.error'));
  });

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await database.db.selectFrom('site_version').select('version').executeTakeFirstOrThrow();
    const redis = deps.redis ? await deps.redis.ping() : null;
    return { status: 'ok', database: database.kind, redis: redis === null ? 'off' : 'ok' };
  });

  registerSiteRoutes(app, gate, site);

  const webDist = deps.webDist && existsSync(join(deps.webDist, 'index.html')) ? deps.webDist : undefined;
  const indexHtml = webDist ? await readFile(join(webDist, 'index.html'), 'utf8') : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        // Vite puts content hashes in every file under /assets: they can be cached for ever.
        const immutable = path.includes(`${join(webDist, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && !request.url.startsWith('/media/');
    if (wantsPage && indexHtml) {
      // History-mode fallback: every unknown path is a client route; the SPA shows its own not-found page.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send(errorBody('not.found', 'error.not.found'));
  });

  return Object.assign(app, { services: { site } }) as App;
};
