import multipart from '@fastify/multipart';
import { composePlayVerticals } from './app-play';
import type { App, AppDeps } from './app-types';
import { registerBackofficeWeb } from './http/backoffice-web';
import { AppError } from './http/errors';
import { registerProbes } from './http/probes';
import { requestScopedLog } from './http/request-scope';
import type { Gate } from './http/route';
import { installSecurityHeaders } from './http/security-headers';
import { createServer, installRequestContext, registerHealthCheck, serveWebApp } from './http/server';
import { createPlayHooks, type PlayListener } from './modules/activity';
import {
  AUTO_CONFIRM_EVERY_MS,
  cashierRiskSignals,
  createCashier,
  createCashierDailyMoney,
  eraseCashierPersonalData,
} from './modules/cashier';
import { createCatalogueService, createLotteryService, registerCatalogueRoutes } from './modules/catalogue';
import {
  createDailyPlay,
  createGamesBackoffice,
  createGamesService,
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
  parseMobile,
  registerIdentityRoutes,
  registerMembersBackofficeRoutes,
  routeRefusal,
  socialProvidersFromConfig,
} from './modules/identity';
import {
  createInboxOps,
  createInboxService,
  eraseInboxPersonalData,
  registerInboxBackofficeRoutes,
  registerInboxRoutes,
} from './modules/inbox';
import { createMessenger, registerDemoInboxRoute } from './modules/messaging';
import { composePromotions } from './modules/promotions';
import {
  createMyData,
  createProfileBackoffice,
  createProtection,
  createProtectionBackoffice,
  createRiskDesk,
  RISK_SCAN_EVERY_MS,
  registerProfileBackofficeRoutes,
  registerProtectionBackofficeRoutes,
  registerProtectionRoutes,
  registerProtectionUploadRoutes,
  registerRiskBackofficeRoutes,
} from './modules/protection';
import {
  createProviderService,
  mountDemoVendorSim,
  registerProviderRoutes,
  registerVendorAdapters,
} from './modules/provider';
import { createMoneyDashboard, registerReportsBackofficeRoutes } from './modules/reports';
import { createScheduler } from './modules/scheduler';
import {
  countryOfIp,
  createSiteBackoffice,
  createSiteService,
  MEDIA_MAX_BYTES,
  merchantsForStaff,
  registerSiteBackofficeRoutes,
  registerSiteRoutes,
} from './modules/site';
import { createStaff, createStaffRouter, registerStaffRoutes } from './modules/staff';
import { composeSupport, eraseSupportPersonalData } from './modules/support';
import {
  createBalanceEvents,
  createDailyBonus,
  createWalletService,
  journalEntriesInserted,
  registerBalanceSocket,
  registerWalletRoutes,
} from './modules/wallet';
import { myDataSources } from './my-data-sources';
import { createMetrics } from './shared/metrics';
import { createPasswordHasher } from './shared/passwords';

export type { App, AppDeps } from './app-types';

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
  // The modules' logger: inside a request its lines carry the request id (ADR 047).
  const log = requestScopedLog(app.log);

  // Housekeeping jobs: timers start only when the server listens; tests call `runNow`.
  const scheduler = createScheduler({ log, now: deps.now, db });
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
    // The licence profile's verticals (ADR 045): protection is built below, the lists ask later.
    licence: {
      allowed: async (merchantCode) => {
        const profile = await protection.profiles.of(merchantCode);
        return { version: profile.version, products: profile.allowedProducts };
      },
      versionNow: (merchantCode) => protection.profiles.versionNow(merchantCode),
    },
  });
  await catalogue.refresh();
  const messenger = createMessenger({ config, db, log, now: deps.now });
  // One argon2id semaphore for member and staff passwords alike.
  const hasher = createPasswordHasher();
  const identity = createIdentityService({
    db,
    site,
    hasher,
    now: deps.now,
    messenger,
    log,
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
    // An erased, excluded person opens no new account with the same mobile or ID (ADR 052).
    registrationGuard: (merchantCode, person) => protection.erasure.assertNotExcluded(merchantCode, person),
  });
  // Player protection (docs/decisions/030): limits, time-out, self-exclusion, reality checks; the
  // one door every marked route passes (gate.protect) and the counting the money modules run in
  // their own transactions (cashier deposits, in-house stakes, vendor bets).
  const protection = createProtection({
    db,
    now: deps.now,
    endSessions: (memberId, within) => identity.endSessions(memberId, within),
    // Erasure (ADR 052): identity pseudonymises its own tables in protection's transaction.
    identity: {
      erase: (memberId, part, within) => identity.eraseIdentity(memberId, part, within),
      secret: (name) => identity.secret(name),
    },
    // …and the other owners of personal data theirs (ADR 057).
    personalData: [
      (memberId, part, within, at) => eraseCashierPersonalData(within, memberId, part, at),
      // Nothing of theirs is retained: both parts erase all (again, harmlessly, at the end).
      (memberId, _part, within) => eraseInboxPersonalData(within, memberId),
      (memberId, _part, within) => eraseSupportPersonalData(within, memberId),
    ],
  });
  const protectionBackoffice = createProtectionBackoffice(protection, identity.memberDirectory);
  const profileBackoffice = createProfileBackoffice(protection, identity.memberDirectory);
  // The risk queue (ADR 054): the owners' signals, gathered every 10 minutes and on staff's ask.
  const cashierSignals = cashierRiskSignals(db);
  const riskDesk = createRiskDesk(protection, identity.memberDirectory, [
    cashierSignals.sharedPayout,
    (since, rules) => cashierSignals.rapidCycle(since, rules.rapidCycle),
    identity.sharedDeviceSignals,
  ]);
  // Play hooks (docs/decisions/035): every vertical's real-money stakes, payouts and refunds, in the
  // transaction that moves the money: protection's limits and counting first, then any later
  // listener (`playListeners.push`), then the member's turnover hour in `play_hourly`.
  const playListeners: PlayListener[] = [
    {
      stake: (trx, move) =>
        protection.assertCanStake(trx, move.memberId, move.amount, {
          merchantCode: move.merchantCode,
          product: move.product,
        }),
      payout: (trx, move) => protection.countPayout(trx, move.memberId, move.amount),
    },
  ];
  const play = createPlayHooks(playListeners, deps.now);
  // Erasures whose AML retention is over lose the retained part too (ADR 052).
  scheduler.every('protection.erasure', 60 * 60_000, async () => {
    const finished = await protection.erasure.finishDue();
    if (finished > 0) app.log.info({ finished }, 'protection: retained identity records erased');
  });
  scheduler.every('protection.risk', RISK_SCAN_EVERY_MS, async () => {
    const { added } = await riskDesk.scan();
    if (added > 0) app.log.info({ added }, 'protection: new risk flags');
  });
  scheduler.every('identity.purge', 15 * 60_000, async () => {
    const purged = await identity.purgeExpired();
    app.log.info({ purged }, 'identity: expired sessions, tokens and codes purged');
  });
  // Balance push: Redis pub/sub between nodes when REDIS_URL is set, in-process otherwise.
  const balanceEvents = createBalanceEvents({ redis: deps.redis, log });
  app.addHook('onClose', async () => {
    await balanceEvents.close();
  });
  const wallet = createWalletService({ db, site, now: deps.now, events: balanceEvents });
  const provider = createProviderService({ db, wallet, site, log, now: deps.now, protection, play });
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
  // Support chat (ADR 044): the member's conversation, the support inbox, their sockets.
  const support = composeSupport({
    db,
    now,
    identity,
    authenticateStaff: staff.accounts.authenticate,
    merchantCodes: async () => (await site.current()).merchants.map((m) => m.code),
    redis: deps.redis,
    log: app.log,
  });
  app.addHook('onClose', () => support.close());
  // Promotions (ADR 036): deposit-then-claim, the wagering listener, the cashier's withdrawal asks.
  const promo = composePromotions(
    {
      ...{ db, wallet, site, scheduler, playListeners, identity, balanceEvents, log },
      // Marketing stop (ADR 045): no promotion offered while timed out, excluded or closed.
      marketingStopped: (memberId) => protection.marketingStopped(memberId),
    },
    () => cashier,
    deps.now,
  );
  // Cashier: deposits, withdrawals, payment password, transfer to upline, finance screens.
  const cashier = createCashier({
    db,
    site,
    wallet,
    hasher,
    mode: config.KHELA_MODE ?? 'demo',
    log,
    now: deps.now,
    protection,
    // Verified KYC above the licence profile's threshold (ADR 045), then the bonus's wagering.
    beforeWithdrawal: async (trx, memberId, amount, merchantCode) => {
      await protection.assertCanWithdraw(trx, memberId, merchantCode, amount);
      await promo.promotions.beforeWithdrawal(trx, memberId);
    },
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
    log,
    now: deps.now,
    redis: deps.redis,
    play,
    // The licence profile's allowed verticals and money mode (ADR 045).
    launchGuard: (merchantCode, gameType, real) => protection.assertCanLaunch(merchantCode, gameType, real),
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
  // Lottery, sportsbook, live tables, loyalty and the agent centre (app-play.ts).
  const verticals = composePlayVerticals({
    db,
    wallet,
    site,
    scheduler,
    play,
    identity,
    cashier,
    promotions: promo.promotions,
    protection,
    hasher,
    publishBalance: (memberId) => balanceEvents.publish(memberId),
    redis: deps.redis,
    log,
    clock: deps.now,
    now,
    vnResultFeedUrl: config.VN_RESULT_FEED_URL,
  });
  app.addHook('onClose', async () => {
    await verticals.close();
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
  // Liveness, readiness and Prometheus metrics behind METRICS_TOKEN (ADR 041); the hook counting
  // requests applies to every route registered after it.
  const metrics = createMetrics();
  registerProbes(app, { database, redis: deps.redis, metrics, metricsToken: config.METRICS_TOKEN });
  metrics.observe({
    jobs: () => scheduler.status(),
    pool: database.pool,
    ledgerEntries: () => journalEntriesInserted(db),
    now,
  });
  registerSiteRoutes(app, gate, site);
  registerIdentityRoutes(app, gate, identity, config.PUBLIC_URL);
  registerCatalogueRoutes(app, gate, catalogue, createLotteryService({ db, catalogue, now: deps.now }));
  registerWalletRoutes(app, gate, wallet);
  registerGamesRoutes(app, gate, games);
  // Data rights (issue 16): each section read by the module that owns it.
  const myData = createMyData(myDataSources(db), now);
  registerProtectionRoutes(app, gate, protection, myData);
  verticals.registerRoutes(app, gate);
  promo.register(app, gate);
  // Seamless-wallet callbacks of game vendors: signed, outside the /wps gates (docs/decisions/010).
  await registerProviderRoutes(app, provider);
  if (config.KHELA_MODE !== 'production') await mountDemoVendorSim(app, provider);
  // @fastify/websocket and @fastify/multipart add onRequest/onResponse hooks to every route of the
  // scope they are registered in (multipart's are async and listen on each response): each gets an
  // encapsulated scope holding only the routes that use it, so the hot read paths never pay for them.
  await app.register(async (scope) => {
    await registerBalanceSocket(scope, { identity, events: balanceEvents });
    verticals.registerSockets(scope);
    support.registerSockets(scope);
    metrics.observe({ sockets: () => scope.websocketServer?.clients.size ?? 0 });
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
    verticals.registerBackoffice(staffRouter);
    registerReportsBackofficeRoutes(staffRouter, moneyDashboard);
    registerProtectionBackofficeRoutes(staffRouter, protectionBackoffice);
    registerProfileBackofficeRoutes(staffRouter, profileBackoffice);
    registerRiskBackofficeRoutes(staffRouter, riskDesk);
    registerProtectionUploadRoutes(scope, gate, protection);
    promo.registerBackoffice(staffRouter);
    // The member's messages and feedback (its upload is multipart, registered in this scope).
    registerInboxRoutes(scope, gate, inbox);
    support.register(scope, gate, staffRouter);
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
      support: support.support,
      protection,
      ...verticals.services,
      promotions: promo.promotions,
      backoffice: {
        site: siteBackoffice,
        members: membersBackoffice,
        inbox: inboxBackoffice,
        support: support.backoffice,
        games: gamesBackoffice,
        protection: protectionBackoffice,
        ...verticals.backoffice,
        promotions: promo.backoffice,
      },
    },
  }) as App;
};
