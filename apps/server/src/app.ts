import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/database';
import { registerBackofficeWeb } from './http/backoffice-web';
import { AppError } from './http/errors';
import type { Gate } from './http/route';
import { installSecurityHeaders } from './http/security-headers';
import { createServer, installRequestContext, registerHealthCheck, serveWebApp } from './http/server';
import {
  AUTO_CONFIRM_EVERY_MS,
  type Cashier,
  createCashier,
  createCashierDailyMoney,
} from './modules/cashier';
import {
  type CatalogueService,
  createCatalogueService,
  createLotteryService,
  registerCatalogueRoutes,
} from './modules/catalogue';
import {
  createDailyPlay,
  createGamesBackoffice,
  createGamesService,
  type GamesBackoffice,
  type GamesService,
  registerGamesRoutes,
  registerGamesStaffRoutes,
  SWEEP_INTERVAL_MS,
} from './modules/games';
import {
  createAuthGuard,
  createIdentityService,
  createMembersBackoffice,
  createSocialSignIn,
  createSubjectThrottle,
  type IdentityService,
  type MembersBackoffice,
  parseMobile,
  registerIdentityRoutes,
  registerMembersBackofficeRoutes,
  routeRefusal,
  socialProvidersFromConfig,
} from './modules/identity';
import {
  createInboxOps,
  createInboxService,
  type InboxOps,
  type InboxService,
  registerInboxBackofficeRoutes,
  registerInboxRoutes,
} from './modules/inbox';
import {
  createLottery,
  createLotteryBackoffice,
  LOTTERY_TICK_MS,
  type Lottery,
  type LotteryBackoffice,
  registerLotteryBackofficeRoutes,
  registerLotteryRoutes,
} from './modules/lottery';
import { createMessenger, registerDemoInboxRoute } from './modules/messaging';
import {
  createProtection,
  createProtectionBackoffice,
  type Protection,
  type ProtectionBackoffice,
  registerProtectionBackofficeRoutes,
  registerProtectionRoutes,
} from './modules/protection';
import {
  createProviderService,
  mountDemoVendorSim,
  type ProviderService,
  registerProviderRoutes,
  registerVendorAdapters,
} from './modules/provider';
import { createMoneyDashboard, registerReportsBackofficeRoutes } from './modules/reports';
import { createScheduler, type Scheduler } from './modules/scheduler';
import {
  countryOfIp,
  createSiteBackoffice,
  createSiteService,
  MEDIA_MAX_BYTES,
  merchantsForStaff,
  registerSiteBackofficeRoutes,
  registerSiteRoutes,
  type SiteBackoffice,
  type SiteService,
} from './modules/site';
import { createStaff, createStaffRouter, registerStaffRoutes, type StaffService } from './modules/staff';
import {
  createBalanceEvents,
  createDailyBonus,
  createWalletService,
  registerBalanceSocket,
  registerWalletRoutes,
  type WalletService,
} from './modules/wallet';
import { createPasswordHasher } from './shared/passwords';

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
  /** One short line per answered request instead of pino's two JSON lines (the demo's log). */
  shortRequestLines?: boolean;
  now?: () => Date;
  /** Present when REDIS_URL is set: shared rate limits, caches and pub/sub between nodes. */
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
    staff: StaffService;
    scheduler: Scheduler;
    cashier: Cashier;
    inbox: InboxService;
    lottery: Lottery;
    protection: Protection;
    /** Each module's back-office services (their routes are under /bo/api). */
    backoffice: {
      site: SiteBackoffice;
      members: MembersBackoffice;
      inbox: InboxOps;
      games: GamesBackoffice;
      lottery: LotteryBackoffice;
      protection: ProtectionBackoffice;
    };
  };
};

/**
 * The composition root: creates every module, hands each the others it needs (services, or
 * callbacks where a dependency would point back), registers their routes, back-office routes
 * and jobs on the HTTP plumbing of `http/`. Builds the whole server as a Fastify instance
 * without listening, so tests can `inject`.
 */
export const buildApp = async (deps: AppDeps): Promise<App> => {
  const { config, database } = deps;
  const db = database.db;
  const server = await createServer({
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    logger: deps.logger,
    shortRequestLines: deps.shortRequestLines ?? false,
    redis: deps.redis,
  });
  const { app } = server;

  // Housekeeping jobs: timers start only when the server listens; tests call `runNow`.
  const scheduler = createScheduler({ log: app.log, now: deps.now });
  app.addHook('onListen', async () => {
    if (config.KHELA_SCHEDULER !== 'off') scheduler.start();
  });
  app.addHook('onClose', async () => {
    await scheduler.close();
  });

  const site = createSiteService({
    db,
    now: deps.now,
    blockedCountries: config.BLOCKED_COUNTRIES,
    cdn: { imageCDNs: config.IMAGE_CDNS, launchGameCDNs: config.LAUNCH_GAME_CDNS },
  });
  await site.refresh();
  const catalogue = createCatalogueService({
    db,
    now: deps.now,
    brandLanes: (merchantCode) => {
      const brand = site.settingsOf(merchantCode).brand;
      return { esports: brand.esportGames, cockfight: brand.cockfightGames };
    },
    settingsVersion: site.freshVersion,
  });
  await catalogue.refresh();
  const messenger = createMessenger({ config, db, log: app.log, now: deps.now });
  // One argon2id semaphore for member and staff passwords alike.
  const hasher = createPasswordHasher();
  const identity = createIdentityService({
    db,
    site,
    hasher,
    now: deps.now,
    messenger,
    log: app.log,
    humanVerificationCost: config.HUMAN_VERIFICATION_COST,
    // Free play: the trial account's play money, from the wallet created just below.
    trialCredit: (memberId, within) => wallet.grantDemoCredit(memberId, { within }),
    social: createSocialSignIn({
      db,
      now: deps.now,
      providers: socialProvidersFromConfig(config),
      // Each merchant's own Google/Facebook settings win over the environment (ADR 015).
      merchantSettings: (merchantCode) => site.settingsOf(merchantCode).social,
    }),
    // New-IP verification by bank account name reads the payout account through the cashier.
    payoutHolderName: (memberId) => cashier.payoutHolderName(memberId),
    // Player protection: a timed-out or self-excluded member opens no session (docs/decisions/030).
    signInGuard: (memberId, within) => protection.assertCanSignIn(memberId, within),
  });
  // Player protection (docs/decisions/030): limits, time-out, self-exclusion, reality checks; the
  // one door every marked route passes (gate.protect) and the counting the money modules run in
  // their own transactions (cashier deposits, in-house stakes, vendor bets).
  const protection = createProtection({
    db,
    now: deps.now,
    endSessions: (memberId, within) => identity.endSessions(memberId, within),
  });
  const protectionBackoffice = createProtectionBackoffice(protection, identity.memberDirectory);
  scheduler.every('identity.purge', 15 * 60_000, async () => {
    const purged = await identity.purgeExpired();
    app.log.info({ purged }, 'identity: expired sessions, tokens and codes purged');
  });
  // Balance push: Redis pub/sub between nodes when REDIS_URL is set, in-process otherwise.
  const balanceEvents = createBalanceEvents({ redis: deps.redis, log: app.log });
  app.addHook('onClose', async () => {
    await balanceEvents.close();
  });
  const wallet = createWalletService({ db, site, now: deps.now, events: balanceEvents });
  const provider = createProviderService({ db, wallet, site, log: app.log, now: deps.now, protection });
  const staff = createStaff({
    db,
    hasher,
    now: deps.now,
    // Staff password tries are throttled per address and username (known or not), in the default
    // merchant's login throttle; only second-factor failures lock the account (ADR 029).
    addressThrottle: createSubjectThrottle(db, () => site.defaultMerchant().code),
    merchants: () => merchantsForStaff(site),
  });
  const now = deps.now ?? (() => new Date());
  const siteBackoffice = createSiteBackoffice({ db, site, now });
  const membersBackoffice = createMembersBackoffice({ db, site, hasher, now });
  // Platform messages and feedback: the member's side and support's.
  const inbox = createInboxService({ db, now: deps.now });
  const inboxBackoffice = createInboxOps({ db, site, now });
  // Cashier: deposits, withdrawals, payment password, transfer to upline, finance screens.
  const cashier = createCashier({
    db,
    site,
    wallet,
    hasher,
    mode: config.KHELA_MODE ?? 'demo',
    log: app.log,
    now: deps.now,
    protection,
  });
  scheduler.every('cashier.withdraw.autoconfirm', AUTO_CONFIRM_EVERY_MS, async () => {
    const closed = await cashier.autoConfirmWithdrawals();
    if (closed > 0) app.log.info({ closed }, 'cashier: unconfirmed withdrawals counted as received');
  });
  // Games (docs/decisions/009): launch, the in-house slot, records, jackpot; third-party
  // adapters register on games.adapters. The sweeper closes rounds idle for 24 h.
  const games = createGamesService({
    db,
    site,
    catalogue,
    wallet,
    log: app.log,
    now: deps.now,
    redis: deps.redis,
    protection,
  });
  // Third-party (seamless-wallet) vendors launch through the provider module (docs/decisions/010).
  await registerVendorAdapters(db, games.adapters, provider, {
    demo: config.KHELA_MODE !== 'production',
  });
  const gamesBackoffice = createGamesBackoffice({ db, site, catalogue, games, now });
  // The money dashboard: each figure from the module that owns it.
  const moneyDashboard = createMoneyDashboard({
    sources: { cashier: createCashierDailyMoney(db), play: createDailyPlay(db), bonus: createDailyBonus(db) },
    now,
  });
  scheduler.every('games.sweeper', SWEEP_INTERVAL_MS, async () => {
    const report = await games.sweep();
    app.log.info({ report }, 'games: idle rounds swept');
  });
  const lottery = createLottery({
    db,
    wallet,
    merchants: async () =>
      (await site.current()).merchants.map((m) => ({ code: m.code, currency: m.currency })),
    publishBalance: (memberId) => balanceEvents.publish(memberId),
    now: deps.now,
    // Player protection (ADR 030): the slip's total is checked and counted against the member's
    // limits before the bet transaction (in a transaction of its own: never over a limit; a slip
    // refused afterwards still counts — to move into the bet transaction, see ADR 030).
    checkProtection: ({ memberId, stakeMinor }) =>
      db.transaction().execute((trx) => protection.assertCanStake(trx, memberId, stakeMinor)),
  });
  const lotteryBackoffice = createLotteryBackoffice({
    db,
    wallet,
    publishBalance: (memberId) => balanceEvents.publish(memberId),
    now,
    ensureDefaults: () => lottery.ensureDefaults(),
  });
  scheduler.every('lottery.tick', LOTTERY_TICK_MS, async () => {
    const report = await lottery.tick();
    if (report.drawn > 0 || report.settled > 0) app.log.info({ report }, 'lottery: issues drawn and settled');
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
    protect: (memberId, check) => protection.assertCan(memberId, check),
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

  // CSP, nosniff, referrer policy, HSTS on https (ADR 029).
  installSecurityHeaders(app, {
    publicUrl: config.PUBLIC_URL,
    frameOrigins: config.LAUNCH_GAME_CDNS,
    imageOrigins: config.IMAGE_CDNS,
    htmlDirs: [deps.webDist, deps.boWebDist],
  });
  installRequestContext(app, site);
  registerHealthCheck(app, database, deps.redis);
  registerSiteRoutes(app, gate, site);
  registerIdentityRoutes(app, gate, identity, config.PUBLIC_URL);
  registerCatalogueRoutes(app, gate, catalogue, createLotteryService({ db, catalogue, now: deps.now }));
  registerWalletRoutes(app, gate, wallet);
  registerGamesRoutes(app, gate, games);
  registerLotteryRoutes(app, gate, lottery);
  registerProtectionRoutes(app, gate, protection);
  // Seamless-wallet callbacks of game vendors: signed, outside the /wps gates (docs/decisions/010).
  await registerProviderRoutes(app, provider);
  if (config.KHELA_MODE !== 'production') await mountDemoVendorSim(app, provider);
  // @fastify/websocket and @fastify/multipart add onRequest/onResponse hooks to every route of the
  // scope they are registered in (multipart's are async and listen on each response): each gets an
  // encapsulated scope holding only the routes that use it, so the hot read paths never pay for them.
  await app.register(async (scope) => {
    await registerBalanceSocket(scope, { identity, events: balanceEvents });
  });
  await app.register(async (scope) => {
    // Uploads: back-office images, deposit proofs, feedback images (each route sets its own limits).
    await scope.register(multipart, {
      limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 0, parts: 1 },
      throwFileSizeLimit: true,
    });
    // The operator back office (/bo/api): staff sessions of their own, open in maintenance and
    // from any region; each module registers its own screens' routes through the staff router.
    const staffRouter = createStaffRouter(scope, staff.accounts.authenticate);
    registerStaffRoutes(staffRouter, staff);
    registerSiteBackofficeRoutes(staffRouter, siteBackoffice);
    registerMembersBackofficeRoutes(staffRouter, membersBackoffice);
    registerInboxBackofficeRoutes(staffRouter, inboxBackoffice);
    await cashier.register(scope, gate, staffRouter);
    registerGamesStaffRoutes(staffRouter, gamesBackoffice);
    registerLotteryBackofficeRoutes(staffRouter, lotteryBackoffice);
    registerReportsBackofficeRoutes(staffRouter, moneyDashboard);
    registerProtectionBackofficeRoutes(staffRouter, protectionBackoffice);
    // The member's messages and feedback (its upload is multipart, registered in this scope).
    registerInboxRoutes(scope, gate, inbox);
  });
  if (config.KHELA_MODE === 'demo') registerDemoInboxRoute(app, gate, { db, now: deps.now, parseMobile });

  // The back-office app at /bo/ (its own static files and history fallback; /bo/api stays the API).
  await registerBackofficeWeb(app, deps.boWebDist);
  await serveWebApp(server, deps.webDist, { site, catalogue, gate });

  return Object.assign(app, {
    services: {
      site,
      identity,
      catalogue,
      wallet,
      games,
      provider,
      staff,
      scheduler,
      cashier,
      inbox,
      lottery,
      protection,
      backoffice: {
        site: siteBackoffice,
        members: membersBackoffice,
        inbox: inboxBackoffice,
        games: gamesBackoffice,
        lottery: lotteryBackoffice,
        protection: protectionBackoffice,
      },
    },
  }) as App;
};
