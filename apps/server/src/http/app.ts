import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  type BackofficeService,
  createBackofficeService,
  registerBackofficeRoutes,
} from '../modules/backoffice';
import { type CatalogueService, createCatalogueService, registerCatalogueRoutes } from '../modules/catalogue';
import {
  createAuthGuard,
  createIdentityService,
  createPasswordHasher,
  type IdentityService,
  registerIdentityRoutes,
} from '../modules/identity';
import { createMessenger } from '../modules/messaging';
import { registerDemoInboxRoute } from '../modules/messaging/demo-inbox';
import { countryOfIp, createSiteService, registerSiteRoutes, type SiteService } from '../modules/site';
import { createWalletService, registerWalletRoutes, type WalletService } from '../modules/wallet';
import { resolveRequestContext } from './context';
import { AppError, errorBody } from './errors';
import { precompressed } from './precompressed';
import type { Gate } from './route';

export type AppDeps = {
  config: Pick<Config, 'LOG_LEVEL' | 'TRUST_PROXY' | 'BLOCKED_COUNTRIES'> &
    Partial<
      Pick<
        Config,
        | 'KHELA_MODE'
        | 'SMTP_URL'
        | 'MAIL_FROM'
        | 'SMS_GATEWAY_URL'
        | 'SMS_GATEWAY_TOKEN'
        | 'HUMAN_VERIFICATION_COST'
      >
    >;
  database: Database;
  /** Folder of the built web app; when unset only the API is served. */
  webDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** Present when REDIS_URL is set: shared rate limits and caches between nodes. */
  redis?: Redis | undefined;
};

export type App = FastifyInstance & {
  services: {
    site: SiteService;
    identity: IdentityService;
    catalogue: CatalogueService;
    wallet: WalletService;
    backoffice: BackofficeService;
  };
};

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
    // Request ids end up in audit rows: random UUIDs stay unique across restarts and nodes.
    genReqId: () => randomUUID(),
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const site = createSiteService({
    db: database.db,
    now: deps.now,
    blockedCountries: config.BLOCKED_COUNTRIES,
  });
  await site.refresh();
  const catalogue = createCatalogueService({
    db: database.db,
    now: deps.now,
    brandLanes: (merchantCode) => {
      const brand = site.settingsOf(merchantCode).brand;
      return { esports: brand.esportGames, cockfight: brand.cockfightGames };
    },
  });
  await catalogue.refresh();
  const messenger = createMessenger({ config, db: database.db, log: app.log, now: deps.now });
  // One argon2id semaphore for member and staff passwords alike.
  const hasher = createPasswordHasher();
  const identity = createIdentityService({
    db: database.db,
    site,
    hasher,
    now: deps.now,
    messenger,
    log: app.log,
    humanVerificationCost: config.HUMAN_VERIFICATION_COST,
  });
  const wallet = createWalletService({ db: database.db, site, now: deps.now });
  const backoffice = createBackofficeService({ db: database.db, site, hasher, now: deps.now });
  app.addHook('onClose', async () => {
    await identity.settled();
    messenger.close();
  });

  const gate: Gate = {
    authenticate: createAuthGuard(identity),
    isModuleEnabled: (request, modId) => site.isModuleEnabled(request.merchant.code, modId),
    assertOpen: (request, def) => {
      if (def.tag === 'system') return;
      if (site.isInMaintenance(request.merchant.code)) {
        throw new AppError('system.maintenance', {
          value: site.settingsOf(request.merchant.code).maintenance,
        });
      }
      const country = countryOfIp(request.ip);
      const blocked =
        config.BLOCKED_COUNTRIES ?? site.settingsOf(request.merchant.code).region.blockedCountries;
      if (country && blocked.includes(country))
        throw new AppError('access.restricted', { value: { ip: request.ip, country } });
    },
  };

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
    ...(deps.redis ? { redis: deps.redis } : {}),
  });

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

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await database.db.selectFrom('site_version').select('version').executeTakeFirstOrThrow();
    const redis = deps.redis ? await deps.redis.ping() : null;
    return { status: 'ok', database: database.kind, redis: redis === null ? 'off' : 'ok' };
  });

  registerSiteRoutes(app, gate, site);
  registerIdentityRoutes(app, gate, identity);
  registerCatalogueRoutes(app, gate, catalogue);
  registerWalletRoutes(app, gate, wallet);
  // The operator back office: staff sessions of their own, open in maintenance and from any region.
  await registerBackofficeRoutes(app, backoffice);
  if (config.KHELA_MODE === 'demo') registerDemoInboxRoute(app, gate, { db: database.db, now: deps.now });

  const webDist = deps.webDist && existsSync(join(deps.webDist, 'index.html')) ? deps.webDist : undefined;
  const indexHtml = webDist ? await readFile(join(webDist, 'index.html'), 'utf8') : undefined;
  const sendIndexHtml = indexHtml ? precompressed(indexHtml) : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        // Vite puts content hashes in every file under /assets: they can be cached for ever.
        const immutable = path.includes(`${join(webDist, 'assets')}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
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

  return Object.assign(app, { services: { site, identity, catalogue, wallet, backoffice } }) as App;
};
