import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Gate } from './http/route';
import type { PlayHooks } from './modules/activity';
import { playTotals } from './modules/activity';
import {
  createAgency,
  createAgencyBackoffice,
  registerAgencyBackofficeRoutes,
  registerAgencyJobs,
  registerAgencyRoutes,
} from './modules/agency';
import { type Cashier, createMemberDepositTotals } from './modules/cashier';
import type { IdentityService } from './modules/identity';
import {
  createLottery,
  createLotteryBackoffice,
  httpVnFeed,
  LOTTERY_TICK_MS,
  registerLotteryBackofficeRoutes,
  registerLotteryRoutes,
  VN_LOTTERY_TICK_MS,
} from './modules/lottery';
import {
  createLoyalty,
  createLoyaltyBackoffice,
  loyaltyRewardItems,
  registerLoyaltyBackofficeRoutes,
  registerLoyaltyJobs,
  registerLoyaltyRoutes,
} from './modules/loyalty';
import type { Promotions } from './modules/promotions';
import type { Protection } from './modules/protection';
import { createPvp, PVP_TICK_MS, registerPvpRoutes, registerPvpSocket } from './modules/pvp';
import type { Scheduler } from './modules/scheduler';
import type { SiteService } from './modules/site';
import {
  createSportsbook,
  createSportsbookBackoffice,
  registerSportsbookBackofficeRoutes,
  registerSportsbookRoutes,
  SPORTSBOOK_TICK_MS,
} from './modules/sportsbook';
import type { StaffRouter } from './modules/staff';
import {
  createTables,
  createTablesBackoffice,
  registerTableSocket,
  registerTablesBackofficeRoutes,
  registerTablesRoutes,
  TABLES_TICK_MS,
} from './modules/tables';
import type { WalletService } from './modules/wallet';
import type { Db } from './shared/db';
import type { PasswordHasher } from './shared/passwords';

/** What the play verticals need from the composition root (app.ts). */
export type PlayVerticalsDeps = {
  db: Db;
  wallet: WalletService;
  site: SiteService;
  scheduler: Scheduler;
  play: PlayHooks;
  identity: IdentityService;
  cashier: Cashier;
  promotions: Promotions;
  /** The birthday bonus reads the date of birth and the marketing stop (ADR 056). */
  protection: Pick<Protection, 'birthdayMembers'>;
  hasher: PasswordHasher;
  publishBalance: (memberId: number) => void;
  redis?: Redis | undefined;
  log: FastifyInstance['log'];
  /** The injected clock of tests, when set (modules keep their own default otherwise). */
  clock?: (() => Date) | undefined;
  now: () => Date;
  /** Vietnamese lottery results from this HTTP feed; unset: the in-house demo drawer (ADR 046). */
  vnResultFeedUrl?: string | undefined;
};

/**
 * The verticals a player bets in and the loyalty and agency built on their turnover: lottery,
 * sportsbook, shared live tables, loyalty (ADR 037) and the agent centre (ADR 038). Each is
 * created with its back office and jobs; app.ts registers their routes through the answer.
 */
export const composePlayVerticals = (deps: PlayVerticalsDeps) => {
  const { db, wallet, site, scheduler, play, publishBalance, now, log } = deps;
  const merchants = async () =>
    (await site.current()).merchants.map((m) => ({ code: m.code, currency: m.currency }));

  // Lottery (ADR 031): each stake passes protection and counts as turnover in the slip's transaction.
  const vnSource = deps.vnResultFeedUrl
    ? { kind: 'feed' as const, fetch: httpVnFeed(deps.vnResultFeedUrl) }
    : undefined;
  const lottery = createLottery({ db, wallet, merchants, publishBalance, now: deps.clock, play, vnSource });
  const lotteryBackoffice = createLotteryBackoffice({
    db,
    wallet,
    publishBalance,
    play,
    now,
    ensureDefaults: () => lottery.ensureDefaults(),
    vnLottery: lottery.vn,
  });
  scheduler.every('lottery.tick', LOTTERY_TICK_MS, async () => {
    const report = await lottery.tick();
    if (report.drawn > 0 || report.settled > 0) log.info({ report }, 'lottery: issues drawn and settled');
  });
  // Vietnamese lotteries (ADR 046): draws at the official times, holidays, results, settlement.
  scheduler.every('lottery.vn.tick', VN_LOTTERY_TICK_MS, async () => {
    const report = await lottery.vn.tick();
    if (report.resulted + report.settled + report.voided > 0)
      log.info({ report }, 'lottery: VN draws resulted');
  });

  // The in-house sportsbook (issue 21, ADR 039): stakes, payouts and refunds through the play hooks.
  const sportsbook = createSportsbook({ db, wallet, merchants, publishBalance, now, hooks: play });
  const sportsbookBackoffice = createSportsbookBackoffice(sportsbook);
  scheduler.every('sportsbook.tick', SPORTSBOOK_TICK_MS, async () => {
    const report = await sportsbook.tick();
    if (report.resulted + report.settled > 0) log.info({ report }, 'sportsbook: resulted, settled');
  });

  // Loyalty (ADR 037): daily rebates and points from the activity module's turnover, the points
  // mall, VIP levels, missions; paid from the merchant's bonus account.
  const loyalty = createLoyalty({
    db,
    wallet,
    playTotals,
    depositTotals: createMemberDepositTotals(db),
    merchants,
    checkPaymentPassword: (memberId, password) => deps.cashier.verifyPaymentPassword(memberId, password),
    namesOf: (ids) => deps.identity.memberDirectory.byIds(ids),
    publishBalance,
    // Birthdays (protection's date of birth, no marketing stop) with each member's merchant (identity's).
    birthdays: async (monthDays, at) => {
      const ids = await deps.protection.birthdayMembers(monthDays, at);
      const members = await deps.identity.memberDirectory.byIds(ids);
      return ids.flatMap((memberId) => {
        const m = members.get(memberId);
        return m ? [{ memberId, merchantCode: m.merchantCode }] : [];
      });
    },
    now: deps.clock,
  });
  const loyaltyBackoffice = createLoyaltyBackoffice(loyalty);
  // The reward centre lists loyalty's claimables (rebate, missions) beside the promotions' own.
  deps.promotions.registerClaimables((member, language) => loyaltyRewardItems(loyalty, member, language));
  // Once per hour across nodes (ADR 047): the hour's run pays yesterday after the pay hour.
  registerLoyaltyJobs(scheduler, loyalty, log);

  // The agent centre (issue 20, ADR 038): contracts, salaries and dividends settled once per period.
  const agency = createAgency({
    db,
    wallet,
    hasher: deps.hasher,
    now,
    playTotals,
    withdrawableOf: (member, within) => deps.cashier.withdrawableOf(member, within),
    endSessions: (memberId) => deps.identity.endSessions(memberId),
    currencyOf: async (code) => site.findMerchant(code)?.currency ?? '',
    merchantCodes: async () => (await site.current()).merchants.map((m) => m.code),
    publishBalance,
  });
  const agencyBackoffice = createAgencyBackoffice({ db, settlement: agency.settlement, now });
  registerAgencyJobs(scheduler, agency);

  // Shared live tables (issue 22, ADR 040): stakes, payouts and refunds through the play hooks.
  const tables = createTables({
    db,
    wallet,
    play,
    merchants,
    now: deps.clock,
    redis: deps.redis,
    log,
    publishBalance,
  });
  scheduler.every('tables.tick', TABLES_TICK_MS, () => tables.tick());
  const tablesBackoffice = createTablesBackoffice({
    db,
    wallet,
    play,
    now,
    signal: (tableId) => tables.signals.publish(tableId),
    publishBalance,
    ensureDefaults: tables.ensureDefaults,
  });

  // PvP Teen Patti rooms (issue 22, ADR 042): buy-in to the table balance, every chip into the pot
  // and every pot won through the play hooks; turn clocks on an owner lease per table.
  const pvp = createPvp({
    db,
    wallet,
    play,
    merchants,
    now: deps.clock,
    redis: deps.redis,
    log,
    publishBalance,
  });
  scheduler.every('pvp.tick', PVP_TICK_MS, () => pvp.tick());

  return {
    services: { lottery, sportsbook, loyalty, agency, tables, pvp },
    backoffice: {
      lottery: lotteryBackoffice,
      sportsbook: sportsbookBackoffice,
      loyalty: loyaltyBackoffice,
      agency: agencyBackoffice,
      tables: tablesBackoffice,
    },
    close: async () => {
      await tables.close();
      await pvp.close();
    },
    registerRoutes: (app: FastifyInstance, gate: Gate) => {
      registerLotteryRoutes(app, gate, lottery);
      registerSportsbookRoutes(app, gate, sportsbook);
      registerAgencyRoutes(app, gate, agency);
      registerLoyaltyRoutes(app, gate, loyalty);
      registerTablesRoutes(app, gate, tables);
      registerPvpRoutes(app, gate, pvp);
    },
    /** In the WebSocket scope of app.ts. */
    registerSockets: (scope: FastifyInstance) => {
      registerTableSocket(scope, { identity: deps.identity, tables });
      registerPvpSocket(scope, { identity: deps.identity, pvp });
    },
    registerBackoffice: (staffRouter: StaffRouter) => {
      registerLotteryBackofficeRoutes(staffRouter, lotteryBackoffice);
      registerSportsbookBackofficeRoutes(staffRouter, sportsbookBackoffice);
      registerLoyaltyBackofficeRoutes(staffRouter, loyaltyBackoffice);
      registerAgencyBackofficeRoutes(staffRouter, agencyBackoffice);
      registerTablesBackofficeRoutes(staffRouter, tablesBackoffice);
    },
  };
};
