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
  registerBackofficeWeb,
} from '../modules/backoffice';
import { AUTO_CONFIRM_EVERY_MS, type Cashier, createCashier } from '../modules/cashier';
import {
  type CatalogueService,
  createCatalogueService,
  createLotteryService,
  registerCatalogueRoutes,
} from '../modules/catalogue';
import {
  createGamesBackoffice,
  createGamesService,
  type GamesService,
  registerGamesRoutes,
  registerGamesStaffRoutes,
  SWEEP_INTERVAL_MS,
} from '../modules/games';
import {
  createAuthGuard,
  createIdentityService,
  createPasswordHasher,
  createSocialSignIn,
  type IdentityService,
  registerIdentityRoutes,
  routeRefusal,
  socialProvidersFromConfig,
} from '../modules/identity';
import { createInboxService, type InboxService, registerInboxRoutes } from '../modules/inbox';
import { createMessenger } from '../modules/messaging';
import { registerDemoInboxRoute } from '../modules/messaging/demo-inbox';
import {
  createProviderService,
  mountDemoVendorSim,
  type ProviderService,
  registerProviderRoutes,
  registerVendorAdapters,
} from '../modules/provider';
import { createScheduler, type Scheduler } from '../modules/scheduler';
import { countryOfIp, createSiteService, registerSiteRoutes, type SiteService } from '../modules/site';
import { createWalletService, registerWalletRoutes, type WalletService } from '../modules/wallet';
import { createBalanceEvents } from '../modules/wallet/events';
import { registerBalanceSocket } from '../modules/wallet/ws';
import { resolveRequestContext } from './context';
import { AppError, errorBody } from './errors';
import { precompressAssets } from './precompress-assets';
import { createRequestIds, lazyChildLoggerFactory, QuietRoutesLogController } from './request-log';
import type { Gate } from './route';
import { createSpaIndex } from './spa';

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
        | 'KHELA_SCHEDULER'
        | 'PUBLIC_URL'
        | 'OIDC_GOOGLE_CLIENT_ID'
        | 'OIDC_GOOGLE_CLIENT_SECRET'
        | 'OIDC_GOOGLE_ISSUER'
        | 'OIDC_FACEBOOK_CLIENT_ID'
        | 'OIDC_FACEBOOK_CLIENT_SECRET'
        | 'OIDC_FACEBOOK_ISSUER'
        | 'OIDC_DEMO_IDP'
        | 'IMAGE_CDNS'
        | 'LAUNCH_GAME_CDNS'
      >
    >;
  database: Database;
  /** Folder of the built web app; when unset only the API is served. */
  webDist?: string | undefined;
  /** Folder of the built back-office app, served at /bo/; when unset /bo/ serves only the API. */
  boWebDist?: string | undefined;
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
    games: GamesService;
    provider: ProviderService;
    backoffice: BackofficeService;
    scheduler: Scheduler;
    cashier: Cashier;
    inbox: InboxService;
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
  const logController = new QuietRoutesLogController();
  const app = Fastify({
    // Request ids end up in audit rows: unique across restarts and nodes (request-log.ts).
    genReqId: createRequestIds(),
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    childLoggerFactory: lazyChildLoggerFactory,
    // No request log lines on the hot routes registered with `quietLog` (route.ts).
    logController,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
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

  // Housekeeping jobs (H8): timers start only when the server listens; tests call `runNow`.
  const scheduler = createScheduler({ log: app.log, now: deps.now });
  app.addHook('onListen', async () => {
    if (config.KHELA_SCHEDULER !== 'off') scheduler.start();
  });
  app.addHook('onClose', async () => {
    await scheduler.close();
  });

  const site = createSiteService({
    db: database.db,
    now: deps.now,
    blockedCountries: config.BLOCKED_COUNTRIES,
    cdn: { imageCDNs: config.IMAGE_CDNS, launchGameCDNs: config.LAUNCH_GAME_CDNS },
  });
  await site.refresh();
  const catalogue = createCatalogueService({
    db: database.db,
    now: deps.now,
    brandLanes: (merchantCode) => {
      const brand = site.settingsOf(merchantCode).brand;
      return { esports: brand.esportGames, cockfight: brand.cockfightGames };
    },
    settingsVersion: site.freshVersion,
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
    // Free play: the trial account's play money, from the wallet created just below.
    trialCredit: (memberId, within) => wallet.grantDemoCredit(memberId, { within }),
    social: createSocialSignIn({
      db: database.db,
      now: deps.now,
      providers: socialProvidersFromConfig(config),
      // Each merchant's own Google/Facebook settings win over the environment (ADR 015).
      merchantSettings: (merchantCode) => site.settingsOf(merchantCode).social,
    }),
    // New-IP verification by bank account name reads the payout account through the cashier.
    payoutHolderName: (memberId) => cashier.payoutHolderName(memberId),
  });
  scheduler.every('identity.purge', 15 * 60_000, async () => {
    const purged = await identity.purgeExpired();
    app.log.info({ purged }, 'identity: expired sessions, tokens and codes purged');
  });
  // Balance push (H5): Redis pub/sub between nodes when REDIS_URL is set, in-process otherwise.
  const balanceEvents = createBalanceEvents({ redis: deps.redis, log: app.log });
  app.addHook('onClose', async () => {
    await balanceEvents.close();
  });
  const wallet = createWalletService({ db: database.db, site, now: deps.now, events: balanceEvents });
  const provider = createProviderService({ db: database.db, wallet, site, log: app.log, now: deps.now });
  const backoffice = createBackofficeService({ db: database.db, site, hasher, now: deps.now });
  // Platform messages and feedback, the member's side (the back office's is in backoffice/inbox-ops).
  const inbox = createInboxService({ db: database.db, now: deps.now });
  // Cashier (H5): deposits, withdrawals, payment password, transfer to upline, finance screens.
  const cashier = createCashier({
    db: database.db,
    site,
    wallet,
    hasher,
    mode: config.KHELA_MODE ?? 'demo',
    log: app.log,
    now: deps.now,
  });
  scheduler.every('cashier.withdraw.autoconfirm', AUTO_CONFIRM_EVERY_MS, async () => {
    const closed = await cashier.autoConfirmWithdrawals();
    if (closed > 0) app.log.info({ closed }, 'cashier: unconfirmed withdrawals counted as received');
  });
  // Games (H2, docs/decisions/009): launch, the in-house slot, records, jackpot; third-party
  // adapters register on games.adapters. The sweeper closes rounds idle for 24 h.
  const games = createGamesService({
    db: database.db,
    site,
    catalogue,
    wallet,
    log: app.log,
    now: deps.now,
    redis: deps.redis,
  });
  // Third-party (seamless-wallet) vendors launch through the provider module (H3, docs/decisions/010).
  await registerVendorAdapters(database.db, games.adapters, provider, {
    demo: config.KHELA_MODE !== 'production',
  });
  const gamesBackoffice = createGamesBackoffice({
    db: database.db,
    site,
    catalogue,
    games,
    now: deps.now ?? (() => new Date()),
  });
  scheduler.every('games.sweeper', SWEEP_INTERVAL_MS, async () => {
    const report = await games.sweep();
    app.log.info({ report }, 'games: idle rounds swept');
  });
  app.addHook('onClose', async () => {
    await identity.settled();
    messenger.close();
  });

  const gate: Gate = {
    authenticate: createAuthGuard(identity),
    admits: (request, def) =>
      request.member !== undefined && routeRefusal(identity, request.member, def) === null,
    isModuleEnabled: (request, modId) => site.isModuleEnabled(request.merchant.code, modId),
    assertOpen: (request, def) => {
      if (def.tag === 'system') return;
      if (site.isInMaintenance(request.merchant.code)) {
        throw new AppError('system.maintenance', {
          value: site.maintenanceRefusal(request.merchant.code, request.language),
        });
      }
      const country = countryOfIp(request.ip);
      const blocked =
        config.BLOCKED_COUNTRIES ?? site.settingsOf(request.merchant.code).region.blockedCountries;
      if (country && blocked.includes(country))
        throw new AppError('access.restricted', { value: { ip: request.ip, country } });
    },
  };

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
  registerIdentityRoutes(app, gate, identity, config.PUBLIC_URL);
  registerCatalogueRoutes(
    app,
    gate,
    catalogue,
    createLotteryService({ db: database.db, catalogue, now: deps.now }),
  );
  registerWalletRoutes(app, gate, wallet);
  registerGamesRoutes(app, gate, games);
  // Seamless-wallet callbacks of game vendors: signed, outside the /wps gates (docs/decisions/010).
  await registerProviderRoutes(app, provider);
  if (config.KHELA_MODE !== 'production') await mountDemoVendorSim(app, provider);
  // @fastify/websocket and @fastify/multipart add onRequest/onResponse hooks to every route of the
  // scope they are registered in (multipart's are async and listen on each response): each gets an
  // encapsulated scope holding only the routes that use it, so the hot read paths never pay for them.
  await app.register(async (scope) => {
    await registerBalanceSocket(scope, { db: database.db, identity, events: balanceEvents, now: deps.now });
  });
  await app.register(async (scope) => {
    // The operator back office: staff sessions of their own, open in maintenance and from any region.
    await registerBackofficeRoutes(scope, backoffice);
    await cashier.register(scope, gate, backoffice.staff);
    registerGamesStaffRoutes(scope, backoffice.staff, gamesBackoffice);
    // The member's messages and feedback (its upload is multipart, registered in this scope).
    registerInboxRoutes(scope, gate, inbox);
  });
  if (config.KHELA_MODE === 'demo') registerDemoInboxRoute(app, gate, { db: database.db, now: deps.now });

  // The back-office app at /bo/ (its own static files and history fallback; /bo/api stays the API).
  await registerBackofficeWeb(app, deps.boWebDist);
  const webDist = deps.webDist && existsSync(join(deps.webDist, 'index.html')) ? deps.webDist : undefined;
  const indexHtml = webDist ? await readFile(join(webDist, 'index.html'), 'utf8') : undefined;
  // index.html with the first data of the page in it (status, and /rng's first games): http/spa.ts.
  const sendIndexHtml = indexHtml ? createSpaIndex(indexHtml, { site, catalogue, gate }) : undefined;
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
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
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

  return Object.assign(app, {
    services: { site, identity, catalogue, wallet, games, provider, backoffice, scheduler, cashier, inbox },
  }) as App;
};
